/**
 * The header prober's reader of Matroska and WebM files. It reads the segment's elements
 * by their sizes: the length from the segment information (a file recorded live may not
 * tell it), each track's kind, codec and frame size, and the first cluster, which must
 * hold a first block inside the file. When every element has a known size, the last must
 * end within the file, so a file cut short is refused. Blocks are not decoded (the check
 * is `structure`).
 *
 * @module
 */

import { latin1 } from "./binary.js";
import { codecOfMatroskaId } from "./codec-names.js";
import type { MediaProbeRequest, MediaProbeResult } from "./media-probe.js";
import { type RangeReader, rangeReaderOf } from "./probe-reader.js";
import {
  type ContainerTrack,
  containerProbe,
  streamsOf,
  truncated,
  undecodable,
} from "./probe-results.js";

const IDS = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
} as const;

/** Largest segment information or track list read whole. */
const HEADER_ELEMENT_MAX_BYTES = 4 * 1024 * 1024;
// Far more elements than a segment holds at its top; more is refused rather than walked.
const SEGMENT_ELEMENTS_MAX = 100_000;

interface Element {
  readonly id: number;
  /** Offset of the content. */
  readonly start: number;
  /** Size of the content; undefined when unknown (a live recording). */
  readonly size: number | undefined;
}

// A variable-size integer at `offset`: its length and value (marker kept for ids).
function vint(bytes: Uint8Array, offset: number, keepMarker: boolean) {
  const first = bytes[offset];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.byteLength) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = bytes[offset + index] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value, allOnes };
}

/** The element whose header starts at `offset` of `bytes`, read from `base` in the file. */
function elementAt(bytes: Uint8Array, offset: number, base: number): Element | undefined {
  const id = vint(bytes, offset, true);
  if (id === undefined || id.length > 4) return undefined;
  const size = vint(bytes, offset + id.length, false);
  if (size === undefined) return undefined;
  return {
    id: id.value,
    start: base + offset + id.length + size.length,
    size: size.allOnes ? undefined : size.value,
  };
}

// The child elements of content read whole into `bytes` (which starts at file offset `base`).
function childrenOf(bytes: Uint8Array, base: number): Element[] {
  const children: Element[] = [];
  for (let offset = 0; offset < bytes.byteLength; ) {
    const element = elementAt(bytes, offset, base);
    if (element === undefined || element.size === undefined) break;
    children.push(element);
    offset = element.start - base + element.size;
  }
  return children;
}

function unsignedOf(bytes: Uint8Array, element: Element, base: number): number {
  let value = 0;
  for (let index = 0; index < (element.size ?? 0); index += 1) {
    value = value * 256 + (bytes[element.start - base + index] ?? 0);
  }
  return value;
}

function floatOf(bytes: Uint8Array, element: Element, base: number): number | undefined {
  const at = element.start - base;
  if (at + (element.size ?? 0) > bytes.byteLength) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, element.size ?? 0);
  if (element.size === 4) return view.getFloat32(0);
  if (element.size === 8) return view.getFloat64(0);
  return undefined;
}

type Track = ContainerTrack;

function trackOf(bytes: Uint8Array, entry: Element, base: number): Track {
  const fields = childrenOf(
    bytes.subarray(entry.start - base, entry.start - base + (entry.size ?? 0)),
    entry.start,
  );
  const type = fields.find((field) => field.id === IDS.trackType);
  const typeValue = type === undefined ? 0 : unsignedOf(bytes, type, base);
  const codec = fields.find((field) => field.id === IDS.codecId);
  const video = fields.find((field) => field.id === IDS.video);
  const picture =
    video === undefined
      ? []
      : childrenOf(
          bytes.subarray(video.start - base, video.start - base + (video.size ?? 0)),
          video.start,
        );
  const sized = (id: number) => {
    const field = picture.find((candidate) => candidate.id === id);
    return field === undefined ? 0 : unsignedOf(bytes, field, base);
  };
  return {
    kind: typeValue === 1 ? "video" : typeValue === 2 ? "audio" : undefined,
    codec: codecOfMatroskaId(
      codec === undefined
        ? undefined
        : latin1(bytes, codec.start - base, codec.size ?? 0)?.replace(/\0+$/, ""),
    ),
    width: sized(IDS.pixelWidth),
    height: sized(IDS.pixelHeight),
  };
}

interface Segment {
  seconds: number | null;
  tracks: Track[];
  firstBlock: "found" | "missing" | "cut";
  cut: boolean;
}

