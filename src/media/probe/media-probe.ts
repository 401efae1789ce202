/**
 * What a probe of a media file finds, and what it is asked: the shapes the media prober
 * port (`MediaProber` of `reelkit`) speaks in, kept beside the header prober that
 * answers them so it needs nothing above the media room.
 *
 * @module
 */

import type { Result } from "../../result.js";
import type { MediaFormatName } from "../media-formats.js";
import type { MediaKind } from "../media-types.js";

/** The kinds of stream a time-based media file holds. */
export type MediaStreamKind = "video" | "audio";

/**
 * How far a prober checked that the file plays: `decoded` when it decoded a first frame
 * (or a first window of sound), `structure` when it checked every header and the
 * presence of a first frame's data without decoding it.
 */
export type MediaProbeCheck = "decoded" | "structure";

/** What a media file holds. */
export interface MediaProbe {
  /**
   * `image` for pictures (an animated GIF included), `video` for files with a video
   * stream, `audio` for files whose only streams are sound (an MP4 holding sound alone).
   */
  readonly kind: MediaKind;
  /** The file's format, as sniffing named it (`png`, `mp4`, `webm`, ...). */
  readonly format: MediaFormatName;
  /**
   * Length in seconds; null for still pictures and when the file does not tell it
   * (a WebM recorded live, say).
   */
  readonly durationSeconds: number | null;
  /** Width in pixels of the picture or video frames; null for sound. */
  readonly width: number | null;
  /** Height in pixels of the picture or video frames; null for sound. */
  readonly height: number | null;
  /** The kinds of the file's streams, video first; empty for pictures. */
  readonly streams: readonly MediaStreamKind[];
  /** Codec names of its streams, in ffmpeg's words (`h264`, `aac`, `png`, ...). */
  readonly codecs: readonly string[];
  /** How far the prober checked that it plays. */
  readonly check: MediaProbeCheck;
}

/** Why a probe failed. */
export type MediaProbeFailureCode =
  /** The file is not a valid file of its format: corrupt, truncated, or no media. */
  | "undecodable"
  /** A valid file the prober cannot read or check (a codec or layout it does not know). */
  | "unsupported"
  /** A picture larger than the probe's pixel limits; it was not decoded. */
  | "too_large"
  /** The prober's program is missing or does not run. */
  | "prober_unavailable"
  /** The prober ran out of time. */
  | "timeout"
  /** The prober failed for another reason of its own. */
  | "prober_failed";

/** A failed probe, as a value. */
export interface MediaProbeFailure {
  /** Why. */
  readonly code: MediaProbeFailureCode;
  /**
   * What is wrong, in words a client can act on. Written by the prober, never a tool's
   * own output.
   */
  readonly message: string;
  /** The picture's width, when `code` is `too_large`. */
  readonly width?: number;
  /** The picture's height, when `code` is `too_large`. */
  readonly height?: number;
}

/** Result of probing a file: what it holds, or why that could not be told. */
export type MediaProbeResult = Result<MediaProbe, MediaProbeFailure>;

/** The file to probe: its size, and its bytes (whole or an inclusive range) on demand. */
export interface ProbeSource {
  /** Size in bytes. */
  readonly sizeBytes: number;
  /** A fresh stream of the bytes, or of the inclusive range within them. */
  stream(range?: { readonly start: number; readonly end: number }): ReadableStream<Uint8Array>;
}

/** The largest pictures a probe lets through, checked from the headers before decoding. */
export interface PictureLimits {
  /** Most pixels on either side. */
  readonly maxSidePixels: number;
  /** Most pixels in all (width × height). */
  readonly maxPixels: number;
}

/** What to probe. */
export interface MediaProbeRequest {
  /** The file. */
  readonly source: ProbeSource;
  /** Its format, as sniffing named it; the prober reads it as that format only. */
  readonly format: MediaFormatName;
  /** Pictures (and video frames) past these are `too_large`, and never decoded. */
  readonly limits: PictureLimits;
}
