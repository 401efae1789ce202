/**
 * The header prober: a media prober (the `MediaProber` port of `reelkit`) in pure TypeScript over Web-standard APIs, so
 * it runs wherever the library runs (Node, Deno, Bun, workers). Each format has a reader
 * that checks the file's structure and reads its size, length, streams and codecs from
 * its headers; PNG data is decompressed and checked row by row, WAV samples need no
 * decoding, and the others are checked to the presence of their first frame without
 * decoding it. It reads a stored file by ranges or front to back, never whole.
 *
 * @module
 */

import type { MediaFormatName } from "../media-formats.js";
import { probeAvi } from "./avi.js";
import { probeEbml } from "./ebml.js";
import { probeFlac } from "./flac.js";
import { probeGif } from "./gif.js";
import { probeIsoMedia } from "./iso-media.js";
import { probeJpeg } from "./jpeg.js";
import type { MediaProbeRequest, MediaProbeResult } from "./media-probe.js";
import { probeMpegAudio } from "./mpeg-audio.js";
import { probeOgg } from "./ogg.js";
import { probePng } from "./png.js";
import { failed } from "./probe-results.js";
import { probeWav } from "./wav.js";
import { probeWebp } from "./webp.js";

/** The name the header prober records with what it found. */
export const HEADER_PROBER_NAME = "header";

type FormatReader = (request: MediaProbeRequest) => Promise<MediaProbeResult>;

const READERS: { readonly [Format in MediaFormatName]: FormatReader } = {
  png: probePng,
  jpeg: probeJpeg,
  gif: probeGif,
  webp: probeWebp,
  mp4: probeIsoMedia,
  mov: probeIsoMedia,
  m4a: probeIsoMedia,
  webm: probeEbml,
  matroska: probeEbml,
  avi: probeAvi,
  ogv: probeOgg,
  ogg: probeOgg,
  mp3: probeMpegAudio,
  aac: probeMpegAudio,
  wav: probeWav,
  flac: probeFlac,
};

/**
 * The header prober, as {@link createHeaderMediaProber} makes it: it has the shape of the
 * `MediaProber` port of `reelkit`, which it serves wherever that port is asked for.
 */
export interface HeaderMediaProber {
  /** {@link HEADER_PROBER_NAME}, recorded with what it found. */
  readonly name: string;
  /** Probes one file from its headers; every expected failure is a returned value. */
  probe(request: MediaProbeRequest): Promise<MediaProbeResult>;
}

/**
 * Creates the header prober. It needs no program and no network; a stream that fails
 * while it reads is answered as `prober_failed`.
 *
 * @example
 * ```ts
 * const prober = createHeaderMediaProber();
 * const result = await prober.probe({
 *   source: probeSourceOfBytes(bytes),
 *   format: "png",
 *   limits: { maxSidePixels: IMAGE_SIDE_MAX_PIXELS, maxPixels: IMAGE_PIXELS_MAX },
 * });
 * if (result.ok) result.value.width; // 1080
 * else result.error.code; // "undecodable", "too_large", ...
 * ```
 */
export function createHeaderMediaProber(): HeaderMediaProber {
  return {
    name: HEADER_PROBER_NAME,
    async probe(request) {
      try {
        return await READERS[request.format](request);
      } catch {
        return failed({
          code: "prober_failed",
          message: "The file could not be read to check it; try again.",
        });
      }
    },
  };
}
