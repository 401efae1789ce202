/**
 * Render benchmarks (reelkit/render with a real ffmpeg), measured outside mitata because
 * one sample is seconds long:
 *
 * - export speed: a 30 s, 720p timeline of about ten items (background clip, pictures,
 *   title, lower third on a plate, highlighted captions, music, voiceover) rendered to
 *   MP4, as a multiple of real time (the best cloud renderer we know does about 3x),
 *   with the default x264 preset (median of three) and, for comparison, `ultrafast` and
 *   `veryfast` (one export each, full run only);
 * - preview latency: one 540 px frame at arbitrary instants of that timeline, median,
 *   and its ratio to ffmpeg decoding one frame of the background clip at the same
 *   instants (the limit: no preview can skip that work).
 *
 * The media is made with ffmpeg's own sources in a temporary folder, removed at exit.
 * Without ffmpeg the suite says so and reports nothing.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { type EditorState, planRender, type RenderPlan, validateEditorState } from "reelkit/editor";
import {
  createFfmpegRenderer,
  type Renderer,
  VIDEO_ENCODING_DEFAULT,
  type VideoEncoding,
} from "reelkit/render";
import { childCpuSeconds } from "./support/cpu.js";
import { ffmpegSuite } from "./support/ffmpeg-suite.js";
import { benchTimeline, EXPORT_WIDTH, makeBenchMedia } from "./support/render-timeline.js";
import type { ReportLine } from "./support/report.js";
import type { BenchSuite } from "./support/suite.js";

/** Export speed to reach, as a multiple of real time. */
export const EXPORT_SPEED_MIN = 3;
/** Preview latency should stay within this multiple of decoding one source frame. */
export const FRAME_TO_DECODE_MAX = 3;
/** Width of a preview frame. */
const PREVIEW_WIDTH = 540;

interface RenderBenchPlan {
  /** Length of the timeline. */
  readonly seconds: number;
  /** Exports timed with the default encoding (the median is reported). */
  readonly exports: number;
  /** Other x264 presets exported once each, for comparison. */
  readonly otherPresets: readonly VideoEncoding["preset"][];
  /** Instants of the preview frames, on a 30 s timeline (scaled to a shorter one). */
  readonly instants: readonly number[];
}

const FULL: RenderBenchPlan = {
  seconds: 30,
  exports: 3,
  otherPresets: ["ultrafast", "veryfast"],
  instants: [1.3, 4.7, 7.1, 9.9, 13.4, 16.2, 18.8, 21.5, 24.6, 27.9],
};
const QUICK: RenderBenchPlan = {
  seconds: 10,
  exports: 1,
  otherPresets: [],
  instants: [1.3, 4.7, 7.9],
};

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
  return result.value;
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

interface ExportFigures {
  readonly seconds: number;
  readonly speed: number;
  readonly megabytes: number;
  /** CPU seconds ffmpeg spent per export (median), when the system says. */
  readonly cpuSeconds: number | undefined;
}

// The median of `runs` exports of `exported` (a timeline `timelineSeconds` long).
async function measureExport(
  renderer: Renderer,
  exported: RenderPlan,
  runs: number,
  output: string,
): Promise<ExportFigures> {
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const cpuBefore = childCpuSeconds();
    samples.push(await timed(() => renderer.renderVideo(exported, { path: output })));
    const cpuAfter = childCpuSeconds();
    if (cpuBefore !== undefined && cpuAfter !== undefined) cpuSamples.push(cpuAfter - cpuBefore);
  }
  const seconds = median(samples);
  return {
    seconds,
    speed: exported.durationSeconds / seconds,
    megabytes: statSync(output).size / 1e6,
    cpuSeconds: cpuSamples.length === runs ? median(cpuSamples) : undefined,
  };
}

