/**
 * ffprobe for tests that check media files. Without it the tests skip with the reason
 * printed, except in CI (`CI=true`), where they must run and therefore fail.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function installed(): boolean {
  try {
    execFileSync("ffprobe", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** True when ffprobe-based tests should run: always in CI, else when it is installed. */
export function ffprobeTestsRun(): boolean {
  if (process.env.CI === "true" || installed()) return true;
  console.warn("Skipping the ffprobe checks of media files: ffprobe is not installed.");
  return false;
}

/** One stream as ffprobe describes it. */
export interface ProbedStream {
  readonly codec_type: string;
  readonly codec_name: string;
  readonly profile?: string;
  readonly width?: number;
  readonly height?: number;
  readonly sample_rate?: string;
  readonly channels?: number;
}

/** What ffprobe reads from a file: its streams and its duration in seconds. */
export interface Probe {
  readonly streams: readonly ProbedStream[];
  readonly durationSeconds: number;
  readonly formatName: string;
}

function withFile<T>(bytes: Uint8Array, extension: string, use: (path: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), "reelkit-probe-"));
  try {
    const path = join(folder, `file.${extension}`);
    writeFileSync(path, bytes);
    return use(path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Probes `bytes` (written to a temporary file); throws when ffprobe cannot read them. */
export function probe(bytes: Uint8Array, extension: string): Probe {
  return withFile(bytes, extension, (path) => {
    const output = execFileSync(
      "ffprobe",
      ["-v", "error", "-show_streams", "-show_format", "-of", "json", path],
      { encoding: "utf8" },
    );
    const parsed = JSON.parse(output);
    return {
      streams: parsed.streams,
      durationSeconds: Number(parsed.format.duration),
      formatName: parsed.format.format_name,
    };
  });
}

/** What ffmpeg reports while decoding every frame and sample of `bytes`; empty when clean. */
export function decodeErrors(bytes: Uint8Array, extension: string): string {
  return withFile(bytes, extension, (path) => {
    try {
      execFileSync("ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"], {
        stdio: ["ignore", "ignore", "pipe"],
        encoding: "utf8",
      });
      return "";
    } catch (error) {
      return String((error as { stderr?: string }).stderr ?? error);
    }
  });
}
