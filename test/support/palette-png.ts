/**
 * Reading the simulators' palette PNGs the way a viewer does: the chunks with their CRCs,
 * the header, the palette, the inflated image data and its row filters (None and Up, the
 * ones the encoder writes). Throws on anything else, so a test fails on a broken file.
 */
import { inflateSync } from "node:zlib";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = Array.from({ length: 256 }, (_, value) => {
  let crc = value;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A decoded palette PNG. */
export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colorType: number;
  /** The chunk types in file order. */
  readonly chunkTypes: readonly string[];
  readonly palette: readonly (readonly number[])[];
  /** Palette index of each pixel. */
  readonly pixels: Uint8Array;
  /** The filter byte of each row. */
  readonly rowFilters: readonly number[];
  /** The colour at (x, y) as [red, green, blue]. */
  at(x: number, y: number): readonly number[];
}

function fail(message: string): never {
  throw new Error(`Not a readable palette PNG: ${message}`);
}

interface Chunk {
  readonly type: string;
  readonly data: Uint8Array;
}

function chunksOf(bytes: Uint8Array): Chunk[] {
  if (SIGNATURE.some((byte, index) => bytes[index] !== byte)) fail("no PNG signature");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  for (let offset = 8; offset < bytes.length; ) {
    const length = view.getUint32(offset);
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    if (view.getUint32(offset + 8 + length) !== crc32(typeAndData)) fail("a chunk's CRC is wrong");
    chunks.push({
      type: String.fromCharCode(...typeAndData.subarray(0, 4)),
      data: typeAndData.subarray(4),
    });
    offset += 12 + length;
  }
  return chunks;
}

/** Decodes a palette PNG (colour type 3, 8 bits) into palette indices. */
export function decodePalettePng(bytes: Uint8Array): DecodedPng {
  const chunks = chunksOf(bytes);
  const find = (type: string) => chunks.find((chunk) => chunk.type === type)?.data ?? fail(type);
  const header = find("IHDR");
  const palette = find("PLTE");
  const headerView = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const width = headerView.getUint32(0);
  const height = headerView.getUint32(4);
  const rows = new Uint8Array(inflateSync(find("IDAT")));
  if (rows.length !== (width + 1) * height) fail("the image data has the wrong length");
  const pixels = new Uint8Array(width * height);
  const rowFilters: number[] = [];
  for (let y = 0; y < height; y += 1) {
    const filter = rows[y * (width + 1)] as number;
    rowFilters.push(filter);
    if (filter !== 0 && filter !== 2) fail(`row ${y} uses filter ${filter}`);
    for (let x = 0; x < width; x += 1) {
      const raw = rows[y * (width + 1) + 1 + x] as number;
      const above = y === 0 ? 0 : (pixels[(y - 1) * width + x] as number);
      pixels[y * width + x] = filter === 2 ? (raw + above) & 0xff : raw;
    }
  }
  const colours = Array.from({ length: palette.length / 3 }, (_, index) => [
    ...palette.subarray(index * 3, index * 3 + 3),
  ]);
  return {
    width,
    height,
    bitDepth: header[8] as number,
    colorType: header[9] as number,
    chunkTypes: chunks.map((chunk) => chunk.type),
    palette: colours,
    pixels,
    rowFilters,
    at: (x, y) =>
      colours[pixels[Math.round(y) * width + Math.round(x)] as number] ??
      fail("index past palette"),
  };
}
