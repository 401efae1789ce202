/**
 * What a render's video inputs hold: one ffmpeg run lists the streams of them all,
 * which tells which carry sound (a video without a sound stream is mixed as silence
 * rather than failing the graph) and the size of each one's pictures.
 *
 * @module
 */
import { INPUT_SAFETY_ARGS } from "../command/graph.js";
import type { PictureSize } from "../ffmpeg-command.js";
import type { ProcessConfinement } from "./confinement.js";
import { runProcess } from "./ffmpeg-process.js";

const PROBE_TIMEOUT_MS = 30_000;
// Enough for the stream listing of every input of a large timeline.
const PROBE_OUTPUT_MAX_LENGTH = 1_000_000;

/** Where and how the probe runs. */
export interface StreamProbe {
  /** The ffmpeg program to run. */
  readonly program: string;
  /** The directory holding the input files. */
  readonly directory: string;
  /** Stops the probe with the render. */
  readonly signal: AbortSignal;
  /** The memory cap the probe runs under, as the render does. */
  readonly confinement?: ProcessConfinement | undefined;
}

/** What the probe found, by input id. */
export interface ProbedStreams {
  /** The inputs with a sound stream. */
  readonly withAudio: Set<string>;
  /**
   * The picture size of each input whose first video stream shows its pictures as
   * stored: square pixels and no rotation (ffmpeg would turn or stretch the others).
   */
  readonly sizes: Map<string, PictureSize>;
}

// The size of the first video stream of one input's listing, when plain.
function plainVideoSize(listing: string): PictureSize | undefined {
  if (/rotation|displaymatrix/i.test(listing)) return undefined;
  const line = listing.split("\n").find((text) => /Stream #\d+:\d+.*?: Video:/.test(text));
  const size = line?.match(/, (\d+)x(\d+)/);
  if (line === undefined || size === null || size === undefined) return undefined;
  const aspect = line.match(/\[SAR (\d+):(\d+)/);
  if (aspect !== null && aspect[1] !== aspect[2]) return undefined;
  return { width: Number(size[1]), height: Number(size[2]) };
}

function parseListing(stderr: string, ids: readonly string[]): ProbedStreams {
  const withAudio = new Set<string>();
  const sizes = new Map<string, PictureSize>();
  for (const section of stderr.split(/^Input #/m).slice(1)) {
    const id = ids[Number(section.match(/^(\d+)/)?.[1])];
    if (id === undefined) continue;
    if (/Stream #\d+:\d+.*?: Audio:/.test(section)) withAudio.add(id);
    const size = plainVideoSize(section);
    if (size !== undefined) sizes.set(id, size);
  }
  return { withAudio, sizes };
}

/**
 * Probes `files` (input id to file name in `directory`). ffmpeg prints each input's
 * streams, then exits asking for an output.
 */
export async function probeStreams(
  files: ReadonlyMap<string, string>,
  { program, directory, signal, confinement }: StreamProbe,
): Promise<ProbedStreams> {
  const entries = [...files];
  if (entries.length === 0) return { withAudio: new Set(), sizes: new Map() };
  const args = ["-hide_banner", "-nostdin"];
  for (const [, name] of entries) args.push(...INPUT_SAFETY_ARGS, "-i", name);
  const exit = await runProcess({
    program,
    args,
    cwd: directory,
    timeoutMs: PROBE_TIMEOUT_MS,
    signal,
    stderrMaxLength: PROBE_OUTPUT_MAX_LENGTH,
    confinement,
  });
  if (exit.kind !== "exited") return { withAudio: new Set(), sizes: new Map() };
  return parseListing(
    exit.stderr,
    entries.map(([id]) => id),
  );
}
