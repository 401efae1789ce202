/**
 * The size of a still picture read from its first bytes (PNG, GIF, WebP, JPEG), so a
 * render can crop a layer's source to what is drawn without starting ffmpeg to probe
 * it. A picture whose size ffmpeg might show otherwise (a JPEG with an EXIF rotation, a
 * header this cannot read) gives no size: its layer is fitted the whole-picture way.
 *
 * @module
 */
import type { PictureSize } from "../ffmpeg-command.js";

/** Bytes of a file's start read for its header: JPEG metadata can precede the size. */
export const PICTURE_HEADER_BYTES = 256 * 1024;

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (bytes[at + index] !== text.charCodeAt(index)) return false;
  }
  return true;
}

function sized(width: number, height: number): PictureSize | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function pngSize(view: DataView): PictureSize | undefined {
  if (view.byteLength < 24) return undefined;
  return sized(view.getUint32(16), view.getUint32(20));
}

function gifSize(view: DataView): PictureSize | undefined {
  if (view.byteLength < 10) return undefined;
  return sized(view.getUint16(6, true), view.getUint16(8, true));
}

function webpSize(bytes: Uint8Array, view: DataView): PictureSize | undefined {
  if (bytes.length < 30) return undefined;
  const uint24 = (at: number) => view.getUint16(at, true) + (view.getUint8(at + 2) << 16);
  if (ascii(bytes, 12, "VP8X")) return sized(uint24(24) + 1, uint24(27) + 1);
  if (ascii(bytes, 12, "VP8L")) {
    const bits = view.getUint32(21, true);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(bytes, 12, "VP8 ")) {
    return sized(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  }
  return undefined;
}

// EXIF orientation (tag 0x0112) of an APP1 segment at `start`; 1 when there is none.
function exifOrientation(view: DataView, start: number, end: number): number {
  const tiff = start + 10;
  if (tiff + 8 > end) return 1;
  const little = view.getUint16(tiff) === 0x4949;
  const entries = tiff + view.getUint32(tiff + 4, little);
  if (entries + 2 > end) return 1;
  const count = view.getUint16(entries, little);
  for (let index = 0; index < count; index += 1) {
    const entry = entries + 2 + index * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
  }
  return 1;
}

function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

// Walks the JPEG's segments to its frame header; an EXIF rotation gives no size.
function jpegSize(bytes: Uint8Array, view: DataView): PictureSize | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = view.getUint8(at + 1);
    const length = view.getUint16(at + 2);
    if (marker === 0xe1 && ascii(bytes, at + 4, "Exif")) {
      const end = Math.min(bytes.length, at + 2 + length);
      if (exifOrientation(view, at + 4, end) !== 1) return undefined;
    }
    if (isStartOfFrame(marker)) return sized(view.getUint16(at + 7), view.getUint16(at + 5));
    at += 2 + length;
  }
  return undefined;
}

/**
 * The size of the picture whose file starts with `bytes`, or undefined when it is not a
 * PNG, GIF, WebP or JPEG whose size the header states plainly.
 */
export function pictureHeaderSize(bytes: Uint8Array): PictureSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0x89 && ascii(bytes, 1, "PNG") && ascii(bytes, 12, "IHDR")) {
    return pngSize(view);
  }
  if (ascii(bytes, 0, "GIF8")) return gifSize(view);
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return webpSize(bytes, view);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes, view);
  return undefined;
}
