/**
 * What one organization's heavy renders cost the others (reelkit/render with a real
 * ffmpeg), measured outside mitata because each sample is seconds long:
 *
 * - event-loop delay: the longest the host's event loop was held up (Node's
 *   `monitorEventLoopDelay`, 1 ms resolution) while the heaviest export the render
 *   bounds allow is prepared (texts shaking for an hour, their subtitle document just
 *   under `drawnBytesMax`), from the call until its ffmpeg starts; target under 100 ms;
 * - peak memory: ffmpeg's maximum resident size (`/usr/bin/time`), under the renderer's
 *   memory cap (`prlimit`, as the renderer runs it), for the heaviest picture an import
 *   accepts (the most pixels within both image bounds, 16-bit RGBA: 8 bytes a pixel
 *   decoded) in the widest preview frame and in the largest contact sheet, and for a
 *   1080p picture given a 20,000-pixel box, each with the pictures cropped to what is
 *   drawn (the renderer's way) and scaled whole (without the sizes it reads);
 * - fairness: another organization's preview latency while one organization keeps every
 *   export slot and its share of the frame line busy, against the same preview on an idle
 *   renderer; target within 2x.
 *
 * `REELKIT_BENCH_RENDER_LOAD=event-loop` (or `memory`, `fairness`, several separated by
 * commas) runs only those parts: each takes minutes on a busy machine.
 *
 * @module
 */
import { execFileSync, spawnSync } from "node:child_process";
import { setMaxListeners } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { toOrganizationId } from "reelkit";
import {
  type ContactSheetPlan,
  createEditorState,
  type EditorItem,
  type EditorState,
  planContactSheet,
  planRender,
  type RenderPlan,
} from "reelkit/editor";
import {
  type CommandSettings,
  checkRenderBounds,
  commandFileText,
  contactSheetCommand,
  createFfmpegRenderer,
  type FfmpegCommand,
  frameCommand,
  RENDER_LIMITS_DEFAULT,
  RENDER_MEMORY_MAX_BYTES_DEFAULT,
  type Renderer,
} from "reelkit/render";
import {
  IMAGE_PIXELS_MAX,
  IMAGE_SIDE_MAX_PIXELS,
  PREVIEW_FRAMES_MAX,
  PREVIEW_WIDTH_MAX,
} from "reelkit/schemas";
import { benchTimeline, makeBenchMedia } from "./support/render-timeline.js";
import type { ReportLine, ReportSection } from "./support/report.js";
import type { BenchOptions, BenchSuite } from "./support/suite.js";

/** Longest the event loop may be held up while an export is prepared, in milliseconds. */
export const EVENT_LOOP_DELAY_MAX_MS = 100;
/** Another organization's preview latency under load, as a multiple of its idle latency. */
export const LOADED_FRAME_RATIO_MAX = 2;

const FONT = { family: "DejaVu Sans", sizePerEm: 1.164, directory: null };

