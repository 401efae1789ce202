/**
 * The header prober's WAV reader: the format chunk (a channel count, a sample rate and a
 * block size that make sense, so a file with sample rate 0 is refused) and a data chunk
 * holding at least one block of sound. Its length comes from the data it holds: a data
 * chunk declaring more than the file has (a recording cut off, or streamed with an
 * unknown size) counts what is there. Uncompressed samples need no decoding, so for
 * them the check is `decoded`.
 *
 * @module
 */

import { latin1, u16le, u32le } from "./binary.js";
import type { MediaProbeRequest, MediaProbeResult } from "./media-probe.js";
import { type RangeReader, rangeReaderOf } from "./probe-reader.js";
import { found, truncated, undecodable } from "./probe-results.js";

const PCM = 1;
const FLOAT = 3;
const A_LAW = 6;
const MU_LAW = 7;
const EXTENSIBLE = 0xfffe;
const UNCOMPRESSED = new Set([PCM, FLOAT, A_LAW, MU_LAW]);

interface WavFormat {
  readonly tag: number;
  readonly channels: number;
  readonly sampleRate: number;
  readonly byteRate: number;
  readonly blockAlign: number;
  readonly bitsPerSample: number;
}

interface Chunk {
  readonly dataOffset: number;
  readonly size: number;
}

// Far more chunks than any WAV file holds; more is refused rather than walked.
const CHUNKS_MAX = 10_000;

// The `fmt ` and `data` chunks, walking chunk headers through the file.
async function findChunks(reader: RangeReader): Promise<{ fmt?: Chunk; data?: Chunk }> {
  const chunks: { fmt?: Chunk; data?: Chunk } = {};
  let offset = 12;
  for (let count = 0; count < CHUNKS_MAX && offset + 8 <= reader.sizeBytes; count += 1) {
    const header = await reader.read(offset, 8);
    const size = u32le(header, 4) ?? 0;
    const type = latin1(header, 0, 4);
    if (type === "fmt ") chunks.fmt ??= { dataOffset: offset + 8, size };
    if (type === "data") {
      chunks.data ??= { dataOffset: offset + 8, size };
      break;
    }
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

function formatOf(bytes: Uint8Array): WavFormat | string {
  const declared = u16le(bytes, 0) ?? 0;
  const format = {
    // An extensible format names the real one in the first two bytes of its GUID.
    tag: declared === EXTENSIBLE ? (u16le(bytes, 24) ?? 0) : declared,
    channels: u16le(bytes, 2) ?? 0,
    sampleRate: u32le(bytes, 4) ?? 0,
    byteRate: u32le(bytes, 8) ?? 0,
    blockAlign: u16le(bytes, 12) ?? 0,
    bitsPerSample: u16le(bytes, 14) ?? 0,
  };
  if (format.sampleRate === 0) return "its sample rate is 0";
  if (format.channels === 0) return "it has no channel";
  if (format.blockAlign === 0) return "its block size is 0";
  if (!UNCOMPRESSED.has(format.tag) && format.byteRate === 0) return "its byte rate is 0";
  return format;
}

function codecOf({ tag, bitsPerSample }: WavFormat): string {
  if (tag === PCM) return bitsPerSample <= 8 ? "pcm_u8" : `pcm_s${bitsPerSample}le`;
  if (tag === FLOAT) return bitsPerSample === 64 ? "pcm_f64le" : "pcm_f32le";
  if (tag === A_LAW) return "pcm_alaw";
  if (tag === MU_LAW) return "pcm_mulaw";
  return `wav_format_0x${tag.toString(16).padStart(4, "0")}`;
}

/** Probes a WAV file (see the module). */
export async function probeWav(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const reader = rangeReaderOf(request.source);
  const head = await reader.read(0, 12);
  if (latin1(head, 0, 4) !== "RIFF" || latin1(head, 8, 4) !== "WAVE") {
    return undecodable("The WAV file does not start with a RIFF WAVE header.");
  }
  const { fmt, data } = await findChunks(reader);
  if (fmt === undefined || fmt.size < 16) return truncated("WAV", "its format chunk");
  const format = formatOf(await reader.read(fmt.dataOffset, Math.min(fmt.size, 40)));
  if (typeof format === "string") return undecodable(`The WAV file is not playable: ${format}.`);
  if (data === undefined) return truncated("WAV", "its sound data");
  const dataBytes = Math.min(data.size, reader.sizeBytes - data.dataOffset);
  if (dataBytes < format.blockAlign) return truncated("WAV", "its first block of sound");
  const uncompressed = UNCOMPRESSED.has(format.tag);
  const durationSeconds = uncompressed
    ? Math.floor(dataBytes / format.blockAlign) / format.sampleRate
    : dataBytes / format.byteRate;
  return found({
    kind: "audio",
    format: "wav",
    durationSeconds,
    width: null,
    height: null,
    streams: ["audio"],
    codecs: [codecOf(format)],
    check: uncompressed ? "decoded" : "structure",
  });
}
