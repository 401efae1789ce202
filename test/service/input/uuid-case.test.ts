import { afterEach, describe, expect, it } from "vitest";
import { BYTES, inlineBody } from "../media/media-support.js";
import { countingUuid, createHarness, type Harness, KEYS } from "../support/harness.js";

// UUIDs compare case-insensitively (RFC 9562 section 4): an id in upper case names the
// same record. This file runs on memory and PostgreSQL.

let harness: Harness;
afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

let editorCounter = 0;
// Ids with letters in them, so that upper case differs from lower case.
async function lettered(): Promise<Harness> {
  return createHarness({
    overrides: {
      ids: {
        uuid: () => countingUuid().replace(/^0{8}/, "abcdef00"),
        editorId: () => {
          editorCounter += 1;
          return `e${editorCounter}`;
        },
      },
    },
  });
}

const paid = (key: string) => ({ key: KEYS.acme, headers: { "Idempotency-Key": key } });

describe("ids in upper case", () => {
  it("find a generation and a slideshow, answered in their canonical lower case", async () => {
    harness = await lettered();
    const batch = await harness.call("POST", "/generations", {
      ...paid("upper-generation"),
      body: { type: "static_ad", template_slug: "product-hero" },
    });
    const id: string = batch.body.generations[0].id;
    expect(id).toMatch(/^abcdef00-/);
    const generation = await harness.call("GET", `/generations/${id.toUpperCase()}`, {
      key: KEYS.acme,
    });
    expect(generation.status).toBe(200);
    expect(generation.body.id).toBe(id);
    const slideshow = await harness.call("POST", "/slideshows", {
      ...paid("upper-slideshow"),
      body: { prompt: "Five ways to brew" },
    });
    const slideshowId: string = slideshow.body.slideshow_id;
    const read = await harness.call("GET", `/slideshows/${slideshowId.toUpperCase()}`, {
      key: KEYS.acme,
    });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(slideshowId);
  });

  it("find a My Media item to place and a reference to steer a generation", async () => {
    harness = await lettered();
    const upload = await harness.call("POST", "/editor/media", {
      key: KEYS.acme,
      body: inlineBody(BYTES.png, "logo.png", "image/png"),
    });
    const mediaId: string = upload.body.media.id;
    const project = await harness.call("POST", "/editor/videos", { key: KEYS.acme, body: {} });
    const added = await harness.call("POST", `/editor/videos/${project.body.video.id}/media`, {
      key: KEYS.acme,
      body: { media_id: mediaId.toUpperCase() },
    });
    expect(added.status).toBe(200);
    const saved = await harness.call("POST", "/reference-inspirations", {
      key: KEYS.acme,
      body: {
        template_slug: "product-hero",
        template_category: "static-ads",
        image_urls: ["https://cdn.example.com/look.jpg"],
      },
    });
    await harness.runJobs();
    const referenceId: string = saved.body.reference.id;
    const steered = await harness.call("POST", "/generations", {
      ...paid("upper-reference"),
      body: {
        type: "static_ad",
        template_slug: "product-hero",
        custom_reference_inspiration_id: referenceId.toUpperCase(),
      },
    });
    expect(steered.status).toBe(200);
  });
});
