/**
 * Render benchmarks (reelkit/render with a real ffmpeg), measured outside mitata because
 * one sample is seconds long:
 *
 * - export speed: a 30 s, 720p timeline of about ten items (background clip, pictures,
 *   title, lower third on a plate, highlighted captions, music, voiceover) rendered to
 *   MP4, as a multiple of real time (the best cloud renderer we know does about 3x);
 * - preview latency: one 540 px frame at arbitrary instants of that timeline, median,
 *   and its ratio to ffmpeg decoding one frame of the background clip at the same
 *   instants (the limit: no preview can skip that work).
 *
 * The media is made with ffmpeg's own sources in a temporary folder, removed at exit.
 * Without ffmpeg the suite says so and reports nothing.
 *
 * @module
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planRender, type RenderPlan, validateEditorState } from "reelkit";
import { createFfmpegRenderer, type Renderer, VIDEO_ENCODING_DEFAULT } from "reelkit/render";
import { benchTimeline, EXPORT_WIDTH, makeBenchMedia } from "./support/render-timeline.js";
import type { ReportLine, ReportSection } from "./support/report.js";
import type { BenchOptions, BenchSuite } from "./support/suite.js";

/** Export speed to reach, as a multiple of real time. */
export const EXPORT_SPEED_MIN = 3;
/** Preview latency should stay within this multiple of decoding one source frame. */
export const FRAME_TO_DECODE_MAX = 3;
/** Width of a preview frame. */
const PREVIEW_WIDTH = 540;

interface RenderBenchPlan {
  readonly seconds: number;
  readonly exports: number;
  readonly instants: readonly number[];
}

const FULL: RenderBenchPlan = {
  seconds: 30,
  exports: 3,
  instants: [1.3, 4.7, 7.1, 9.9, 13.4, 16.2, 18.8, 21.5, 24.6, 27.9],
};
const QUICK: RenderBenchPlan = { seconds: 10, exports: 1, instants: [1.3, 4.7, 7.9] };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function plan(
  state: Parameters<typeof planRender>[0],
  options: Parameters<typeof planRender>[1],
): RenderPlan {
  const result = planRender(state, options);
  if (!result.ok) throw new Error(`The benchmark timeline does not plan: ${result.error.message}`);
  return result.plan;
}

async function timed(work: () => Promise<{ ok: boolean }>): Promise<number> {
  const started = process.hrtime.bigint();
  const result = await work();
  if (!result.ok) throw new Error(`A benchmark render failed: ${JSON.stringify(result)}`);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function decodeOneFrame(path: string, atSeconds: number): number {
  const started = process.hrtime.bigint();
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-ss",
    String(atSeconds),
    "-i",
    path,
    "-frames:v",
    "1",
    "-f",
    "null",
    "-",
  ]);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function measure(
  renderer: Renderer,
  folder: string,
  settings: RenderBenchPlan,
): Promise<ReportLine[]> {
  const state = benchTimeline(settings.seconds);
  const problems = validateEditorState(state);
  if (problems.length > 0)
    throw new Error(`The benchmark timeline is invalid: ${JSON.stringify(problems)}`);
  const exported = plan(state, { width: EXPORT_WIDTH });
  const output = join(folder, "export.mp4");
  const exportSeconds: number[] = [];
  for (let run = 0; run < settings.exports; run += 1) {
    exportSeconds.push(await timed(() => renderer.renderVideo(exported, { path: output })));
  }
  const speed = settings.seconds / median(exportSeconds);
  const frameSeconds: number[] = [];
  const decodeSeconds: number[] = [];
  const instants = settings.instants.map((instant) => (instant * settings.seconds) / FULL.seconds);
  // One untimed frame first: the renderer checks ffmpeg once, and the disk cache warms.
  await renderer.renderFrame(plan(state, { atSeconds: 0, width: PREVIEW_WIDTH }));
  for (const atSeconds of instants) {
    const frame = plan(state, { atSeconds, width: PREVIEW_WIDTH });
    frameSeconds.push(await timed(() => renderer.renderFrame(frame)));
    decodeSeconds.push(decodeOneFrame(join(folder, "background.mp4"), atSeconds));
  }
  const frameMs = median(frameSeconds) * 1000;
  const decodeMs = median(decodeSeconds) * 1000;
  const megabytes = statSync(output).size / 1e6;
  return [
    {
      kind: "figure",
      label: `export, ${settings.seconds} s at ${exported.width}x${exported.height}, x264 ${VIDEO_ENCODING_DEFAULT.preset}`,
      text: `${median(exportSeconds).toFixed(2)} s, ${speed.toFixed(2)}x real time, ${megabytes.toFixed(1)} MB`,
      value: speed,
      target: { comparison: "at-least", value: EXPORT_SPEED_MIN },
    },
    {
      kind: "figure",
      label: `preview frame at ${PREVIEW_WIDTH} px, median of ${instants.length}`,
      text: `${frameMs.toFixed(0)} ms`,
    },
    {
      kind: "figure",
      label: "preview frame / ffmpeg decoding one source frame",
      text: `${(frameMs / decodeMs).toFixed(2)}x (decode alone ${decodeMs.toFixed(0)} ms)`,
      value: frameMs / decodeMs,
      target: { comparison: "at-most", value: FRAME_TO_DECODE_MAX },
    },
  ];
}

/** The render benchmark suite. */
export const renderSuite: BenchSuite = {
  name: "render",
  async register(options: BenchOptions): Promise<ReportSection> {
    const title = "Render (ffmpeg)";
    if (spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status !== 0) {
      console.log("ffmpeg is not installed: the render benchmarks are skipped.");
      return {
        title,
        lines: [{ kind: "figure", label: "skipped", text: "ffmpeg is not installed" }],
      };
    }
    const settings = options.quick ? QUICK : FULL;
    const folder = mkdtempSync(join(tmpdir(), "reelkit-bench-render-"));
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
    makeBenchMedia(folder, settings.seconds);
    // The media is on this machine, as a host's disk storage would hand it over: linked,
    // not copied, so the figures are the renderer's own cost.
    const renderer = createFfmpegRenderer({
      readMedia: async ({ url }) => ({
        ok: true,
        body: { path: join(folder, url.replace("https://bench.media/", "")) },
      }),
    });
    return { title, lines: await measure(renderer, folder, settings) };
  },
};
