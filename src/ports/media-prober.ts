/**
 * The media prober port: what a media file really holds. The service asks it about every
 * file it imports, uploads or places on a timeline by URL, and refuses what does not
 * decode, so that nothing stored as media fails later when it is played or rendered.
 * `createHeaderMediaProber` answers from the file's headers in pure TypeScript and runs
 * on any runtime; `createFfprobeMediaProber` of `reelkit/local` asks ffprobe and ffmpeg.
 *
 * @module
 */
import type { MediaProbeRequest, MediaProbeResult } from "../media/probe/media-probe.js";

export type {
  MediaProbe,
  MediaProbeCheck,
  MediaProbeFailure,
  MediaProbeFailureCode,
  MediaProbeRequest,
  MediaProbeResult,
  MediaStreamKind,
  PictureLimits,
  ProbeSource,
} from "../media/probe/media-probe.js";

/** Tells what a media file holds. */
export interface MediaProber {
  /** Short name of the prober (`header`, `ffprobe`), recorded with what it found. */
  readonly name: string;
  /** Probes one file; every expected failure is a returned value. */
  probe(request: MediaProbeRequest): Promise<MediaProbeResult>;
}