// CPU seconds, and the speed they allow on two otherwise idle cores.
function cpuText(figures: ExportFigures): string {
  if (figures.cpuSeconds === undefined) return "";
  const idle = (figures.speed * figures.seconds) / (figures.cpuSeconds / 2);
  return `; CPU ${figures.cpuSeconds.toFixed(1)} s (at most ${idle.toFixed(2)}x on 2 idle cores)`;
}

function exportLine(label: string, figures: ExportFigures, targeted: boolean): ReportLine {
  return {
    kind: "figure",
    label,
    text: `${figures.seconds.toFixed(2)} s, ${figures.speed.toFixed(2)}x real time, ${figures.megabytes.toFixed(1)} MB${cpuText(figures)}`,
    value: figures.speed,
    ...(targeted ? { target: { comparison: "at-least", value: EXPORT_SPEED_MIN } as const } : {}),
  };
}

// Median latency of preview frames at `instants`, and of ffmpeg decoding one frame of
// the background clip at the same instants.
async function measureFrames(
  renderer: Renderer,
  state: EditorState,
  instants: readonly number[],
  background: string,
): Promise<{ frameMs: number; decodeMs: number }> {
  // One untimed frame first: the renderer checks ffmpeg once, and the disk cache warms.
  await renderer.renderFrame(plan(state, { atSeconds: 0, width: PREVIEW_WIDTH }));
  const frameSeconds: number[] = [];
  const decodeSeconds: number[] = [];
  for (const atSeconds of instants) {
    const frame = plan(state, { atSeconds, width: PREVIEW_WIDTH });
    frameSeconds.push(await timed(() => renderer.renderFrame(frame)));
    decodeSeconds.push(decodeOneFrame(background, atSeconds));
  }
  return { frameMs: median(frameSeconds) * 1000, decodeMs: median(decodeSeconds) * 1000 };
}

async function measure(
  rendererWith: (preset: VideoEncoding["preset"]) => Renderer,
  folder: string,
  settings: RenderBenchPlan,
): Promise<ReportLine[]> {
  const state = benchTimeline(settings.seconds);
  const problems = validateEditorState(state);
  if (problems.length > 0) {
    throw new Error(`The benchmark timeline is invalid: ${JSON.stringify(problems)}`);
  }
  const exported = plan(state, { width: EXPORT_WIDTH });
  const output = join(folder, "export.mp4");
  const size = `${settings.seconds} s at ${exported.width}x${exported.height}`;
  const lines: ReportLine[] = [];
  const preset = VIDEO_ENCODING_DEFAULT.preset;
  const renderer = rendererWith(preset);
  const byDefault = await measureExport(renderer, exported, settings.exports, output);
  lines.push(exportLine(`export, ${size}, x264 ${preset} (default)`, byDefault, true));
  for (const other of settings.otherPresets) {
    const figures = await measureExport(rendererWith(other), exported, 1, output);
    lines.push(exportLine(`export, ${size}, x264 ${other}`, figures, false));
  }
  const instants = settings.instants.map((instant) => (instant * settings.seconds) / FULL.seconds);
  const { frameMs, decodeMs } = await measureFrames(
    renderer,
    state,
    instants,
    join(folder, "background.mp4"),
  );
  lines.push(
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
  );
  return lines;
}

/** The render benchmark suite. */
export const renderSuite: BenchSuite = ffmpegSuite({
  name: "render",
  title: "Render (ffmpeg)",
  async measure(folder, options) {
    const settings = options.quick ? QUICK : FULL;
    makeBenchMedia(folder, settings.seconds);
    // The media is on this machine, as a host's disk storage would hand it over: linked,
    // not copied, so the figures are the renderer's own cost.
    const rendererWith = (preset: VideoEncoding["preset"]) =>
      createFfmpegRenderer({
        encoding: { preset },
        readMedia: async ({ url }) => ({
          ok: true,
          value: { path: join(folder, url.replace("https://bench.media/", "")) },
        }),
      });
    return measure(rendererWith, folder, settings);
  },
});