// The size of the most pixels an import accepts: at most IMAGE_SIDE_MAX_PIXELS a side and
// IMAGE_PIXELS_MAX in all, the wider of equals.
function heaviestAllowedSize(): { width: number; height: number } {
  let best = { width: 0, height: 0 };
  const narrowest = Math.ceil(IMAGE_PIXELS_MAX / IMAGE_SIDE_MAX_PIXELS);
  for (let width = IMAGE_SIDE_MAX_PIXELS; width >= narrowest; width -= 1) {
    const height = Math.min(IMAGE_SIDE_MAX_PIXELS, Math.floor(IMAGE_PIXELS_MAX / width));
    if (width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

function planned(state: EditorState, options: Parameters<typeof planRender>[1]): RenderPlan {
  const result = planRender(state, options);
  if (!result.ok) throw new Error(`The benchmark timeline does not plan: ${result.error.message}`);
  return result.value;
}

const still = { enterAnimation: null, exitAnimation: null, motion: null };

// A 9:16 state of `count` texts lasting `seconds`, each shaking for all of it.
function shakingTexts(count: number, seconds: number): EditorState {
  const state = createEditorState({ aspect_ratio: "9:16", fps: 30, title: "Shaking" });
  const items: EditorItem[] = Array.from({ length: count }, (_, index) => ({
    id: `text-${index}`,
    type: "text",
    trackId: "texts",
    from: 0,
    durationInFrames: seconds * 30,
    left: 40,
    top: 30 * index,
    width: 1000,
    height: 120,
    opacity: 1,
    ...still,
    motion: { type: "shake", loop: true },
    text: `Line ${index}`,
    style: { font_size: 48, color: "#ffffff" },
  }));
  state.tracks.push({ id: "texts", kind: "visual", items: items.map((item) => item.id) });
  for (const item of items) state.items[item.id] = item;
  return state;
}

// The most shaking texts whose export at 480p the renderer's bounds still allow.
function heaviestExport(renderer: Renderer, seconds: number): { plan: RenderPlan; count: number } {
  let best: { plan: RenderPlan; count: number } | undefined;
  for (let count = 1; count <= 200; count += 1) {
    const plan = planned(shakingTexts(count, seconds), { width: 480 });
    if (renderer.check?.({ kind: "video", plan }) !== undefined) break;
    best = { plan, count };
  }
  if (best === undefined) throw new Error("Not even one shaking text is allowed.");
  return best;
}

// Read from /proc rather than by running `ps`: starting a process forks the host, which
// holds up its event loop for as long as the copy takes, and would be counted as the
// render's own delay.
async function ffmpegChildren(): Promise<number> {
  const tasks = await readdir(`/proc/${process.pid}/task`);
  let count = 0;
  for (const task of tasks) {
    // A thread (an export's command worker) may end between the listing and the read.
    const children = await readFile(`/proc/${process.pid}/task/${task}/children`, "utf8").catch(
      () => "",
    );
    for (const child of children.split(" ").filter((pid) => pid.length > 0)) {
      const args = await readFile(`/proc/${child}/cmdline`, "utf8").catch(() => "");
      // The render itself, not the check of the ffmpeg program that comes first.
      if (args.split("\0").includes("-progress")) count += 1;
    }
  }
  return count;
}

async function eventLoopDelay(seconds: number, folder: string): Promise<ReportLine[]> {
  const temporaryDirectory = join(folder, "exports");
  mkdirSync(temporaryDirectory);
  const renderer = createFfmpegRenderer({
    temporaryDirectory,
    readMedia: async () => ({ ok: false, error: "no media" }),
  });
  const { plan, count } = heaviestExport(renderer, seconds);
  const controller = new AbortController();
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const started = performance.now();
  histogram.enable();
  const rendering = renderer.renderVideo(
    plan,
    { path: join(folder, "shaking.mp4") },
    { signal: controller.signal },
  );
  while ((await ffmpegChildren()) === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  const preparedMs = performance.now() - started;
  histogram.disable();
  controller.abort();
  await rendering;
  await renderer.close();
  const maxMs = histogram.max / 1e6;
  return [
    {
      kind: "figure",
      label: `event-loop delay, max, preparing ${count} texts shaking ${seconds} s (heaviest allowed)`,
      text: `${maxMs.toFixed(0)} ms over ${(preparedMs / 1000).toFixed(1)} s of preparation (p99 ${(histogram.percentile(99) / 1e6).toFixed(0)} ms)`,
      value: maxMs,
      target: { comparison: "at-most", value: EVENT_LOOP_DELAY_MAX_MS, unit: " ms" },
    },
  ];
}

// Matches what ffmpeg prints when an allocation past its memory cap fails.
const OUT_OF_MEMORY = /Cannot allocate memory|Out of memory|bad_alloc|failed to allocate/i;

/** ffmpeg's peak resident size in kilobytes, or that it needed more than the cap. */
type Peak = number | "over the cap";

// ffmpeg's peak resident size running `command` in a fresh directory holding `inputs`,
// under the renderer's memory cap as the renderer runs it: uncapped, a case past the cap
// (a contact sheet decodes its picture whole once per cell) takes the machine's memory
// and, on a shared machine, most of an hour.
function peakKilobytes(command: FfmpegCommand, inputs: Map<string, string>): Peak {
  const directory = mkdtempSync(join(tmpdir(), "reelkit-bench-memory-"));
  try {
    for (const [name, path] of inputs) execFileSync("ln", ["-s", path, join(directory, name)]);
    for (const file of command.files)
      writeFileSync(join(directory, file.name), commandFileText(file));
    const capped = ["prlimit", `--data=${RENDER_MEMORY_MAX_BYTES_DEFAULT}`, "--", "ffmpeg"];
    const run = spawnSync("/usr/bin/time", ["-f", "%M", ...capped, ...command.args], {
      cwd: directory,
      encoding: "utf8",
    });
    if (run.status !== 0 && OUT_OF_MEMORY.test(run.stderr)) return "over the cap";
    if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.slice(-500)}`);
    const lines = run.stderr.trim().split("\n");
    return Number(lines[lines.length - 1]);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function mebibytes(peak: Peak): string {
  if (peak === "over the cap") {
    return `over the ${RENDER_MEMORY_MAX_BYTES_DEFAULT / 1024 ** 2} MiB cap (render_memory_exceeded)`;
  }
  return `${(peak / 1024).toFixed(0)} MiB`;
}

// A 9:16 state of one picture in `box`, its asset `width` x `height`.
function pictured(box: { left: number; top: number; width: number; height: number }): EditorState {
  const state = createEditorState({ aspect_ratio: "9:16", fps: 30, title: "Picture" });
  state.assets.picture = {
    id: "picture",
    type: "image",
    url: "https://bench.media/picture.png",
    name: "picture.png",
    durationSeconds: null,
    width: null,
    height: null,
    mediaId: null,
    metadata: {},
  };
  state.items.picture = {
    id: "picture",
    type: "image",
    trackId: "pictures",
    from: 0,
    durationInFrames: 300,
    ...box,
    opacity: 1,
    ...still,
    assetId: "picture",
    fit: "cover",
  } as EditorItem;
  state.tracks.push({ id: "pictures", kind: "visual", items: ["picture"] });
  return state;
}

interface MemoryCase {
  readonly label: string;
  readonly file: string;
  readonly size: { width: number; height: number };
  readonly command: (settings: CommandSettings) => FfmpegCommand;
}

function memoryLines(cases: readonly MemoryCase[]): ReportLine[] {
  return cases.map(({ label, file, size, command }) => {
    const inputFiles = new Map([["picture", "input-0"]]);
    const base = { inputFiles, inputsWithAudio: new Set<string>(), font: FONT };
    const inputs = new Map([["input-0", file]]);
    const cropped = peakKilobytes(
      command({ ...base, inputSizes: new Map([["picture", size]]) }),
      inputs,
    );
    const whole = peakKilobytes(command(base), inputs);
    return {
      kind: "figure",
      label: `ffmpeg peak memory, ${label}`,
      text: `${mebibytes(cropped)} cropped to what is drawn, ${mebibytes(whole)} scaled whole`,
    };
  });
}

// The widest contact sheet of PREVIEW_FRAMES_MAX frames of `state` within the renderer's
// bound on a sheet's pixels.
function largestAllowedSheet(state: EditorState): ContactSheetPlan {
  const atSeconds = Array.from({ length: PREVIEW_FRAMES_MAX }, (_, index) => index * 0.5);
  for (let width = PREVIEW_WIDTH_MAX; width > 0; width -= 2) {
    const sheet = planContactSheet(state, { atSeconds, width });
    if (!sheet.ok) throw new Error(sheet.error.message);
    const refused = checkRenderBounds(
      { kind: "contact_sheet", sheet: sheet.value },
      RENDER_LIMITS_DEFAULT,
    );
    if (refused === undefined) return sheet.value;
  }
  throw new Error("No contact sheet is within the renderer's bounds.");
}

function peakMemory(folder: string): ReportLine[] {
  const heaviest = join(folder, "heaviest.png");
  const ordinary = join(folder, "ordinary.png");
  // A flat colour compresses as an attacker's would: a few hundred kilobytes.
  const make = (size: string, format: string, path: string) =>
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `color=c=0x3366cc:s=${size},format=${format}`,
      "-frames:v",
      "1",
      path,
    ]);
  const size = heaviestAllowedSize();
  const named = `${size.width} x ${size.height} 16-bit RGBA PNG`;
  make(`${size.width}x${size.height}`, "rgba64be", heaviest);
  make("1920x1080", "rgb24", ordinary);
  const filling = pictured({ left: 0, top: 0, width: 1080, height: 1920 });
  const enormous = pictured({ left: -9460, top: -9040, width: 20_000, height: 20_000 });
  const sheet = largestAllowedSheet(filling);
  const cap = {
    kind: "figure",
    label: "ffmpeg memory cap (prlimit --data)",
    text: `${RENDER_MEMORY_MAX_BYTES_DEFAULT / 1024 ** 2} MiB`,
  } as const;
  return [
    cap,
    ...memoryLines([
      {
        label: `${named}, one ${PREVIEW_WIDTH_MAX} px frame`,
        file: heaviest,
        size,
        command: (settings) =>
          frameCommand(planned(filling, { atSeconds: 1, width: PREVIEW_WIDTH_MAX }), settings),
      },
      {
        label: `${named}, contact sheet of ${PREVIEW_FRAMES_MAX} at ${sheet.cellWidth} px (${sheet.width} x ${sheet.height}, the largest allowed)`,
        file: heaviest,
        size,
        command: (settings) => contactSheetCommand(sheet, settings),
      },
      {
        label: "1920 x 1080 PNG in a 20,000 px box, one 1080 px frame",
        file: ordinary,
        size: { width: 1920, height: 1080 },
        command: (settings) =>
          frameCommand(planned(enormous, { atSeconds: 1, width: 1080 }), settings),
      },
    ]),
  ];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function frameLatencies(renderer: Renderer, plan: RenderPlan, count: number) {
  const latencies: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const frame = await renderer.renderFrame(plan, { organizationId: toOrganizationId(2) });
    if (!frame.ok) throw new Error(frame.error.message);
    latencies.push(performance.now() - started);
  }
  return median(latencies);
}

// Keeps one organization's share of a lane full until `signal` aborts.
async function keepBusy(render: () => Promise<unknown>, signal: AbortSignal): Promise<void> {
  // A render refused at once (a full line) waits a moment, so the loop never spins.
  while (!signal.aborted) {
    await render();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function fairness(folder: string, seconds: number, samples: number): Promise<ReportLine[]> {
  makeBenchMedia(folder, seconds);
  const renderer = createFfmpegRenderer({
    readMedia: async ({ url }) => ({
      ok: true,
      value: { path: join(folder, url.replace("https://bench.media/", "")) },
    }),
  });
  const state = benchTimeline(seconds);
  const frame = planned(state, { atSeconds: seconds / 3, width: 540 });
  const idleMs = await frameLatencies(renderer, frame, samples);
  const busy = new AbortController();
  setMaxListeners(100, busy.signal);
  const video = planned(state, { width: 1280 });
  const load = [
    ...Array.from({ length: 10 }, (_, index) =>
      keepBusy(
        () =>
          renderer.renderVideo(
            video,
            { path: join(folder, `busy-${index}.mp4`) },
            { organizationId: toOrganizationId(1), signal: busy.signal },
          ),
        busy.signal,
      ),
    ),
    ...Array.from({ length: 10 }, () =>
      keepBusy(
        () =>
          renderer.renderFrame(frame, { organizationId: toOrganizationId(1), signal: busy.signal }),
        busy.signal,
      ),
    ),
  ];
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const loadedMs = await frameLatencies(renderer, frame, samples);
  busy.abort();
  await Promise.all(load);
  await renderer.close();
  return [
    {
      kind: "figure",
      label: "another organization's preview, one organization saturating the renderer",
      text: `${loadedMs.toFixed(0)} ms, idle ${idleMs.toFixed(0)} ms (median of ${samples})`,
    },
    {
      kind: "figure",
      label: "preview under saturation / idle",
      text: `${(loadedMs / idleMs).toFixed(2)}x`,
      value: loadedMs / idleMs,
      target: { comparison: "at-most", value: LOADED_FRAME_RATIO_MAX },
    },
  ];
}

/** The parts of the suite, by the name `REELKIT_BENCH_RENDER_LOAD` selects them with. */
const PARTS = ["event-loop", "memory", "fairness"] as const;
type Part = (typeof PARTS)[number];

// The parts named in the environment, or all of them; an unknown name is a typo to report.
function selectedParts(): readonly Part[] {
  const named = process.env.REELKIT_BENCH_RENDER_LOAD;
  if (named === undefined || named.trim() === "") return PARTS;
  const parts = named.split(",").map((part) => part.trim());
  const unknown = parts.find((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown !== undefined) {
    throw new Error(
      `REELKIT_BENCH_RENDER_LOAD names no part "${unknown}": use ${PARTS.join(", ")}.`,
    );
  }
  return parts as Part[];
}

/** The render load benchmark suite. */
export const renderLoadSuite: BenchSuite = {
  name: "render-load",
  async register(options: BenchOptions): Promise<ReportSection> {
    const title = "Render under load (ffmpeg)";
    if (spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status !== 0) {
      console.log("ffmpeg is not installed: the render load benchmarks are skipped.");
      return {
        title,
        lines: [{ kind: "figure", label: "skipped", text: "ffmpeg is not installed" }],
      };
    }
    const folder = mkdtempSync(join(tmpdir(), "reelkit-bench-render-load-"));
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
    // Each stage takes minutes on a busy machine: its lines are printed as they come.
    const lines: ReportLine[] = [];
    const stages: Record<Part, () => Promise<ReportLine[]>> = {
      "event-loop": () => eventLoopDelay(options.quick ? 600 : 3600, folder),
      memory: async () => peakMemory(folder),
      fairness: () => fairness(folder, 10, options.quick ? 3 : 5),
    };
    const parts = selectedParts();
    for (const part of parts) {
      const measured = await stages[part]();
      for (const line of measured) console.log(`${line.label}: ${"text" in line ? line.text : ""}`);
      lines.push(...measured);
    }
    if (parts.includes("event-loop") && readdirSync(join(folder, "exports")).length > 0) {
      throw new Error("An export left its working directory behind.");
    }
    return { title, lines };
  },
};
