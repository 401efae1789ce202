/**
 * What the rendering tests need from a real ffmpeg: whether it is installed (tests that
 * need it fail under CI=true and skip with a reason elsewhere), a renderer reading media
 * from a fixture folder, and decoders of what a viewer sees and hears.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  createFfmpegRenderer,
  type FfmpegRenderer,
  type FfmpegRendererOptions,
} from "reelkit/render";
import { describeNeeding, type Need } from "../../support/describe-needing.js";

function ffmpegMissing(): string | undefined {
  for (const program of ["ffmpeg", "ffprobe"]) {
    const probe = spawnSync(program, ["-version"], { stdio: "ignore" });
    if (probe.error !== undefined || probe.status !== 0) return `${program} is not installed`;
  }
  return undefined;
}

/** ffmpeg and ffprobe, which rendering tests need. */
export const FFMPEG_NEED: Need = { part: "ffmpeg", missing: ffmpegMissing() };

/**
 * `describe` for tests that render: under CI=true a missing ffmpeg fails the suite;
 * elsewhere the suite is skipped, saying why.
 */
export function describeRendering(name: string, suite: () => void): void {
  describeNeeding(name, [FFMPEG_NEED], suite);
}

/** The URL under which the fixture reader serves `name` from the fixture folder. */
export function mediaUrl(name: string): string {
  return `https://media.test/${name}`;
}

/** A renderer that reads `https://media.test/<name>` from `folder`. */
export function fixtureRenderer(
  folder: string,
  options: Partial<FfmpegRendererOptions> = {},
): FfmpegRenderer {
  return createFfmpegRenderer({
    readMedia: async ({ url }) => {
      const name = url.replace(mediaUrl(""), "");
      if (name.includes("/") || name === url) return { ok: false, error: `unknown URL ${url}` };
      return { ok: true, value: new Uint8Array(await readFile(join(folder, name))) };
    },
    ...options,
  });
}

/** An RGB picture decoded from PNG bytes. */
export interface Picture {
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
  /** The colour at (x, y) as [red, green, blue]. */
  at(x: number, y: number): [number, number, number];
}

/** Decodes PNG bytes with ffmpeg into RGB pixels. */
export function decodePng(png: Uint8Array, width: number, height: number): Picture {
  const raw = execFileSync(
    "ffmpeg",
    ["-v", "error", "-i", "pipe:0", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"],
    { input: png, maxBuffer: 64 * 1024 * 1024 },
  );
  if (raw.length !== width * height * 3) {
    throw new Error(`Decoded ${raw.length} bytes, expected ${width} x ${height} x 3.`);
  }
  return {
    width,
    height,
    at(x, y) {
      const offset = (Math.round(y) * width + Math.round(x)) * 3;
      return [raw[offset] ?? -1, raw[offset + 1] ?? -1, raw[offset + 2] ?? -1];
    },
  };
}

/** Whether `actual` is within `tolerance` of `expected` on every channel. */
export function near(
  actual: readonly number[],
  expected: readonly number[],
  tolerance = 24,
): boolean {
  return expected.every((value, index) => Math.abs((actual[index] ?? -999) - value) <= tolerance);
}

/** Mono samples of a media file's sound between two instants, as 32-bit floats at 48 kHz. */
export function soundSamples(path: string, fromSeconds: number, toSeconds: number): Float32Array {
  const raw = execFileSync(
    "ffmpeg",
    [
      "-v",
      "error",
      "-i",
      path,
      "-ss",
      String(fromSeconds),
      "-to",
      String(toSeconds),
      "-vn",
      "-ac",
      "1",
      "-ar",
      "48000",
      "-f",
      "f32le",
      "pipe:1",
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
}

/** Root mean square of `samples`. */
export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** The number of video frames in the file at `path`, counted by decoding them. */
export function countFrames(path: string): number {
  const output = execFileSync("ffprobe", [
    "-v",
    "error",
    "-count_frames",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=nb_read_frames",
    "-of",
    "csv=p=0",
    path,
  ]).toString();
  return Number(output.trim());
}

/** Frame `index` (from 0) of the video at `path`, decoded into RGB pixels. */
export function videoFrame(path: string, index: number): Picture {
  const size = execFileSync("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=width,height",
    "-of",
    "csv=p=0",
    path,
  ])
    .toString()
    .trim()
    .split(",")
    .map(Number);
  const png = execFileSync(
    "ffmpeg",
    [
      "-v",
      "error",
      "-i",
      path,
      "-vf",
      `select=eq(n\\,${index})`,
      "-frames:v",
      "1",
      "-c:v",
      "png",
      "-f",
      "image2pipe",
      "pipe:1",
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return decodePng(new Uint8Array(png), size[0] ?? 0, size[1] ?? 0);
}

/**
 * Process ids of this process's children named `name` (Linux: read from /proc), such as
 * the ffmpeg processes a renderer runs; empty where /proc does not exist.
 */
export function childProcesses(name: string, parent: number = process.pid): number[] {
  const pids: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${parent}/task`);
  } catch {
    return [];
  }
  for (const task of tasks) {
    let children = "";
    try {
      children = readFileSync(`/proc/${parent}/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const pid of children.split(/\s+/).filter(Boolean).map(Number)) {
      if (processName(pid) === name) pids.push(pid);
    }
  }
  return pids;
}

/** The name of process `pid`, or undefined once it has exited (a zombie counts as exited). */
export function processName(pid: number): string | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    if (/^State:\s+Z/m.test(status)) return undefined;
    return /^Name:\s+(.*)$/m.exec(status)?.[1];
  } catch {
    return undefined;
  }
}
