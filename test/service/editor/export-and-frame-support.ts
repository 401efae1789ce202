/**
 * Helpers of the export and preview tests: a harness with a real ffmpeg renderer, timelines
 * with a red box and a stored clip, and PNG and MP4 readers.
 */
import { createProjectMediaReader } from "reelkit";
import { createFfmpegRenderer } from "reelkit/render";
import type { Renderer } from "../../../src/ports/renderer.js";
import { placeholderMp4 } from "../../../src/simulated/placeholder-video.js";
import { readStored } from "../../support/stored-object.js";
import { BYTES } from "../media/media-support.js";
import { createHarness, type Harness, type HarnessOptions, KEYS } from "../support/harness.js";
import { createProject, patchProject } from "./editor-support.js";

/** A harness whose service renders with ffmpeg, reading media from its own storage. */
export function renderingHarness(options: HarnessOptions = {}): Promise<Harness> {
  return createHarness({
    ...options,
    renderer: (sources) => createFfmpegRenderer({ readMedia: createProjectMediaReader(sources) }),
  });
}

/** A renderer that answers every image at once with a small PNG, and counts its renders. */
export function countingRenderer(renders: { count: number }): Renderer {
  const image = async () => {
    renders.count += 1;
    return { ok: true as const, value: { png: BYTES.png, width: 4, height: 4 } };
  };
  return {
    renderFrame: image,
    renderContactSheet: image,
    async renderVideo() {
      return { ok: false, error: { code: "render_timeout", message: "Too slow." } };
    },
  };
}

/** Width and height of a PNG, read from its IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = [...bytes.subarray(0, 8)];
  if (signature.join(",") !== "137,80,78,71,13,10,26,10") throw new Error("not a PNG");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** A 9:16 project (1080 x 1920) with a red box over its top-left quarter for 5 s. */
export async function redBoxProject(harness: Harness, key: string = KEYS.acme): Promise<number> {
  const id = await createProject(harness, { title: "Red box", aspect_ratio: "9:16" }, key);
  const patched = await patchProject(
    harness,
    id,
    {
      operations: [
        {
          type: "add_solid",
          left: 0,
          top: 0,
          width: 540,
          height: 960,
          duration_seconds: 5,
          style: { color: "#ff0000" },
        },
      ],
    },
    { key },
  );
  if (patched.status !== 200) throw new Error(JSON.stringify(patched.body));
  return id;
}

/**
 * A 16:9 project holding a stored 3 s placeholder clip (read from storage by the render)
 * and a title over it.
 */
export async function clipProject(harness: Harness): Promise<number> {
  const stored = await harness.storage.put("media/1/clip.mp4", placeholderMp4("16:9"), {
    contentType: "video/mp4",
  });
  const id = await createProject(harness, { title: "Clip", aspect_ratio: "16:9" });
  const added = await harness.call("POST", `/editor/videos/${id}/media`, {
    key: KEYS.acme,
    body: { url: stored.url, media_type: "video", duration_seconds: 3 },
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  const patched = await patchProject(harness, id, {
    operations: [{ type: "add_text", text: "Launch", from_seconds: 0, duration_seconds: 2 }],
  });
  if (patched.status !== 200) throw new Error(JSON.stringify(patched.body));
  return id;
}

/** The bytes of a stored file, found by the URL the API answered. */
export async function storedBytes(harness: Harness, url: string): Promise<Uint8Array> {
  const objectKey = harness.storage.objectKeyOf(url);
  const stored = objectKey === undefined ? undefined : await readStored(harness.storage, objectKey);
  if (stored === undefined) throw new Error(`nothing stored at ${url}`);
  return stored.bytes;
}
