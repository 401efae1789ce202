/**
 * The ffprobe prober: a {@link MediaProber} that asks ffprobe what a file holds and has
 * ffmpeg decode its first frame (or first second of sound), so a file is only accepted
 * when a real decoder plays it. Node only. The programs are found on `PATH` or at
 * configured paths and checked once when the prober is made; each probe copies the file
 * into a private temporary directory (removed afterwards), reads it with only the `file`
 * protocol allowed and the demuxer of the format its bytes named (so nothing is fetched,
 * and no playlist or concat file reaches further), runs each program with a time limit
 * and an output limit, and waits for a slot among a bounded number of concurrent probes.
 * A picture past the pixel limits is refused from ffprobe's answer, before anything is
 * decoded. Nothing the programs print ever reaches a client.
 *
 * @module
 */
import { tmpdir } from "node:os";
import type { MediaFormatName } from "../../media/media-formats.js";
import { pictureSizeFailure } from "../../media/probe/probe-results.js";
import type {
  MediaProbeFailure,
  MediaProbeRequest,
  MediaProbeResult,
  MediaProber,
} from "../../ports/media-prober.js";
import { err, ok, type Result } from "../../result.js";
import { type ProcessFailure, runBounded } from "./bounded-process.js";
import { type FfprobeReport, probeOfReport, readFfprobeJson } from "./ffprobe-output.js";
import { withPrivateFile } from "./private-file.js";
import { createProcessSlots, type ProcessSlots } from "./process-slots.js";

/** The name the ffprobe prober records with what it found. */
export const FFPROBE_PROBER_NAME = "ffprobe";
/** Longest each program may run on one file: 20 seconds. */
export const FFPROBE_TIMEOUT_MILLISECONDS_DEFAULT = 20_000;
/** Most output each program may write: 1 MiB, far above a description of any real file. */
export const FFPROBE_OUTPUT_MAX_BYTES_DEFAULT = 1024 * 1024;
/** Probes that run at once; more wait their turn. */
export const FFPROBE_CONCURRENT_PROBES_DEFAULT = 2;

/** Settings of {@link createFfprobeMediaProber}; every field has a default. */
export interface FfprobeMediaProberOptions {
  /** The ffprobe program: a path, or a name looked up on `PATH`; `ffprobe` by default. */
  readonly ffprobePath?: string;
  /** The ffmpeg program that decodes a first frame; `ffmpeg` by default. */
  readonly ffmpegPath?: string;
  /** Per program run; {@link FFPROBE_TIMEOUT_MILLISECONDS_DEFAULT} by default. */
  readonly timeoutMilliseconds?: number;
  /** Per program run; {@link FFPROBE_OUTPUT_MAX_BYTES_DEFAULT} by default. */
  readonly maxOutputBytes?: number;
  /** Probes at once; {@link FFPROBE_CONCURRENT_PROBES_DEFAULT} by default. */
  readonly maxConcurrentProbes?: number;
  /** Where the private directories of probes are made; the system's temporary directory by default. */
  readonly temporaryDirectory?: string;
}

/** Result of {@link createFfprobeMediaProber}. */
export type FfprobeMediaProberSetup = Result<MediaProber, MediaProbeFailure>;

// ffmpeg's demuxer for each format, so a file is read as what its bytes say and nothing
// else (never as a playlist or a list of other files).
const DEMUXERS: { readonly [Format in MediaFormatName]: string } = {
  png: "png_pipe",
  jpeg: "jpeg_pipe",
  gif: "gif",
  webp: "webp_pipe",
  mp4: "mov",
  mov: "mov",
  m4a: "mov",
  webm: "matroska",
  matroska: "matroska",
  avi: "avi",
  ogv: "ogg",
  ogg: "ogg",
  mp3: "mp3",
  aac: "aac",
  wav: "wav",
  flac: "flac",
};

interface Settings {
  readonly ffprobe: string;
  readonly ffmpeg: string;
  readonly timeoutMilliseconds: number;
  readonly maxOutputBytes: number;
  readonly temporaryDirectory: string;
  readonly slots: ProcessSlots;
}

function failure(code: MediaProbeFailure["code"], message: string) {
  return err<MediaProbeFailure>({ code, message });
}

// The failure of a run that did not exit by itself, named for the program.
function runFailure(failed: ProcessFailure, program: "ffprobe" | "ffmpeg") {
  switch (failed) {
    case "missing":
      return failure("prober_unavailable", `${program} could not be started.`);
    case "timeout":
      return failure("timeout", "Checking the file took too long.");
    case "output_too_large":
      return failure("unsupported", "The file describes more streams than are checked.");
  }
}

function inputArgs(path: string, format: MediaFormatName): string[] {
  return [
    "-v",
    "error",
    "-hide_banner",
    "-protocol_whitelist",
    "file",
    "-f",
    DEMUXERS[format],
    "-i",
    path,
  ];
}

async function describe(
  settings: Settings,
  path: string,
  format: MediaFormatName,
): Promise<Result<FfprobeReport, MediaProbeFailure>> {
  const counting = format === "gif" ? ["-count_packets"] : [];
  const outcome = await runBounded({
    program: settings.ffprobe,
    args: [...inputArgs(path, format), ...counting, "-show_format", "-show_streams", "-of", "json"],
    timeoutMilliseconds: settings.timeoutMilliseconds,
    maxOutputBytes: settings.maxOutputBytes,
  });
  if (!outcome.ok) return runFailure(outcome.error, "ffprobe");
  const { exitCode, stdout } = outcome.value;
  const report = exitCode === 0 ? readFfprobeJson(stdout) : undefined;
  if (report !== undefined) return ok(report);
  return failure("undecodable", `The file cannot be read as ${format.toUpperCase()}.`);
}

