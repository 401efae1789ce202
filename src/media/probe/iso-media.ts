/**
 * The header prober's reader of ISO base media files (MP4, MOV, M4A). It walks the
 * top-level boxes by their sizes, so a file cut short (its media data running past its
 * end) is refused, and reads the movie box: the length from its header (or its fragment
 * header, or its longest track), each track's kind, codec and frame size, and where its
 * first sample lies, which must be inside the file. Samples are not decoded (the check is
 * `structure`).
 *
 * @module
 */

import { latin1, u16be, u32be, u64be } from "./binary.js";
import { codecOfFourCc } from "./codec-names.js";
import type { MediaProbeRequest, MediaProbeResult, MediaStreamKind } from "./media-probe.js";
import { type RangeReader, rangeReaderOf } from "./probe-reader.js";
import { containerProbe, streamsOf, truncated, undecodable, unsupported } from "./probe-results.js";

/** Largest movie box read whole: an hour of video tables fits many times over. */
export const MOVIE_BOX_MAX_BYTES = 32 * 1024 * 1024;
// Far more top-level boxes than a file holds; more is refused rather than walked.
const TOP_LEVEL_BOXES_MAX = 100_000;

// Streams are listed video first.

interface Box {
  readonly type: string;
  /** Offset of the box's content, after its header. */
  readonly start: number;
  /** Offset just past the box. */
  readonly end: number;
}

// The boxes between `start` and `end` of `bytes` (a box read whole).
function childBoxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let offset = start; offset + 8 <= end; ) {
    const size32 = u32be(bytes, offset) ?? 0;
    const size =
      size32 === 1 ? (u64be(bytes, offset + 8) ?? 0) : size32 === 0 ? end - offset : size32;
    const header = size32 === 1 ? 16 : 8;
    if (size < header || offset + size > end) break;
    boxes.push({
      type: latin1(bytes, offset + 4, 4) ?? "",
      start: offset + header,
      end: offset + size,
    });
    offset += size;
  }
  return boxes;
}

function child(bytes: Uint8Array, parent: Box, path: readonly string[]): Box | undefined {
  let current: Box | undefined = parent;
  for (const type of path) {
    current = childBoxes(bytes, current.start, current.end).find((box) => box.type === type);
    if (current === undefined) return undefined;
  }
  return current;
}

// The top-level boxes of the file, each within it; a problem when one runs past its end.
async function topLevelBoxes(reader: RangeReader): Promise<Box[] | string> {
  const boxes: Box[] = [];
  for (let offset = 0; offset + 8 <= reader.sizeBytes; ) {
    if (boxes.length === TOP_LEVEL_BOXES_MAX) return "too many boxes";
    const header = await reader.read(offset, 16);
    const size32 = u32be(header, 0) ?? 0;
    const type = latin1(header, 4, 4) ?? "";
    const headerBytes = size32 === 1 ? 16 : 8;
    const size =
      size32 === 1 ? (u64be(header, 8) ?? 0) : size32 === 0 ? reader.sizeBytes - offset : size32;
    if (size < headerBytes) return `its ${type} box has an impossible size`;
    if (offset + size > reader.sizeBytes) return `end:the end of its ${type} box`;
    boxes.push({ type, start: offset + headerBytes, end: offset + size });
    offset += size;
  }
  return boxes;
}

interface Track {
  readonly kind: MediaStreamKind | undefined;
  readonly codec: string | undefined;
  readonly width: number;
  readonly height: number;
  readonly seconds: number | null;
  /** Where the first sample lies, when the track's tables list samples. */
  readonly firstSample: { readonly offset: number; readonly size: number } | undefined;
}

// Timescale and duration of an `mvhd` or `mdhd` box (their layouts agree on these).
function timing(bytes: Uint8Array, box: Box | undefined): number | null {
  if (box === undefined) return null;
  const version = bytes[box.start] ?? 0;
  const timescale = u32be(bytes, box.start + (version === 1 ? 20 : 12)) ?? 0;
  const duration = version === 1 ? u64be(bytes, box.start + 24) : u32be(bytes, box.start + 16);
  if (timescale === 0 || duration === undefined || duration === 0) return null;
  if (version === 0 && duration === 0xffffffff) return null;
  return duration / timescale;
}

function firstSampleOf(bytes: Uint8Array, table: Box): Track["firstSample"] {
  const sizes = child(bytes, table, ["stsz"]);
  const chunks = child(bytes, table, ["stco"]) ?? child(bytes, table, ["co64"]);
  if (sizes === undefined || chunks === undefined) return undefined;
  const count = u32be(bytes, sizes.start + 8) ?? 0;
  if (count === 0 || (u32be(bytes, chunks.start + 4) ?? 0) === 0) return undefined;
  const fixed = u32be(bytes, sizes.start + 4) ?? 0;
  const size = fixed !== 0 ? fixed : (u32be(bytes, sizes.start + 12) ?? 0);
  const offset =
    latin1(bytes, chunks.start - 4, 4) === "co64"
      ? u64be(bytes, chunks.start + 8)
      : u32be(bytes, chunks.start + 8);
  return offset === undefined ? undefined : { offset, size };
}

