/**
 * The header prober's FLAC reader (behind an ID3v2 tag when there is one): the stream
 * information block (a sample rate and channel count that make sense, so a file with
 * sample rate 0 is refused), every metadata block within the file, and the sync code of
 * a first frame after them. The length is the total samples over the sample rate, when
 * the encoder wrote the total. Frames are not decoded (the check is `structure`).
 *
 * @module
 */

import { id3TagLength } from "../sniff-audio-frames.js";
import { latin1, u8, u32be } from "./binary.js";
import type { MediaProbeRequest, MediaProbeResult } from "./media-probe.js";
import { rangeReaderOf } from "./probe-reader.js";
import { found, truncated, undecodable } from "./probe-results.js";

const STREAM_INFO_BYTES = 34;
// Far more metadata blocks than a file holds; more is refused rather than walked.
const BLOCKS_MAX = 10_000;

interface StreamInfo {
  readonly sampleRate: number;
  readonly channels: number;
  readonly totalSamples: number;
}

function streamInfoOf(data: Uint8Array): StreamInfo {
  const [a = 0, b = 0, c = 0, d = 0] = data.subarray(10, 14);
  return {
    sampleRate: (a << 12) | (b << 4) | (c >> 4),
    channels: ((c >> 1) & 0x07) + 1,
    totalSamples: (d & 0x0f) * 0x1_0000_0000 + (u32be(data, 14) ?? 0),
  };
}

/** Probes a FLAC file (see the module). */
export async function probeFlac(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const reader = rangeReaderOf(request.source);
  const start = id3TagLength(await reader.read(0, 10));
  if (latin1(await reader.read(start, 4), 0, 4) !== "fLaC") {
    return undecodable("The FLAC file does not start with a FLAC signature.");
  }
  let offset = start + 4;
  let info: StreamInfo | undefined;
  for (let count = 0; ; count += 1) {
    if (count === BLOCKS_MAX)
      return undecodable("The FLAC file is corrupt: its metadata never ends.");
    const header = await reader.read(offset, 4 + STREAM_INFO_BYTES);
    if (header.byteLength < 4) return truncated("FLAC", "the end of its metadata");
    const type = (u8(header, 0) ?? 0) & 0x7f;
    const length =
      ((u8(header, 1) ?? 0) << 16) | ((u8(header, 2) ?? 0) << 8) | (u8(header, 3) ?? 0);
    if (count === 0 && (type !== 0 || length !== STREAM_INFO_BYTES)) {
      return undecodable(
        "The FLAC file is corrupt: its first block is not its stream information.",
      );
    }
    if (count === 0) info = streamInfoOf(header.subarray(4));
    offset += 4 + length;
    if (offset > reader.sizeBytes) return truncated("FLAC", "the end of its metadata");
    if (((u8(header, 0) ?? 0) & 0x80) !== 0) break;
  }
  if (info === undefined || info.sampleRate === 0) {
    return undecodable("The FLAC file is not playable: its sample rate is 0.");
  }
  const sync = await reader.read(offset, 2);
  if (sync.byteLength < 2) return truncated("FLAC", "its first frame");
  if (u8(sync, 0) !== 0xff || ((u8(sync, 1) ?? 0) & 0xfe) !== 0xf8) {
    return undecodable("The FLAC file is corrupt: no frame follows its metadata.");
  }
  return found({
    kind: "audio",
    format: "flac",
    durationSeconds: info.totalSamples > 0 ? info.totalSamples / info.sampleRate : null,
    width: null,
    height: null,
    streams: ["audio"],
    codecs: ["flac"],
    check: "structure",
  });
}
