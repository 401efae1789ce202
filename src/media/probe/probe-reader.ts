/**
 * Reading a file to probe, without holding it whole: ranges by offset (the head kept
 * once, since every format starts there) for formats whose headers point at each other,
 * and a sequential cursor for formats read front to back.
 *
 * @module
 */

import { readHeadBytes, streamOfBytes } from "../byte-streams.js";
import { concatenate } from "../read-response.js";
import type { ProbeSource } from "./media-probe.js";

/** Bytes of the head kept by a {@link RangeReader}: every header prober reads them. */
export const PROBE_HEAD_BYTES = 64 * 1024;

/** Reads byte ranges of a file. */
export interface RangeReader {
  /** Size of the file in bytes. */
  readonly sizeBytes: number;
  /** Up to `length` bytes from `offset`: fewer at the end of the file, none past it. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/**
 * A probe source over bytes in memory.
 *
 * @example
 * ```ts
 * const source = probeSourceOfBytes(pngBytes);
 * await prober.probe({ source, format: "png", limits });
 * ```
 */
export function probeSourceOfBytes(bytes: Uint8Array): ProbeSource {
  return {
    sizeBytes: bytes.byteLength,
    stream: (range) =>
      streamOfBytes(range === undefined ? bytes : bytes.subarray(range.start, range.end + 1)),
  };
}

async function readRange(source: ProbeSource, offset: number, length: number) {
  const end = Math.min(source.sizeBytes, offset + length) - 1;
  if (length <= 0 || offset < 0 || offset > end) return new Uint8Array(0);
  return readHeadBytes(source.stream({ start: offset, end }), end - offset + 1);
}

/** A {@link RangeReader} over `source`, its first {@link PROBE_HEAD_BYTES} read once. */
export function rangeReaderOf(source: ProbeSource): RangeReader {
  let head: Promise<Uint8Array> | undefined;
  return {
    sizeBytes: source.sizeBytes,
    async read(offset, length) {
      if (offset + length <= PROBE_HEAD_BYTES) {
        head ??= readRange(source, 0, PROBE_HEAD_BYTES);
        return (await head).subarray(offset, offset + length);
      }
      return readRange(source, offset, length);
    },
  };
}

/** Reads a file front to back. */
export interface SequentialReader {
  /** Bytes read so far: the offset of the next byte. */
  readonly position: number;
  /** The next `length` bytes, fewer only at the end of the file. */
  read(length: number): Promise<Uint8Array<ArrayBuffer>>;
  /** Passes `length` bytes unread (streamed through, never held); false at the end. */
  skip(length: number): Promise<boolean>;
  /** Stops reading. */
  close(): Promise<void>;
}

/** A {@link SequentialReader} over `source` from `start`. */
export function sequentialReaderOf(source: ProbeSource, start = 0): SequentialReader {
  const reader =
    start >= source.sizeBytes
      ? undefined
      : source.stream({ start, end: source.sizeBytes - 1 }).getReader();
  let pending: Uint8Array = new Uint8Array(0);
  let position = start;
  const next = async (): Promise<boolean> => {
    const chunk = await reader?.read();
    if (chunk === undefined || chunk.done) return false;
    pending = chunk.value;
    return true;
  };
  // Takes up to `length` bytes, reading on as needed; `keep` false drops them unheld.
  const take = async (length: number, keep: boolean): Promise<Uint8Array[]> => {
    const parts: Uint8Array[] = [];
    let left = length;
    while (left > 0) {
      if (pending.byteLength === 0 && !(await next())) break;
      const part = pending.subarray(0, left);
      pending = pending.subarray(part.byteLength);
      left -= part.byteLength;
      position += part.byteLength;
      if (keep) parts.push(part);
    }
    return parts;
  };
  return {
    get position() {
      return position;
    },
    async read(length) {
      const parts = await take(length, true);
      return concatenate(
        parts,
        parts.reduce((total, part) => total + part.byteLength, 0),
      );
    },
    async skip(length) {
      const before = position;
      await take(length, false);
      return position - before === length;
    },
    async close() {
      await reader?.cancel().catch(() => undefined);
    },
  };
}

/** Bytes a {@link ByteCursor} reads from its file at a time. */
export const CURSOR_PIECE_BYTES = 64 * 1024;

/** Reads a file front to back a byte, a few bytes, or up to a given byte at a time. */
export interface ByteCursor {
  /** The offset of the next byte. */
  readonly position: number;
  /** The next byte, or undefined at the end of the file. */
  byte(): Promise<number | undefined>;
  /** The next `length` bytes, fewer only at the end of the file. */
  bytes(length: number): Promise<Uint8Array>;
  /** Passes `length` bytes; false when the file ends first. */
  skip(length: number): Promise<boolean>;
  /** Passes every byte up to and including the next `value`; false when none is left. */
  skipPast(value: number): Promise<boolean>;
  /** Stops reading. */
  close(): Promise<void>;
}

/** A {@link ByteCursor} over `source`, from its first byte. */
export function byteCursorOf(source: ProbeSource): ByteCursor {
  const reader = sequentialReaderOf(source);
  let piece = new Uint8Array(0);
  let index = 0;
  let consumed = 0;
  const fill = async (): Promise<boolean> => {
    if (index < piece.byteLength) return true;
    consumed += piece.byteLength;
    piece = await reader.read(CURSOR_PIECE_BYTES);
    index = 0;
    return piece.byteLength > 0;
  };
  const cursor: ByteCursor = {
    get position() {
      return consumed + index;
    },
    async byte() {
      if (!(await fill())) return undefined;
      const value = piece[index];
      index += 1;
      return value;
    },
    async bytes(length) {
      const parts: Uint8Array[] = [];
      let left = length;
      while (left > 0 && (await fill())) {
        const part = piece.subarray(index, index + left);
        parts.push(part);
        index += part.byteLength;
        left -= part.byteLength;
      }
      return concatenate(parts, length - left);
    },
    async skip(length) {
      let left = length;
      while (left > 0 && (await fill())) {
        const step = Math.min(left, piece.byteLength - index);
        index += step;
        left -= step;
      }
      return left === 0;
    },
    async skipPast(value) {
      while (await fill()) {
        const at = piece.indexOf(value, index);
        if (at !== -1) {
          index = at + 1;
          return true;
        }
        index = piece.byteLength;
      }
      return false;
    },
    close: () => reader.close(),
  };
  return cursor;
}
