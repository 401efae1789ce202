/**
 * Which media prober the reference host runs: the ffprobe prober of `reelkit/local` when
 * ffprobe and ffmpeg run on this machine, so each import is decoded before it is stored,
 * and the header prober otherwise, which needs nothing. The banner says which, and why.
 *
 * @module
 */
import { createFfprobeMediaProber } from "../local/probe/ffprobe-prober.js";
import { createHeaderMediaProber } from "../media/probe/header-prober.js";
import type { MediaProber } from "../ports/media-prober.js";

/** Which prober the host chose, and why the header prober when it did. */
export type ProbingStatus =
  | { readonly prober: "ffprobe"; readonly program: string }
  | { readonly prober: "header"; readonly reason: string };

/** The prober the host runs, and what the banner says of it. */
export interface HostProbing {
  /** The prober handed to the service. */
  readonly mediaProber: MediaProber;
  /** Which one it is. */
  readonly status: ProbingStatus;
}

/** The programs to look for; `ffprobe` and `ffmpeg` on `PATH` when undefined. */
export interface ProbingPrograms {
  /** The ffprobe program. */
  readonly ffprobePath?: string | undefined;
  /** The ffmpeg program, which decodes a first frame. */
  readonly ffmpegPath?: string | undefined;
}

/**
 * Checks for ffprobe and ffmpeg once, and answers the ffprobe prober when both run, the
 * header prober with the reason otherwise.
 */
export async function chooseMediaProber(programs: ProbingPrograms): Promise<HostProbing> {
  const program = programs.ffprobePath ?? "ffprobe";
  const found = await createFfprobeMediaProber({
    ffprobePath: program,
    ...(programs.ffmpegPath === undefined ? {} : { ffmpegPath: programs.ffmpegPath }),
  });
  if (found.ok) return { mediaProber: found.value, status: { prober: "ffprobe", program } };
  return {
    mediaProber: createHeaderMediaProber(),
    status: { prober: "header", reason: found.error.message },
  };
}
