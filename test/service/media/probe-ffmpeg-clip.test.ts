/**
 * A clip made by ffmpeg, as a user would record one, imported and placed on a timeline
 * without `duration_seconds`: it plays its real 2.4 s, and its item and asset carry its
 * length and size, with either prober; and the ffprobe prober, plugged into the service,
 * refuses what does not decode by the same doors and errors as the header prober.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createHeaderMediaProber, type MediaProber } from "reelkit";
import { createFfprobeMediaProber } from "reelkit/local";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  pngSignatureThenHtml,
  truncatedPng,
  wavWithSampleRate,
} from "../../media/crafted-media.js";
import { FFMPEG_NEED } from "../../render/support/ffmpeg.js";
import { describeNeeding } from "../../support/describe-needing.js";
import { readProject } from "../editor/editor-support.js";
import { BYTES, createMediaHarness, createProject, inlineBody, KEYS } from "./media-support.js";

const CLIP_URL = "https://cdn.example.com/recordings/clip.mp4";
const FRAMES_PER_SECOND = 30;

async function ffmpegClip(directory: string): Promise<Uint8Array> {
  const path = join(directory, "clip.mp4");
  // A 64×36 picture at 30 frames a second over a 440 Hz tone, 2.4 s of each.
  await promisify(execFile)("ffmpeg", [
    ...["-v", "error", "-nostdin", "-y"],
    ...["-f", "lavfi", "-i", `testsrc=size=64x36:rate=${FRAMES_PER_SECOND}`],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-t", "2.4", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac"],
    path,
  ]);
  return new Uint8Array(await readFile(path));
}

describeNeeding("a clip made by ffmpeg, imported and placed", [FFMPEG_NEED], () => {
  let scratch: string;
  let clip: Uint8Array;
  let ffprobe: MediaProber;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "reelkit-clip-test-"));
    clip = await ffmpegClip(scratch);
    const found = await createFfprobeMediaProber({ temporaryDirectory: scratch });
    if (!found.ok) throw new Error(found.error.message);
    ffprobe = found.value;
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const proberNamed = (name: string): MediaProber =>
    name === "ffprobe" ? ffprobe : createHeaderMediaProber();

  it.each(["ffprobe", "header"])(
    "plays its real 2.4 s when added by url without duration_seconds (%s prober)",
    async (name) => {
      const harness = await createMediaHarness({
        overrides: { mediaProber: proberNamed(name) },
        urls: { [CLIP_URL]: { body: clip, contentType: "video/mp4" } },
      });
      const id = await createProject(harness);
      const added = await harness.call("POST", `/editor/videos/${id}/media`, {
        key: KEYS.acme,
        body: { url: CLIP_URL },
      });
      expect(added.status).toBe(200);
      expect(added.body.editor_summary.totalDurationSeconds).toBe(2.4);
      const { editor } = await readProject(harness, id);
      expect(editor.assets[added.body.asset_id]).toMatchObject({
        type: "video",
        durationSeconds: 2.4,
        width: 64,
        height: 36,
        metadata: { streams: ["video", "audio"], codecs: ["h264", "aac"], probed_by: name },
      });
      expect(editor.items[added.body.item_id].durationInFrames).toBe(2.4 * FRAMES_PER_SECOND);
    },
  );

  it("records its length and size on the My Media item and on the asset of an upload", async () => {
    const harness = await createMediaHarness({ overrides: { mediaProber: ffprobe } });
    const id = await createProject(harness);
    const uploaded = await harness.upload(
      inlineBody(clip, "clip.mp4", "video/mp4", { video_id: id, add_to_editor: true }),
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.media).toMatchObject({
      media_type: "video",
      metadata: {
        duration_seconds: 2.4,
        width: 64,
        height: 36,
        streams: ["video", "audio"],
        probed_by: "ffprobe",
      },
    });
    const { editor } = await readProject(harness, id);
    expect(editor.assets[uploaded.body.editor.asset_id]).toMatchObject({
      durationSeconds: 2.4,
      width: 64,
      height: 36,
    });
    expect(editor.items[uploaded.body.editor.item_id].durationInFrames).toBe(72);
  });

  it("refuses through the service what ffmpeg cannot decode, and a PNG named .mp4", async () => {
    const harness = await createMediaHarness({ overrides: { mediaProber: ffprobe } });
    const broken = [
      [pngSignatureThenHtml(), "page.png", "image/png"],
      [truncatedPng(), "cut.png", "image/png"],
      [wavWithSampleRate(0), "silent.wav", "audio/wav"],
    ] as const;
    for (const [bytes, filename, type] of broken) {
      const response = await harness.upload(inlineBody(bytes, filename, type));
      expect(response.status, filename).toBe(400);
      expect(response.body.error.context, filename).toMatchObject({
        field: "media.data",
        reason: "media_undecodable",
      });
      expect(response.body.error.message).not.toMatch(/ffmpeg|ffprobe|0x[0-9a-f]{8}/i);
    }
    const named = await harness.upload(inlineBody(BYTES.png, "clip.mp4", "image/png"));
    expect(named.status).toBe(400);
    expect(named.body.error.context.reason).toBe("filename_kind_mismatch");
    expect((await harness.list()).body.media).toEqual([]);
    expect(harness.serverErrors).toEqual([]);
  });
});
