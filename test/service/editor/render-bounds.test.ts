/**
 * Renders a project would make too large are refused when they are asked for, with a
 * 400 naming the bound and the item, before any credit is held: fifty texts shaking for
 * an hour froze a host while it built their 503 MB subtitle file.
 */
import { afterEach, expect, it } from "vitest";
import { describeRendering } from "../../render/support/ffmpeg.js";
import { type Harness, KEYS, ORGS } from "../support/harness.js";
import { createProject, patchProject } from "./editor-support.js";
import { redBoxProject, renderingHarness } from "./export-and-frame-support.js";

let harness: Harness;
afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

// A 9:16 project of `count` texts lasting an hour, each shaking for all of it.
async function shakingTexts(count: number): Promise<number> {
  const id = await createProject(harness, { title: "Shaking", aspect_ratio: "9:16" });
  const added = await patchProject(harness, id, {
    operations: Array.from({ length: count }, (_, index) => ({
      type: "add_text",
      text: `Line ${index}`,
      top: 30 * index,
      duration_seconds: 3600,
    })),
  });
  expect(added.status).toBe(200);
  const itemIds: string[] = added.body.operation_results.map(
    (result: { created_item_ids: string[] }) => result.created_item_ids[0],
  );
  const moved = await patchProject(harness, id, {
    operations: itemIds.map((item_id) => ({
      type: "set_item_motion",
      item_id,
      motion: { type: "shake", loop: true },
    })),
  });
  expect(moved.status).toBe(200);
  return id;
}

describeRendering("the bounds of a render, checked when it is asked for", () => {
  it("refuses an export that would draw past the bound, naming it and the item, and charges nothing", async () => {
    harness = await renderingHarness();
    const id = await shakingTexts(50);
    const before = await harness.available();
    const answer = await harness.call("POST", `/editor/videos/${id}/export`, {
      key: KEYS.acme,
      body: { resolution: "480p" },
      headers: { "Idempotency-Key": "shaking-export" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: {
        reason: "render_too_large",
        limit: "drawnBytesMax",
        maximum: 64 * 1024 * 1024,
        item_id: expect.any(String),
      },
    });
    expect(answer.body.error.context.requested).toBeGreaterThan(64 * 1024 * 1024);
    expect(answer.body.error.message).toContain("Shorten looping motions");
    expect(await harness.available()).toBe(before);
    expect(await harness.runJobs()).toBe(0);
    expect((await harness.call("GET", `/videos/${id}`, { key: KEYS.acme })).body.status).toBe(
      "ready",
    );
    // The same project previews: one frame draws one event per text.
    const frame = await harness.call("GET", `/editor/videos/${id}/frame?at_seconds=1800&width=64`, {
      key: KEYS.acme,
    });
    expect(frame.status).toBe(200);
  });

  it("exports one text shaking for an hour, which stays within the bound", async () => {
    harness = await renderingHarness();
    const id = await shakingTexts(1);
    const answer = await harness.call("POST", `/editor/videos/${id}/export`, {
      key: KEYS.acme,
      body: { resolution: "480p" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("queued");
    expect(await harness.available(ORGS.acme)).toBe(5000 - answer.body.credits_deducted);
  });

  it("refuses a preview whose moving picture is past the pixel bound, naming the item", async () => {
    harness = await renderingHarness();
    const id = await createProject(harness, { title: "Huge", aspect_ratio: "1:1" });
    const added = await patchProject(harness, id, {
      operations: [
        {
          type: "add_solid",
          duration_seconds: 5,
        },
      ],
    });
    expect(added.status).toBe(200);
    const stored = await harness.storage.put(
      "media/1/tiny.png",
      Uint8Array.from(
        Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
          "base64",
        ),
      ),
      { contentType: "image/png" },
    );
    const media = await harness.call("POST", `/editor/videos/${id}/media`, {
      key: KEYS.acme,
      body: { url: stored.url, media_type: "image", duration_seconds: 5 },
    });
    expect(media.status).toBe(200);
    const itemId: string = media.body.item_id ?? media.body.item?.id;
    const grown = await patchProject(harness, id, {
      operations: [
        {
          type: "set_item_transform",
          item_id: itemId,
          left: -9000,
          top: -9000,
          width: 20000,
          height: 20000,
        },
        { type: "set_item_motion", item_id: itemId, motion: { type: "zoom_in" } },
      ],
    });
    expect(grown.status).toBe(200);
    const answer = await harness.call("GET", `/editor/videos/${id}/frame?at_seconds=1&width=1080`, {
      key: KEYS.acme,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: { reason: "render_too_large", limit: "layerPixelsMax", item_id: itemId },
    });
  });
  it("refuses a contact sheet past the bound on its pixels, naming the bound, and draws the largest allowed", async () => {
    harness = await renderingHarness();
    const id = await redBoxProject(harness);
    const sixteen = Array.from({ length: 16 }, (_, index) => `at_seconds=${index * 0.25}`).join(
      "&",
    );
    const sheet = (width: number) =>
      harness.call("GET", `/editor/videos/${id}/frame?${sixteen}&width=${width}`, {
        key: KEYS.acme,
      });
    // Sixteen 1920-pixel frames of a 9:16 composition: 7680 x 13656, far past 7680 x 4320.
    const refused = await sheet(1920);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: {
        reason: "render_too_large",
        limit: "sheetPixelsMax",
        maximum: 7680 * 4320,
        requested: 7680 * 13656,
      },
    });
    expect(refused.body.error.message).toContain("at most about 1079 pixels a frame");
    // Two pixels a frame past the bound is refused; the bound itself is drawn.
    const over = await sheet(1082);
    expect(over.status).toBe(400);
    expect(over.body.error.context).toMatchObject({ limit: "sheetPixelsMax" });
    const largest = await sheet(1080);
    expect(largest.status).toBe(200);
    expect(largest.headers.get("content-type")).toBe("image/png");
  }, 120_000);
});