function trackOf(bytes: Uint8Array, trak: Box): Track {
  const handler = child(bytes, trak, ["mdia", "hdlr"]);
  const type = handler === undefined ? "" : latin1(bytes, handler.start + 8, 4);
  const kind = type === "vide" ? "video" : type === "soun" ? "audio" : undefined;
  const table = child(bytes, trak, ["mdia", "minf", "stbl"]);
  const description = table === undefined ? undefined : child(bytes, table, ["stsd"]);
  const entry = description === undefined ? undefined : description.start + 8;
  const header = child(bytes, trak, ["tkhd"]);
  const version = header === undefined ? 0 : (bytes[header.start] ?? 0);
  const sizeAt = header === undefined ? -1 : header.start + (version === 1 ? 88 : 76);
  const width = Math.floor((u32be(bytes, sizeAt) ?? 0) / 65536);
  const height = Math.floor((u32be(bytes, sizeAt + 4) ?? 0) / 65536);
  return {
    kind,
    codec: entry === undefined ? undefined : latin1(bytes, entry + 4, 4),
    // A track header without a size leaves it to the visual sample entry.
    width: width > 0 || entry === undefined ? width : (u16be(bytes, entry + 32) ?? 0),
    height: height > 0 || entry === undefined ? height : (u16be(bytes, entry + 34) ?? 0),
    seconds: timing(bytes, child(bytes, trak, ["mdia", "mdhd"])),
    firstSample: table === undefined ? undefined : firstSampleOf(bytes, table),
  };
}

interface Movie {
  readonly seconds: number | null;
  readonly tracks: readonly Track[];
}

function movieOf(bytes: Uint8Array): Movie {
  const moov: Box = { type: "moov", start: 0, end: bytes.byteLength };
  const tracks = childBoxes(bytes, 0, bytes.byteLength)
    .filter((box) => box.type === "trak")
    .map((trak) => trackOf(bytes, trak))
    .filter((track) => track.kind !== undefined);
  const fragments = child(bytes, moov, ["mvex", "mehd"]);
  const fragmentSeconds =
    fragments === undefined
      ? null
      : fragmentDuration(bytes, fragments, child(bytes, moov, ["mvhd"]));
  const trackSeconds = Math.max(0, ...tracks.map((track) => track.seconds ?? 0));
  const seconds =
    timing(bytes, child(bytes, moov, ["mvhd"])) ?? fragmentSeconds ?? (trackSeconds || null);
  return { seconds, tracks };
}

// The fragment duration of `mehd`, in the movie header's timescale.
function fragmentDuration(bytes: Uint8Array, mehd: Box, mvhd: Box | undefined): number | null {
  if (mvhd === undefined) return null;
  const timescale = u32be(bytes, mvhd.start + ((bytes[mvhd.start] ?? 0) === 1 ? 20 : 12)) ?? 0;
  const version = bytes[mehd.start] ?? 0;
  const duration = version === 1 ? u64be(bytes, mehd.start + 4) : u32be(bytes, mehd.start + 4);
  return timescale > 0 && duration !== undefined && duration > 0 ? duration / timescale : null;
}

/** Probes an MP4, MOV or M4A file (see the module). */
export async function probeIsoMedia(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const reader = rangeReaderOf(request.source);
  const name = request.format.toUpperCase();
  const boxes = await topLevelBoxes(reader);
  if (typeof boxes === "string") {
    return boxes.startsWith("end:")
      ? truncated(name, boxes.slice(4))
      : undecodable(`The ${name} file is corrupt: ${boxes}.`);
  }
  const moov = boxes.find((box) => box.type === "moov");
  if (moov === undefined) return undecodable(`The ${name} file has no movie header (moov).`);
  if (moov.end - moov.start > MOVIE_BOX_MAX_BYTES) {
    return unsupported(
      `The ${name} file's movie header is larger than ${MOVIE_BOX_MAX_BYTES} bytes.`,
    );
  }
  const movie = movieOf(await reader.read(moov.start, moov.end - moov.start));
  const streams = streamsOf(movie.tracks);
  if (streams.length === 0) return undecodable(`The ${name} file holds no video or audio track.`);
  const fragmented = boxes.some((box) => box.type === "moof");
  const media = movie.tracks.filter((track) => track.firstSample !== undefined);
  const present = media.some(
    ({ firstSample }) =>
      firstSample !== undefined && firstSample.offset + firstSample.size <= reader.sizeBytes,
  );
  if (!present && !(fragmented && boxes.some((box) => box.type === "mdat"))) {
    return media.length > 0
      ? truncated(name, "its first sample")
      : undecodable(`The ${name} file holds no samples.`);
  }
  const tracks = movie.tracks.map((track) => ({ ...track, codec: codecOfFourCc(track.codec) }));
  return containerProbe(request, { tracks, seconds: movie.seconds });
}
