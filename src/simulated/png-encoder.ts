/**
 * A PNG encoder for palette images (colour type 3, 8 bits per pixel), written for the
 * placeholder images of the simulated providers: no Node built-ins, compression by
 * {@link zlibRuns}, and a row that repeats the one above it stored as zeros of the "Up"
 * filter, so flat designs stay a few kilobytes at full size.
 *
 * @module
 */
import { zlibRuns } from "./zlib-runs.js";

/** An image of palette indices. */
export interface PaletteImage {
  /** Width in pixels, at least 1. */
  readonly width: number;
  /** Height in pixels, at least 1. */
  readonly height: number;
  /** Up to 256 colours as `[red, green, blue]`, each 0 to 255. */
  readonly palette: readonly (readonly [number, number, number])[];
  /** One palette index per pixel, row by row from the top left. */
  readonly pixels: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const FILTER_NONE = 0;
const FILTER_UP = 2;
const COLOR_TYPE_PALETTE = 3;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let value = 0; value < 256; value += 1) {
    let crc = value;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    table[value] = crc >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function uint32(value: number): number[] {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const typeAndData = new Uint8Array(4 + data.length);
  typeAndData.set([...type].map((letter) => letter.charCodeAt(0)));
  typeAndData.set(data, 4);
  const bytes = new Uint8Array(12 + data.length);
  bytes.set(uint32(data.length));
  bytes.set(typeAndData, 4);
  bytes.set(uint32(crc32(typeAndData)), 8 + data.length);
  return bytes;
}

function sameRows(pixels: Uint8Array, width: number, row: number): boolean {
  const start = row * width;
  for (let x = 0; x < width; x += 1) {
    if (pixels[start + x] !== pixels[start - width + x]) return false;
  }
  return true;
}

// Each row starts with its filter byte; a row equal to the one above is all zeros.
function scanlines({ width, height, pixels }: PaletteImage): Uint8Array {
  const lines = new Uint8Array((width + 1) * height);
  for (let row = 0; row < height; row += 1) {
    const offset = row * (width + 1);
    if (row > 0 && sameRows(pixels, width, row)) {
      lines[offset] = FILTER_UP;
    } else {
      lines[offset] = FILTER_NONE;
      lines.set(pixels.subarray(row * width, (row + 1) * width), offset + 1);
    }
  }
  return lines;
}

function assertValid(image: PaletteImage): void {
  const { width, height, palette, pixels } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`A PNG needs a positive whole size, got ${width}×${height}.`);
  }
  if (palette.length < 1 || palette.length > 256) {
    throw new RangeError(`A PNG palette holds 1 to 256 colours, got ${palette.length}.`);
  }
  if (pixels.length !== width * height) {
    throw new RangeError(`Expected ${width * height} pixels, got ${pixels.length}.`);
  }
  if (pixels.some((index) => index >= palette.length)) {
    throw new RangeError("A pixel names a colour beyond the palette.");
  }
}

/**
 * Encodes a palette image as PNG bytes.
 *
 * @example
 * ```ts
 * const png = encodePalettePng({ width: 2, height: 1, palette: [[255, 0, 0], [0, 0, 255]], pixels: new Uint8Array([0, 1]) });
 * png.subarray(1, 4); // "PNG" in ASCII
 * ```
 */
export function encodePalettePng(image: PaletteImage): Uint8Array {
  assertValid(image);
  const header = new Uint8Array([
    ...uint32(image.width),
    ...uint32(image.height),
    8, // bits per palette index
    COLOR_TYPE_PALETTE,
    0, // deflate
    0, // adaptive filtering
    0, // no interlacing
  ]);
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk("IHDR", header),
    chunk("PLTE", new Uint8Array(image.palette.flat())),
    chunk("IDAT", zlibRuns(scanlines(image))),
    chunk("IEND", new Uint8Array(0)),
  ];
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
