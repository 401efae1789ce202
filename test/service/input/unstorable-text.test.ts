import { afterEach, describe, expect, it } from "vitest";
import { BYTES, inlineBody } from "../media/media-support.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";

// Text no store can keep gets one answer on every store: 400 naming the field, never a
// retryable 500, and nothing stored or charged. This file runs on memory and PostgreSQL.

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";

let harness: Harness;
afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

async function project(): Promise<number> {
  const created = await harness.call("POST", "/editor/videos", { key: KEYS.acme, body: {} });
  expect(created.status).toBe(200);
  return created.body.video.id;
}

function expectRefused(
  response: { status: number; body: { error: Record<string, unknown> } },
  location: string,
  path: string,
): void {
  expect(response.status).toBe(400);
  expect(response.body.error).toMatchObject({
    code: "bad_request",
    retryable: false,
    context: {
      location,
      reason: "unstorable_text",
      fields: [{ path, issue: "unstorable_text" }],
    },
  });
}

describe.each([
  ["U+0000", NUL],
  ["a lone surrogate", LONE_SURROGATE],
])("text holding %s", (_name, text) => {
  it("is refused in a project title, and no project is made", async () => {
    harness = await createHarness();
    const response = await harness.call("POST", "/editor/videos", {
      key: KEYS.acme,
      body: { title: text },
    });
    expectRefused(response, "body", "title");
    const list = await harness.call("GET", "/editor/videos", { key: KEYS.acme });
    expect(list.body.videos).toEqual([]);
  });

  it("is refused in add_text, set_title and instructions, leaving the project unchanged", async () => {
    harness = await createHarness();
    const id = await project();
    const patch = (body: unknown) =>
      harness.call("PATCH", `/editor/videos/${id}`, { key: KEYS.acme, body });
    expectRefused(
      await patch({ operations: [{ type: "add_text", text }] }),
      "body",
      "operations.0.text",
    );
    expectRefused(
      await patch({ operations: [{ type: "set_title", title: text }] }),
      "body",
      "operations.0.title",
    );
    expectRefused(await patch({ instructions: text }), "body", "instructions");
    const read = await harness.call("GET", `/editor/videos/${id}`, { key: KEYS.acme });
    expect(read.body.video.editor.items).toEqual({});
    expect(read.body.video.title).toBeNull();
  });

  it("is refused in a paid prompt and a reference label, charging nothing", async () => {
    harness = await createHarness();
    const generation = await harness.call("POST", "/generations", {
      key: KEYS.acme,
      body: { type: "static_ad", template_slug: "product-hero", prompt: text },
      headers: { "Idempotency-Key": "unstorable-prompt" },
    });
    expectRefused(generation, "body", "prompt");
    const reference = await harness.call("POST", "/reference-inspirations", {
      key: KEYS.acme,
      body: {
        template_slug: "product-hero",
        template_category: "static-ads",
        label: text,
        image_urls: ["https://cdn.example.com/look.jpg"],
      },
    });
    expectRefused(reference, "body", "label");
    expect(await harness.available()).toBe(5000);
    expect(harness.queue.pending()).toEqual([]);
  });

  it("is refused in an upload's filename and a media search", async () => {
    harness = await createHarness();
    const upload = await harness.call("POST", "/editor/media", {
      key: KEYS.acme,
      body: inlineBody(BYTES.png, `${text}.png`, "image/png"),
    });
    expectRefused(upload, "body", "media.filename");
    // A lone surrogate cannot even be percent-encoded in a URL; U+0000 can, and is refused.
    if (text === NUL) {
      const search = await harness.call("GET", "/editor/media?query=a%00b", { key: KEYS.acme });
      expectRefused(search, "query", "query");
    }
    const list = await harness.call("GET", "/editor/media", { key: KEYS.acme });
    expect(list.body.media).toEqual([]);
  });
});

it("keeps text with a well-formed surrogate pair", async () => {
  harness = await createHarness();
  const response = await harness.call("POST", "/editor/videos", {
    key: KEYS.acme,
    body: { title: "Launch 🚀" },
  });
  expect(response.status).toBe(200);
  expect(response.body.video.title).toBe("Launch 🚀");
});
