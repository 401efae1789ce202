/**
 * The header prober's WebP reader: the RIFF container whole (its declared size within the
 * file, every chunk within it), and the picture's size from the first image chunk (lossy
 * VP8, lossless VP8L) or the extended header (VP8X), checked against the limits. An
 * animated WebP's length is the sum of its frame durations. The image data is not
 * decoded (the check is `structure`).
 *
 * @module
 */

import { latin1, u8, u16le, u24le, u32le } from "./binary.js";
import type { MediaProbeRequest, MediaProbeResult } from "./media-probe.js";
import { type RangeReader, rangeReaderOf } from "./probe-reader.js";
import { found, pictureSizeFailure, truncated, undecodable } from "./probe-results.js";

interface Chunk {
  readonly type: string;
  readonly dataOffset: number;
  readonly size: number;
}

interface Size {
  readonly width: number;
  readonly height: number;
}

// Far more frames than any animation holds; a file of more is refused rather than walked.
const CHUNKS_MAX = 100_000;

// The chunks of the RIFF body, each within `end`; a problem when one runs past it.
async function listChunks(reader: RangeReader, end: number): Promise<Chunk[] | string> {
  const chunks: Chunk[] = [];
  for (let offset = 12; offset + 8 <= end; ) {
    if (chunks.length === CHUNKS_MAX) return `it holds more than ${CHUNKS_MAX} chunks`;
    const header = await reader.read(offset, 8);
    const size = u32le(header, 4) ?? 0;
    const type = latin1(header, 0, 4) ?? "";
    if (offset + 8 + size > end) return `its ${type.trim()} chunk runs past the file's end`;
    chunks.push({ type, dataOffset: offset + 8, size });
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

async function imageSize(reader: RangeReader, chunk: Chunk): Promise<Size | string> {
  const data = await reader.read(chunk.dataOffset, Math.min(chunk.size, 16));
  if (chunk.type === "VP8 ") {
    const keyframe = ((u8(data, 0) ?? 1) & 1) === 0;
    if (!keyframe || u8(data, 3) !== 0x9d || u8(data, 4) !== 0x01 || u8(data, 5) !== 0x2a) {
      return "its lossy image does not start with a key frame";
    }
    return { width: (u16le(data, 6) ?? 0) & 0x3fff, height: (u16le(data, 8) ?? 0) & 0x3fff };
  }
  if (chunk.type === "VP8L") {
    const bits = u32le(data, 1);
    if (u8(data, 0) !== 0x2f || bits === undefined) return "its lossless image has no signature";
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return `its first chunk (${chunk.type.trim()}) is not an image`;
}

// The canvas of an extended file, and its length when animated (null for a still).
async function extendedFile(
  reader: RangeReader,
  chunks: readonly Chunk[],
): Promise<{ size: Size; durationSeconds: number | null } | string> {
  const [header] = chunks;
  const data = header === undefined ? new Uint8Array(0) : await reader.read(header.dataOffset, 10);
  const width = u24le(data, 4);
  const height = u24le(data, 7);
  if (width === undefined || height === undefined) return "its extended header is cut short";
  const size = { width: width + 1, height: height + 1 };
  const frames = chunks.filter((chunk) => chunk.type === "ANMF");
  if (frames.length > 0) {
    let milliseconds = 0;
    for (const frame of frames) {
      milliseconds += u24le(await reader.read(frame.dataOffset + 12, 3), 0) ?? 0;
    }
    return { size, durationSeconds: frames.length > 1 ? milliseconds / 1000 : null };
  }
  const image = chunks.find((chunk) => chunk.type === "VP8 " || chunk.type === "VP8L");
  if (image === undefined) return "it holds no image";
  const inner = await imageSize(reader, image);
  return typeof inner === "string" ? inner : { size, durationSeconds: null };
}

/** Probes a WebP file (see the module). */
export async function probeWebp(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const reader = rangeReaderOf(request.source);
  const head = await reader.read(0, 12);
  const riffEnd = 8 + (u32le(head, 4) ?? 0);
  if (latin1(head, 0, 4) !== "RIFF" || latin1(head, 8, 4) !== "WEBP") {
    return undecodable("The WebP file does not start with a RIFF WEBP header.");
  }
  if (riffEnd > reader.sizeBytes) return truncated("WebP", "the end its header declares");
  const chunks = await listChunks(reader, riffEnd);
  if (typeof chunks === "string") return undecodable(`The WebP file is corrupt: ${chunks}.`);
  const [first] = chunks;
  if (first === undefined) return undecodable("The WebP file holds no image.");
  const described =
    first.type === "VP8X"
      ? await extendedFile(reader, chunks)
      : await imageSize(reader, first).then((size) =>
          typeof size === "string" ? size : { size, durationSeconds: null },
        );
  if (typeof described === "string") return undecodable(`The WebP file is corrupt: ${described}.`);
  const refused = pictureSizeFailure(described.size, request.limits);
  if (refused !== undefined) return refused;
  return found({
    kind: "image",
    format: "webp",
    durationSeconds: described.durationSeconds,
    width: described.size.width,
    height: described.size.height,
    streams: [],
    codecs: ["webp"],
    check: "structure",
  });
}
