/**
 * Which video inputs carry sound: one ffmpeg run lists the streams of them all (a video
 * without a sound stream is mixed as silence rather than failing the graph).
 *
 * @module
 */
import { INPUT_SAFETY_ARGS } from "../command/graph.js";
import type { ProcessConfinement } from "./confinement.js";
import { runProcess } from "./ffmpeg-process.js";

const PROBE_TIMEOUT_MS = 30_000;
// Enough for the stream listing of every input of a large timeline.
const PROBE_OUTPUT_MAX_LENGTH = 1_000_000;

/** Where and how the probe runs. */
export interface AudioProbe {
  /** The ffmpeg program to run. */
  readonly program: string;
  /** The directory holding the input files. */
  readonly directory: string;
  /** Stops the probe with the render. */
  readonly signal: AbortSignal;
  /** The memory cap the probe runs under, as the render does. */
  readonly confinement?: ProcessConfinement | undefined;
}

/**
 * The ids among `files` (input id to file name in `directory`) whose file has an audio
 * stream. ffmpeg prints each input's streams, then exits asking for an output.
 */
export async function inputsWithAudio(
  files: ReadonlyMap<string, string>,
  { program, directory, signal, confinement }: AudioProbe,
): Promise<Set<string>> {
  const entries = [...files];
  if (entries.length === 0) return new Set();
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
  if (exit.kind !== "exited") return new Set();
  const withAudio = new Set<string>();
  for (const match of exit.stderr.matchAll(/Stream #(\d+):\d+.*?: Audio:/g)) {
    const entry = entries[Number(match[1])];
    if (entry !== undefined) withAudio.add(entry[0]);
  }
  return withAudio;
}
