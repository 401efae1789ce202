/**
 * The answers the header prober's readers give: a found probe, or a failure of the closed
 * set, with the picture-size check every reader of pictures makes before decoding.
 *
 * @module
 */
import { type Err, err, ok } from "../../result.js";
import type {
  MediaProbe,
  MediaProbeFailure,
  MediaProbeRequest,
  MediaProbeResult,
  MediaStreamKind,
  PictureLimits,
} from "./media-probe.js";

/** A probe that found `value`. */
export function found(value: MediaProbe): MediaProbeResult {
  return ok(value);
}

/** A failed probe. */
export function failed(error: MediaProbeFailure): Err<MediaProbeFailure> {
  return err(error);
}

/** The file is not a valid file of its format. */
export function undecodable(message: string): Err<MediaProbeFailure> {
  return failed({ code: "undecodable", message });
}

/** A valid file the prober cannot check. */
export function unsupported(message: string): Err<MediaProbeFailure> {
  return failed({ code: "unsupported", message });
}

/** A truncated file: it ends before `what`. */
export function truncated(format: string, what: string): Err<MediaProbeFailure> {
  return undecodable(`The ${format} file is cut short: it ends before ${what}.`);
}

/**
 * The `too_large` failure of a picture past `limits`, or undefined when it is within
 * them; zero sides are undecodable.
 */
export function pictureSizeFailure(
  { width, height }: { readonly width: number; readonly height: number },
  limits: PictureLimits,
): Err<MediaProbeFailure> | undefined {
  if (!(width >= 1 && height >= 1)) {
    return undecodable(`The picture's size ${width}×${height} is not a size.`);
  }
  if (
    width <= limits.maxSidePixels &&
    height <= limits.maxSidePixels &&
    width * height <= limits.maxPixels
  ) {
    return undefined;
  }
  return failed({
    code: "too_large",
    message: `The picture is ${width}×${height} pixels; at most ${limits.maxSidePixels} pixels a side and ${limits.maxPixels} pixels in all are accepted.`,
    width,
    height,
  });
}

/** A track of a container file (MP4, QuickTime, Matroska, WebM), as its reader found it. */
export interface ContainerTrack {
  /** Video, audio, or a kind the probe does not report (subtitles, data). */
  readonly kind: MediaStreamKind | undefined;
  /** The codec's name. */
  readonly codec: string;
  /** Picture width; 0 for audio. */
  readonly width: number;
  /** Picture height; 0 for audio. */
  readonly height: number;
}

const STREAM_ORDER: readonly MediaStreamKind[] = ["video", "audio"];

/** The kinds of stream a container's tracks hold, video first. */
export function streamsOf(tracks: readonly Pick<ContainerTrack, "kind">[]): MediaStreamKind[] {
  return STREAM_ORDER.filter((kind) => tracks.some((track) => track.kind === kind));
}

/**
 * The probe of a container whose structure checked out: its first video track's picture
 * size within the limits, its streams and codecs video first.
 */
export function containerProbe(
  request: MediaProbeRequest,
  movie: { readonly tracks: readonly ContainerTrack[]; readonly seconds: number | null },
): MediaProbeResult {
  const video = movie.tracks.find((track) => track.kind === "video");
  if (video !== undefined) {
    const refused = pictureSizeFailure(video, request.limits);
    if (refused !== undefined) return refused;
  }
  const streams = streamsOf(movie.tracks);
  return found({
    kind: video === undefined ? "audio" : "video",
    format: request.format,
    durationSeconds: movie.seconds,
    width: video?.width ?? null,
    height: video?.height ?? null,
    streams,
    codecs: streams.flatMap((kind) =>
      movie.tracks.filter((track) => track.kind === kind).map((track) => track.codec),
    ),
    check: "structure",
  });
}
