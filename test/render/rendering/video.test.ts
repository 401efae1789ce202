import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summarizeEditor } from "reelkit/editor";
import type { Renderer, RenderProgress } from "reelkit/render";
import { afterAll, beforeAll, expect, it } from "vitest";
import { audio, solid, text, video } from "../../editor/support/fixtures.js";
import { probe } from "../../support/ffprobe.js";
import {
  countFrames,
  describeRendering,
  fixtureRenderer,
  rms,
  soundSamples,
} from "../support/ffmpeg.js";
import { makeMedia } from "../support/media.js";
import { box, planOf, square } from "../support/timelines.js";

describeRendering("rendered videos", () => {
  let folder = "";
  let output = "";
  let renderer: Renderer;

  beforeAll(() => {
    folder = makeMedia();
    output = mkdtempSync(join(tmpdir(), "reelkit-render-output-"));
    renderer = fixtureRenderer(folder);
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(output, { recursive: true, force: true });
  });

  it("exports an MP4 as long as the timeline, with picture and sound", async () => {
    const state = square([
      [
        text(
          { id: "title", from: 0, durationInFrames: 30 },
          { ...box(10, 40, 100, 40), text: "Hi" },
        ),
      ],
      [
        solid(
          { id: "fill", from: 10, durationInFrames: 40 },
          { ...box(0, 0, 120, 120), style: { color: "#336699" } },
        ),
      ],
      [
        video(
          { id: "clip", from: 0, durationInFrames: 45 },
          { ...box(0, 0, 120, 120), assetId: "talking-asset" },
        ),
      ],
    ]);
    const plan = planOf(state, { fps: 25 });
    const progress: RenderProgress[] = [];
    const path = join(output, "timeline.mp4");
    const result = await renderer.renderVideo(
      plan,
      { path },
      { onProgress: (report) => progress.push(report) },
    );
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const facts = probe(readFileSync(path), "mp4");
    const totalSeconds = summarizeEditor(state).totalDurationSeconds;
    expect(totalSeconds).toBe(50 / 30);
    expect(Math.abs(facts.durationSeconds - totalSeconds)).toBeLessThanOrEqual(1 / 25);
    expect(facts.streams.map((stream) => stream.codec_type)).toEqual(["video", "audio"]);
    expect(countFrames(path)).toBe(plan.frameCount);
    expect(result).toMatchObject({ ok: true, value: { width: 120, height: 120, frameCount: 42 } });
    expect(result.value.sizeBytes).toBeGreaterThan(1000);
    expect(progress.at(-1)).toMatchObject({ fraction: 1, framesDone: 42 });
    // The clip's own sound (its input was probed for a sound stream) is in the mix.
    expect(rms(soundSamples(path, 0.2, 0.8))).toBeGreaterThan(0.2);
  });

  it("follows volume_db: a tone at -6 dB has half the level of one at 0 dB", async () => {
    const state = square([
      {
        id: "sound",
        kind: "audio",
        items: [
          audio(
            { id: "loud", from: 0, durationInFrames: 30 },
            { assetId: "music-asset", volumeDb: 0 },
          ),
          audio(
            { id: "soft", from: 30, durationInFrames: 30 },
            { assetId: "music-asset", volumeDb: -6 },
          ),
        ],
      },
      [solid({ id: "picture", from: 0, durationInFrames: 60 }, box(0, 0, 120, 120))],
    ]);
    const path = join(output, "levels.mp4");
    const result = await renderer.renderVideo(planOf(state), { path });
    if (!result.ok) throw new Error(result.error.message);
    const loud = rms(soundSamples(path, 0.2, 0.8));
    const soft = rms(soundSamples(path, 1.2, 1.8));
    // tone.wav is a sine at half scale: RMS 0.354.
    expect(loud).toBeCloseTo(0.354, 1);
    expect(soft / loud).toBeGreaterThan(0.47);
    expect(soft / loud).toBeLessThan(0.53);
  });

  it("fades sound in and out: half the level at the middle of a fade, silence where none plays", async () => {
    const state = square([
      {
        id: "sound",
        kind: "audio",
        items: [
          audio(
            { id: "tone", from: 0, durationInFrames: 60 },
            { assetId: "music-asset", audioFadeInSeconds: 1, audioFadeOutSeconds: 0.5 },
          ),
        ],
      },
      [solid({ id: "picture", from: 0, durationInFrames: 75 }, box(0, 0, 120, 120))],
    ]);
    const path = join(output, "fades.mp4");
    const result = await renderer.renderVideo(planOf(state), { path });
    if (!result.ok) throw new Error(result.error.message);
    const full = 0.354;
    expect(rms(soundSamples(path, 0.45, 0.55)) / full).toBeCloseTo(0.5, 1);
    expect(rms(soundSamples(path, 1.1, 1.4)) / full).toBeCloseTo(1, 1);
    expect(rms(soundSamples(path, 1.7, 1.8)) / full).toBeCloseTo(0.5, 1);
    expect(rms(soundSamples(path, 2.1, 2.4))).toBeLessThan(0.001);
  });

  it("writes a video to a stream sink", async () => {
    const state = square([
      [solid({ id: "a", from: 0, durationInFrames: 15 }, box(0, 0, 120, 120))],
    ]);
    const chunks: Uint8Array[] = [];
    const sink = new WritableStream<Uint8Array>({ write: (chunk) => void chunks.push(chunk) });
    const result = await renderer.renderVideo(planOf(state), { sink });
    if (!result.ok) throw new Error(result.error.message);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBe(result.value.sizeBytes);
    // An MP4 with its index first (+faststart): `ftyp`, then `moov` before `mdat`.
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
  });
});
