/**
 * The header prober's Ogg reader (Vorbis, Opus, FLAC and Speex audio, Theora video): the
 * first page whole, its checksum included, and the codec's identification header in it;
 * the last page of the same stream, which must end within the file, and whose granule
 * position gives the length for audio (Opus at 48 kHz less its pre-skip, the others at
 * their sample rate). Theora's granule encodes key frames, so its length is left
 * unknown. Packets are not decoded (the check is `structure`).
 *
 * @module
 */

import { latin1, u8, u16le, u32be, u32le, u64le } from "./binary.js";
import type { MediaProbeRequest, MediaProbeResult } from "./media-probe.js";
import { type RangeReader, rangeReaderOf } from "./probe-reader.js";
import { found, pictureSizeFailure, truncated, undecodable } from "./probe-results.js";

const PAGE_HEADER_BYTES = 27;
/** Bytes at the end of the file searched for the last page: more than a page can hold. */
const LAST_PAGE_SEARCH_BYTES = 70 * 1024;

// Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, no initial or final inversion.
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index += 1) {
    let value = index << 24;
    for (let bit = 0; bit < 8; bit += 1) {
      value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
    }
    table[index] = value >>> 0;
  }
  return table;
})();

function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (let index = 0; index < page.byteLength; index += 1) {
    // The checksum field itself counts as zeros.
    const byte = index >= 22 && index < 26 ? 0 : (page[index] ?? 0);
    crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  }
  return crc;
}

interface Page {
  readonly serial: number;
  readonly granule: number | undefined;
  readonly bodyOffset: number;
  readonly end: number;
}

function pageAt(bytes: Uint8Array, offset: number): Page | undefined {
  if (latin1(bytes, offset, 4) !== "OggS" || u8(bytes, offset + 4) !== 0) return undefined;
  const segments = u8(bytes, offset + 26);
  if (segments === undefined || offset + PAGE_HEADER_BYTES + segments > bytes.byteLength) {
    return undefined;
  }
  let bodyBytes = 0;
  for (let index = 0; index < segments; index += 1) {
    bodyBytes += bytes[offset + PAGE_HEADER_BYTES + index] ?? 0;
  }
  const granuleLow = u32le(bytes, offset + 6);
  const granuleHigh = u32le(bytes, offset + 10);
  const unknown = granuleLow === 0xffffffff && granuleHigh === 0xffffffff;
  const bodyOffset = offset + PAGE_HEADER_BYTES + segments;
  return {
    serial: u32le(bytes, offset + 14) ?? 0,
    granule: unknown ? undefined : u64le(bytes, offset + 6),
    bodyOffset,
    end: bodyOffset + bodyBytes,
  };
}

interface Codec {
  readonly kind: "audio" | "video";
  readonly name: string;
  /** Granule units per second, for audio. */
  readonly rate: number;
  /** Granule units before the first sample played (Opus's pre-skip). */
  readonly skip: number;
  readonly width?: number;
  readonly height?: number;
}

function codecOf(packet: Uint8Array): Codec | undefined {
  if (latin1(packet, 0, 7) === "\u0001vorbis") {
    return { kind: "audio", name: "vorbis", rate: u32le(packet, 12) ?? 0, skip: 0 };
  }
  if (latin1(packet, 0, 8) === "OpusHead") {
    return { kind: "audio", name: "opus", rate: 48_000, skip: u16le(packet, 10) ?? 0 };
  }
  if (latin1(packet, 0, 5) === "\u007fFLAC") {
    const rate = ((u32be(packet, 27) ?? 0) >>> 12) & 0xfffff;
    return { kind: "audio", name: "flac", rate, skip: 0 };
  }
  if (latin1(packet, 0, 8) === "Speex   ") {
    return { kind: "audio", name: "speex", rate: u32le(packet, 36) ?? 0, skip: 0 };
  }
  if (latin1(packet, 0, 7) === "\u0080theora") {
    const width =
      ((u8(packet, 14) ?? 0) << 16) | ((u8(packet, 15) ?? 0) << 8) | (u8(packet, 16) ?? 0);
    const height =
      ((u8(packet, 17) ?? 0) << 16) | ((u8(packet, 18) ?? 0) << 8) | (u8(packet, 19) ?? 0);
    return { kind: "video", name: "theora", rate: 0, skip: 0, width, height };
  }
  return undefined;
}

// The last page of `serial` in the file's tail, or undefined when none is whole there.
async function lastPage(reader: RangeReader, serial: number): Promise<Page | "cut" | undefined> {
  const start = Math.max(0, reader.sizeBytes - LAST_PAGE_SEARCH_BYTES);
  const tail = await reader.read(start, reader.sizeBytes - start);
  for (let at = tail.lastIndexOf(0x4f); at >= 0; at = tail.lastIndexOf(0x4f, at - 1)) {
    const page = pageAt(tail, at);
    if (page === undefined || page.serial !== serial) continue;
    if (page.end > tail.byteLength) return "cut";
    return { ...page, bodyOffset: page.bodyOffset + start, end: page.end + start };
  }
  return undefined;
}

/** Probes an Ogg file (see the module). */
export async function probeOgg(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const reader = rangeReaderOf(request.source);
  const name = request.format === "ogv" ? "Ogg video" : "Ogg";
  const head = await reader.read(0, PAGE_HEADER_BYTES + 255 + 255 * 255);
  const first = pageAt(head, 0);
  if (first === undefined) return undecodable(`The ${name} file does not start with an Ogg page.`);
  if (first.end > head.byteLength) return truncated(name, "the end of its first page");
  if (u32le(head, 22) !== oggCrc(head.subarray(0, first.end))) {
    return undecodable(`The ${name} file is corrupt: its first page fails its checksum.`);
  }
  const codec = codecOf(head.subarray(first.bodyOffset, first.end));
  if (codec === undefined)
    return undecodable(`The ${name} file's first packet names no known codec.`);
  if (codec.kind === "audio" && codec.rate === 0) {
    return undecodable(`The ${name} file is not playable: its sample rate is 0.`);
  }
  const last = await lastPage(reader, first.serial);
  if (last === "cut" || last === undefined || last.end <= first.end) {
    return truncated(
      name,
      last === "cut" ? "the end of its last page" : "its first sound or frame",
    );
  }
  if (codec.kind === "video") {
    const refused = pictureSizeFailure(
      { width: codec.width ?? 0, height: codec.height ?? 0 },
      request.limits,
    );
    if (refused !== undefined) return refused;
  }
  const samples = last.granule === undefined ? 0 : last.granule - codec.skip;
  return found({
    kind: codec.kind,
    format: request.format,
    durationSeconds: codec.kind === "audio" && samples > 0 ? samples / codec.rate : null,
    width: codec.kind === "video" ? (codec.width ?? null) : null,
    height: codec.kind === "video" ? (codec.height ?? null) : null,
    streams: [codec.kind],
    codecs: [codec.name],
    check: "structure",
  });
}
