/**
 * A render that fails on a user's damaged file answers 400 naming the asset and item to
 * replace, not a 500, and nothing of ffmpeg's output (heap addresses, server paths)
 * reaches the client: previews, contact sheets and exports alike. Imports refuse damaged
 * files, so the file here is damaged in storage after it was placed (a disk fault, or a
 * file placed before imports were probed).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { describeRendering } from "../../render/support/ffmpeg.js";
import { type Harness, type HarnessResponse, KEYS } from "../support/harness.js";
import { createProject } from "./editor-support.js";
import { renderingHarness } from "./export-and-frame-support.js";

let harness: Harness;
let folder = "";

afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

// A whole file made by ffmpeg, and the same cut to its first `bytes`.
function truncated(
  name: string,
  source: string,
  bytes: number,
): { whole: Uint8Array; bytes: Uint8Array } {
  const path = join(folder, name);
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    source,
    "-frames:v",
    name.endsWith(".png") ? "1" : "25",
    path,
  ]);
  const whole = new Uint8Array(readFileSync(path));
  return { whole, bytes: whole.subarray(0, bytes) };
}

// A 16:9 project showing the file, damaged once placed; its id, and the file's asset and
// item ids.
async function projectWith(
  file: { whole: Uint8Array; bytes: Uint8Array; name: string; contentType: string },
  body: Record<string, unknown>,
) {
  const key = `media/1/${file.name}`;
  const stored = await harness.storage.put(key, file.whole, { contentType: file.contentType });
  const id = await createProject(harness, { title: "Damaged", aspect_ratio: "16:9" });
  const added = await harness.call("POST", `/editor/videos/${id}/media`, {
    key: KEYS.acme,
    body: { url: stored.url, ...body },
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  await harness.storage.put(key, file.bytes, { contentType: file.contentType });
  return { id, assetId: added.body.asset_id as string, itemId: added.body.item_id as string };
}

function expectNamed(answer: HarnessResponse, names: { assetId: string; itemId: string }) {
  expect(answer.status).toBe(400);
  expect(answer.body.error).toMatchObject({
    code: "bad_request",
    retryable: false,
    context: { reason: "media_undecodable", asset_id: names.assetId, item_id: names.itemId },
  });
  const text = JSON.stringify(answer.body);
  expect(text).not.toMatch(/0x[0-9a-f]{6,}|\/tmp\/|input-\d|ffmpeg|moov|chunk/i);
}

describeRendering("a damaged file in a render", () => {
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), "reelkit-damaged-"));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("answers a truncated PNG's frame and contact sheet with a 400 naming its item", async () => {
    harness = await renderingHarness();
    const file = truncated("picture.png", "testsrc2=s=640x360", 3000);
    const names = await projectWith(
      { ...file, name: "picture.png", contentType: "image/png" },
      { media_type: "image", width: 640, height: 360 },
    );
    const call = (query: string) =>
      harness.call("GET", `/editor/videos/${names.id}/frame?${query}`, { key: KEYS.acme });
    expectNamed(await call("at_seconds=0.5"), names);
    expectNamed(await call("at_seconds=0.5&at_seconds=1&width=160"), names);
  });

  it("answers a truncated MP4's frame with a 400 naming its item", async () => {
    harness = await renderingHarness();
    const file = truncated("clip.mp4", "testsrc2=s=320x240:r=25", 20_000);
    const names = await projectWith(
      { ...file, name: "clip.mp4", contentType: "video/mp4" },
      { media_type: "video", duration_seconds: 1 },
    );
    expectNamed(
      await harness.call("GET", `/editor/videos/${names.id}/frame?at_seconds=0.5`, {
        key: KEYS.acme,
      }),
      names,
    );
  });
});
