/**
 * The header prober's AVI reader: the RIFF container within the file, the main header
 * (frame count, frame duration and size, checked against the picture limits), the
 * stream headers (kind and codec) and the presence of the `movi` list holding the
 * frames. The length is the frame count times the frame duration. Frames are not decoded
 * (the check is `structure`).
 *
 * @module
 */

import { latin1, u16le, u32le } from "./binary.js";
import type { MediaProbeRequest, MediaProbeResult, MediaStreamKind } from "./media-probe.js";
import { type RangeReader, rangeReaderOf } from "./probe-reader.js";
import { found, pictureSizeFailure, truncated, undecodable } from "./probe-results.js";

/** Largest header list (`hdrl`) read whole. */
const HEADER_LIST_MAX_BYTES = 1024 * 1024;

interface Chunk {
  readonly id: string;
  /** The list type of a LIST chunk. */
  readonly list: string | undefined;
  readonly start: number;
  readonly end: number;
}

function chunksOf(bytes: Uint8Array, start: number, end: number): Chunk[] {
  const chunks: Chunk[] = [];
  for (let offset = start; offset + 8 <= end; ) {
    const id = latin1(bytes, offset, 4) ?? "";
    const size = u32le(bytes, offset + 4) ?? 0;
    const isList = id === "LIST" || id === "RIFF";
    chunks.push({
      id,
      list: isList ? latin1(bytes, offset + 8, 4) : undefined,
      start: offset + (isList ? 12 : 8),
      end: offset + 8 + size,
    });
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

const VIDEO_CODECS: Readonly<Record<string, string>> = {
  mjpg: "mjpeg",
  h264: "h264",
  avc1: "h264",
  x264: "h264",
  xvid: "mpeg4",
  divx: "mpeg4",
  dx50: "mpeg4",
  fmp4: "mpeg4",
};
const AUDIO_CODECS: Readonly<Record<number, string>> = { 1: "pcm_s16le", 85: "mp3", 255: "aac" };

interface Stream {
  readonly kind: MediaStreamKind | undefined;
  readonly codec: string;
}

function streamOf(bytes: Uint8Array, list: Chunk): Stream {
  const [header, format] = ["strh", "strf"].map((id) =>
    chunksOf(bytes, list.start, list.end).find((chunk) => chunk.id === id),
  );
  const type = header === undefined ? "" : latin1(bytes, header.start, 4);
  if (type === "vids") {
    const code =
      (format === undefined
        ? latin1(bytes, (header?.start ?? 0) + 4, 4)
        : latin1(bytes, format.start + 16, 4)) ?? "";
    return { kind: "video", codec: VIDEO_CODECS[code.toLowerCase()] ?? code.trim().toLowerCase() };
  }
  if (type === "auds") {
    const tag = format === undefined ? 0 : (u16le(bytes, format.start) ?? 0);
    return { kind: "audio", codec: AUDIO_CODECS[tag] ?? `wav_format_0x${tag.toString(16)}` };
  }
  return { kind: undefined, codec: "" };
}

async function readHeaderList(reader: RangeReader, riff: Chunk[]): Promise<Uint8Array | string> {
  const list = riff.find((chunk) => chunk.list === "hdrl");
  if (list === undefined) return "it has no header list";
  if (list.end - list.start > HEADER_LIST_MAX_BYTES) return "its header list is too large";
  const bytes = new Uint8Array(list.end);
  bytes.set(await reader.read(list.start, list.end - list.start), list.start);
  return bytes;
}

/** Probes an AVI file (see the module). */
export async function probeAvi(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const reader = rangeReaderOf(request.source);
  const head = await reader.read(0, 12);
  if (latin1(head, 0, 4) !== "RIFF" || latin1(head, 8, 4) !== "AVI ") {
    return undecodable("The AVI file does not start with a RIFF AVI header.");
  }
  const riffEnd = 8 + (u32le(head, 4) ?? 0);
  if (riffEnd > reader.sizeBytes) return truncated("AVI", "the end its header declares");
  // Top-level chunk headers: read each one's first twelve bytes.
  const riff: Chunk[] = [];
  for (let offset = 12; offset + 12 <= riffEnd && riff.length < 10_000; ) {
    const [chunk] = chunksOf(await reader.read(offset, 12), 0, 12).map((found) => ({
      ...found,
      start: found.start + offset,
      end: found.end + offset,
    }));
    if (chunk === undefined) break;
    riff.push(chunk);
    offset = chunk.end + ((chunk.end - offset) % 2);
  }
  const headers = await readHeaderList(reader, riff);
  if (typeof headers === "string") return undecodable(`The AVI file is corrupt: ${headers}.`);
  if (!riff.some((chunk) => chunk.list === "movi" && chunk.end > chunk.start)) {
    return undecodable("The AVI file holds no frames.");
  }
  const hdrl = riff.find((chunk) => chunk.list === "hdrl") as Chunk;
  const children = chunksOf(headers, hdrl.start, hdrl.end);
  const main = children.find((chunk) => chunk.id === "avih");
  if (main === undefined) return undecodable("The AVI file is corrupt: it has no main header.");
  const streams = children
    .filter((chunk) => chunk.list === "strl")
    .map((list) => streamOf(headers, list));
  const kinds = (["video", "audio"] as const).filter((kind) =>
    streams.some((stream) => stream.kind === kind),
  );
  if (kinds.length === 0) return undecodable("The AVI file holds no video or audio stream.");
  const size = {
    width: u32le(headers, main.start + 32) ?? 0,
    height: u32le(headers, main.start + 36) ?? 0,
  };
  if (kinds.includes("video")) {
    const refused = pictureSizeFailure(size, request.limits);
    if (refused !== undefined) return refused;
  }
  const frames = u32le(headers, main.start + 16) ?? 0;
  const microseconds = u32le(headers, main.start) ?? 0;
  return found({
    kind: kinds.includes("video") ? "video" : "audio",
    format: "avi",
    durationSeconds: frames > 0 && microseconds > 0 ? (frames * microseconds) / 1e6 : null,
    width: kinds.includes("video") ? size.width : null,
    height: kinds.includes("video") ? size.height : null,
    streams: kinds,
    codecs: kinds.flatMap((kind) =>
      streams.filter((stream) => stream.kind === kind).map((stream) => stream.codec),
    ),
    check: "structure",
  });
}