async function readWhole(reader: RangeReader, element: Element): Promise<Uint8Array | undefined> {
  const size = element.size ?? 0;
  if (size > HEADER_ELEMENT_MAX_BYTES) return undefined;
  return reader.read(element.start, size);
}

async function readInfo(reader: RangeReader, element: Element, segment: Segment) {
  const bytes = await readWhole(reader, element);
  if (bytes === undefined) return;
  const fields = childrenOf(bytes, element.start);
  const scaleField = fields.find((field) => field.id === IDS.timestampScale);
  const scale = scaleField === undefined ? 1_000_000 : unsignedOf(bytes, scaleField, element.start);
  const durationField = fields.find((field) => field.id === IDS.duration);
  const duration =
    durationField === undefined ? undefined : floatOf(bytes, durationField, element.start);
  if (duration !== undefined && duration > 0 && Number.isFinite(duration)) {
    segment.seconds = (duration * scale) / 1e9;
  }
}

async function readTracks(reader: RangeReader, element: Element, segment: Segment) {
  const bytes = await readWhole(reader, element);
  if (bytes === undefined) return;
  segment.tracks = childrenOf(bytes, element.start)
    .filter((entry) => entry.id === IDS.trackEntry)
    .map((entry) => trackOf(bytes, entry, element.start));
}

// Whether the first cluster holds a block whose bytes are inside the file.
async function readFirstCluster(
  reader: RangeReader,
  cluster: Element,
): Promise<Segment["firstBlock"]> {
  let offset = cluster.start;
  const end = cluster.size === undefined ? reader.sizeBytes : cluster.start + cluster.size;
  while (offset < Math.min(end, reader.sizeBytes)) {
    const header = await reader.read(offset, 12);
    const child = elementAt(header, 0, offset);
    if (child === undefined || child.size === undefined) return "missing";
    if (child.id === IDS.simpleBlock || child.id === IDS.blockGroup) {
      return child.start + child.size <= reader.sizeBytes ? "found" : "cut";
    }
    offset = child.start + child.size;
  }
  return offset > reader.sizeBytes ? "cut" : "missing";
}

// Walks the segment's top-level elements; stops where sizes are unknown.
async function walkSegment(reader: RangeReader, segmentElement: Element): Promise<Segment> {
  const segment: Segment = { seconds: null, tracks: [], firstBlock: "missing", cut: false };
  const end =
    segmentElement.size === undefined
      ? reader.sizeBytes
      : segmentElement.start + segmentElement.size;
  let offset = segmentElement.start;
  for (
    let count = 0;
    count < SEGMENT_ELEMENTS_MAX && offset < Math.min(end, reader.sizeBytes);
    count += 1
  ) {
    const element = elementAt(await reader.read(offset, 12), 0, offset);
    if (element === undefined) break;
    if (element.id === IDS.info) await readInfo(reader, element, segment);
    if (element.id === IDS.tracks) await readTracks(reader, element, segment);
    if (element.id === IDS.cluster && segment.firstBlock === "missing") {
      segment.firstBlock = await readFirstCluster(reader, element);
    }
    if (element.size === undefined) return segment;
    offset = element.start + element.size;
  }
  segment.cut =
    offset > reader.sizeBytes || (segmentElement.size !== undefined && end > reader.sizeBytes);
  return segment;
}

/** Probes a WebM or Matroska file (see the module). */
export async function probeEbml(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const reader = rangeReaderOf(request.source);
  const name = request.format === "webm" ? "WebM" : "Matroska";
  const head = await reader.read(0, 64);
  const header = elementAt(head, 0, 0);
  if (header === undefined || header.id !== IDS.ebml || header.size === undefined) {
    return undecodable(`The ${name} file does not start with an EBML header.`);
  }
  const segmentElement = elementAt(
    await reader.read(header.start + header.size, 12),
    0,
    header.start + header.size,
  );
  if (segmentElement === undefined || segmentElement.id !== IDS.segment) {
    return undecodable(`The ${name} file has no segment after its header.`);
  }
  const segment = await walkSegment(reader, segmentElement);
  const streams = streamsOf(segment.tracks);
  if (streams.length === 0) return undecodable(`The ${name} file holds no video or audio track.`);
  if (segment.firstBlock === "cut" || segment.cut)
    return truncated(name, "the end of its last element");
  if (segment.firstBlock === "missing") return undecodable(`The ${name} file holds no frames.`);
  return containerProbe(request, segment);
}
