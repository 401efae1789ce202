/**
 * The limit of changes of editor projects: creating, editing, adding media, undo and redo
 * count against the organization's edit limit; past it they answer 429 rate_limited with
 * the spec 7.2 headers and change nothing, while reads stay free.
 */
import { createManualClock, createService } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMemoryPorts } from "reelkit/memory";
import {
  API_SCOPES,
  EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
} from "reelkit/schemas";
import { createSimulatedProviders } from "reelkit/simulated";
import { afterEach, describe, expect, it } from "vitest";
import { BYTES } from "../media/media-support.js";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import { createProject, patchProject, readProject } from "./editor-support.js";

let harness: Harness;

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

const addText = { operations: [{ type: "add_text", text: "Hello" }] };

describe("the limit of changes of editor projects", () => {
  it("takes the third change of a window of three and refuses the fourth, changing nothing", async () => {
    harness = await createHarness({ editRateLimit: { maxRequests: 3, windowSeconds: 60 } });
    const id = await createProject(harness);
    expect((await patchProject(harness, id, addText)).status).toBe(200);
    const added = await harness.call("POST", `/editor/videos/${id}/media`, {
      key: KEYS.acme,
      body: {
        url: "https://cdn.example.com/still.png",
        media_type: "image",
        width: 100,
        height: 100,
      },
    });
    expect(added.status).toBe(200);

    const limited = await patchProject(harness, id, addText);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({
      code: "rate_limited",
      message: expect.stringContaining("Too many changes to editor projects"),
      retryable: true,
      context: { limit_name: "edits", limit: 3, retry_after_seconds: 60 },
    });
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("x-ratelimit-reset")).toBe(String(harness.clock.now() + 60_000));
    for (const [method, path] of [
      ["POST", "/editor/videos"],
      ["POST", `/editor/videos/${id}/undo`],
      ["POST", `/editor/videos/${id}/redo`],
      ["POST", `/editor/videos/${id}/media`],
    ] as const) {
      const body = path.endsWith("/media") ? { url: "https://cdn.example.com/a.png" } : {};
      const answer = await harness.call(method, path, { key: KEYS.acme, body });
      expect(answer.status, `${method} ${path}`).toBe(429);
    }
    const video = await readProject(harness, id);
    expect(video.revision).toBe(2);
    expect(video.editor_summary.itemCount).toBe(2);
  });

  it("leaves reads free, other organizations alone, and opens again with the next window", async () => {
    harness = await createHarness({ editRateLimit: { maxRequests: 1, windowSeconds: 60 } });
    const id = await createProject(harness);
    expect((await patchProject(harness, id, addText)).status).toBe(429);
    for (const path of [
      `/editor/videos/${id}`,
      "/editor/videos",
      `/editor/videos/${id}/revisions`,
      "/editor/media",
    ]) {
      for (let read = 0; read < 3; read += 1) {
        const answer = await harness.call("GET", path, { key: KEYS.acme });
        expect(answer.status, path).toBe(200);
      }
    }
    expect(
      (await harness.call("POST", "/editor/videos", { key: KEYS.other, body: {} })).status,
    ).toBe(200);
    harness.clock.advance(60_000);
    expect((await patchProject(harness, id, addText)).status).toBe(200);
  });

  it("counts an upload only when it adds the media to a project", async () => {
    harness = await createHarness({
      editRateLimit: { maxRequests: 1, windowSeconds: 60 },
      urls: { "https://cdn.example.com/red.png": { body: BYTES.png, contentType: "image/png" } },
    });
    const id = await createProject(harness);
    const upload = (extra: Record<string, unknown>) =>
      harness.call("POST", "/editor/media", {
        key: KEYS.acme,
        body: { source_url: "https://cdn.example.com/red.png", ...extra },
      });
    const plain = await upload({});
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const placed = await upload({ video_id: id, add_to_editor: true });
    expect(placed.status).toBe(429);
    expect(placed.body.error.context.limit_name).toBe("edits");
  });

  it(`allows ${EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT} changes per ${EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT} s by default in the memory ports`, async () => {
    const clock = createManualClock(Date.parse("2026-11-22T09:00:00.000Z"));
    const ports = createMemoryPorts({
      clock,
      organizations: [
        { id: 1, credits: 0, apiKeys: [{ key: "rk_test_limits", scopes: API_SCOPES }] },
      ],
    });
    const service = createService({ ...ports, ...createSimulatedProviders(ports) });
    const handler = createFetchHandler(service.api);
    const create = () =>
      handler(
        new Request("http://reelkit.test/v1/editor/videos", {
          method: "POST",
          headers: { authorization: "Bearer rk_test_limits", "content-type": "application/json" },
          body: "{}",
        }),
      );
    for (let index = 0; index < EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT; index += 1) {
      expect((await create()).status).toBe(200);
    }
    const limited = await create();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe(String(EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT));
    harness = { serverErrors: [] } as unknown as Harness;
  });
});