// Decodes the first video frame, or the first second of sound, and counts what came out.
async function decodeFirst(
  settings: Settings,
  { path, format, video }: { path: string; format: MediaFormatName; video: boolean },
): Promise<MediaProbeResult | undefined> {
  const window = video ? ["-map", "0:v:0", "-frames:v", "1"] : ["-map", "0:a:0", "-t", "1"];
  const outcome = await runBounded({
    program: settings.ffmpeg,
    args: [
      "-nostdin",
      "-threads",
      "1",
      ...inputArgs(path, format),
      ...window,
      "-f",
      "framecrc",
      "-",
    ],
    timeoutMilliseconds: settings.timeoutMilliseconds,
    maxOutputBytes: settings.maxOutputBytes,
  });
  if (!outcome.ok) return runFailure(outcome.error, "ffmpeg");
  const { exitCode, stdout } = outcome.value;
  const frames =
    exitCode === 0 ? stdout.split("\n").filter((line) => /^\d+,/.test(line)).length : 0;
  if (frames > 0) return undefined;
  return failure(
    "undecodable",
    `The ${format.toUpperCase()} file is corrupt: its first ${video ? "frame" : "sound"} does not decode.`,
  );
}

async function probeFile(settings: Settings, request: MediaProbeRequest, path: string) {
  const { format, limits } = request;
  const described = await describe(settings, path, format);
  if (!described.ok) return described;
  const probe = probeOfReport(described.value, format);
  if (probe === undefined)
    return failure(
      "undecodable",
      `The ${format.toUpperCase()} file holds no picture, video or sound.`,
    );
  const { width, height } = probe;
  if (width !== null && height !== null) {
    const refused = pictureSizeFailure({ width, height }, limits);
    if (refused !== undefined) return refused;
  }
  const video = probe.kind !== "audio";
  const decoded = await decodeFirst(settings, { path, format, video });
  return decoded ?? ok({ ...probe, check: "decoded" as const });
}

// One check per program: whether it starts and answers -version.
async function checkProgram(
  program: string,
  name: "ffprobe" | "ffmpeg",
): Promise<MediaProbeFailure | undefined> {
  const outcome = await runBounded({
    program,
    args: ["-version"],
    timeoutMilliseconds: 15_000,
    maxOutputBytes: 1024 * 1024,
  });
  if (outcome.ok && outcome.value.exitCode === 0) return undefined;
  return {
    code: "prober_unavailable",
    message: `${name} was not found or does not run (looked for "${program}"): install ffmpeg, which brings ffprobe (Debian: apt-get install ffmpeg), or pass ${name}Path.`,
  };
}

function settingsOf(options: FfprobeMediaProberOptions): Settings {
  const settings = {
    ffprobe: options.ffprobePath ?? "ffprobe",
    ffmpeg: options.ffmpegPath ?? "ffmpeg",
    timeoutMilliseconds: options.timeoutMilliseconds ?? FFPROBE_TIMEOUT_MILLISECONDS_DEFAULT,
    maxOutputBytes: options.maxOutputBytes ?? FFPROBE_OUTPUT_MAX_BYTES_DEFAULT,
    temporaryDirectory: options.temporaryDirectory ?? tmpdir(),
    slots: createProcessSlots(options.maxConcurrentProbes ?? FFPROBE_CONCURRENT_PROBES_DEFAULT),
  };
  if (
    ![settings.timeoutMilliseconds, settings.maxOutputBytes].every(
      (value) => Number.isSafeInteger(value) && value > 0,
    )
  ) {
    throw new RangeError("timeoutMilliseconds and maxOutputBytes must be positive whole numbers.");
  }
  return settings;
}

/**
 * Finds ffprobe and ffmpeg, checks that both run (once), and answers the prober, or a
 * `prober_unavailable` failure naming the program that is missing.
 *
 * @example
 * ```ts
 * import { createFfprobeMediaProber } from "reelkit/local";
 *
 * const setup = await createFfprobeMediaProber({ maxConcurrentProbes: 4 });
 * const mediaProber = setup.ok ? setup.value : createHeaderMediaProber();
 * if (!setup.ok) console.warn(setup.error.message); // "ffprobe was not found ..."
 * const service = createService({ ...ports, ...providers, mediaProber });
 * ```
 */
export async function createFfprobeMediaProber(
  options: FfprobeMediaProberOptions = {},
): Promise<FfprobeMediaProberSetup> {
  const settings = settingsOf(options);
  const missing =
    (await checkProgram(settings.ffprobe, "ffprobe")) ??
    (await checkProgram(settings.ffmpeg, "ffmpeg"));
  if (missing !== undefined) return err(missing);
  const prober: MediaProber = {
    name: FFPROBE_PROBER_NAME,
    probe: (request) =>
      settings.slots.run(async () => {
        try {
          return await withPrivateFile(settings.temporaryDirectory, request.source, (path) =>
            probeFile(settings, request, path),
          );
        } catch {
          return failure("prober_failed", "The file could not be copied to be checked.");
        }
      }),
  };
  return ok(prober);
}
