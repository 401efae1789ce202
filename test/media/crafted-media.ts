/**
 * Media files made or damaged on purpose: pictures of any size built as real PNGs, and
 * real files with a header changed or a body broken, as an attacker or a broken encoder
 * would send them.
 */
import { deflateSync } from "node:zlib";
import { crc32Finish, crc32Update } from "../../src/media/probe/crc32.js";
import { MEDIA_FILES } from "./media-samples.js";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function uint32(value: number): number[] {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

/** One PNG chunk, its CRC computed. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeBytes = new TextEncoder().encode(type);
  const crc = crc32Finish(crc32Update(crc32Update(0xffffffff, typeBytes), data));
  return new Uint8Array([...uint32(data.byteLength), ...typeBytes, ...data, ...uint32(crc)]);
}

/**
 * A real PNG of `width` × `height` black pixels, one bit each, so that even a huge one is
 * small: a 16,000 × 16,000 picture is a few tens of kilobytes.
 */
export function blackPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array([...uint32(width), ...uint32(height), 1, 0, 0, 0, 0]);
  const raw = new Uint8Array(height * (1 + Math.ceil(width / 8)));
  const data = new Uint8Array(deflateSync(raw, { level: 9 }));
  const parts = [
    new Uint8Array(PNG_SIGNATURE),
    pngChunk("IHDR", header),
    pngChunk("IDAT", data),
    pngChunk("IEND", new Uint8Array(0)),
  ];
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** A PNG signature followed by an HTML page: what a polyglot upload looks like. */
export function pngSignatureThenHtml(): Uint8Array<ArrayBuffer> {
  const html = new TextEncoder().encode("<!doctype html><html><script>alert(1)</script></html>");
  return new Uint8Array([...PNG_SIGNATURE, ...html]);
}

/** A real PNG cut in the middle of its image data. */
export function truncatedPng(): Uint8Array<ArrayBuffer> {
  const png = MEDIA_FILES.png;
  return png.slice(0, png.byteLength - 20);
}

/**
 * A PNG whose image data is damaged but whose chunk checksums are made to fit, so only
 * decompressing the data finds it out.
 */
export function pngWithCorruptBody(): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array([...uint32(64), ...uint32(64), 8, 0, 0, 0, 0]);
  const raw = new Uint8Array(64 * 65).map((_, index) => (index % 65 === 0 ? 0 : index % 251));
  const data = new Uint8Array(deflateSync(raw));
  for (let index = 10; index < data.byteLength - 6; index += 7)
    data[index] = (data[index] ?? 0) ^ 0x5a;
  const parts = [
    new Uint8Array(PNG_SIGNATURE),
    pngChunk("IHDR", header),
    pngChunk("IDAT", data),
    pngChunk("IEND", new Uint8Array(0)),
  ];
  return new Uint8Array(parts.flatMap((part) => [...part]));
}

/** The fixture WAV with its sample rate (bytes 24 to 27) set to `rate`. */
export function wavWithSampleRate(rate: number): Uint8Array<ArrayBuffer> {
  const wav = MEDIA_FILES.wav.slice();
  new DataView(wav.buffer).setUint32(24, rate, true);
  return wav;
}

/** The fixture MP4 (2.4 s) with its movie header saying it lasts `seconds`. */
export function mp4Lasting(seconds: number): Uint8Array<ArrayBuffer> {
  const mp4 = MEDIA_FILES.mp4.slice();
  const view = new DataView(mp4.buffer);
  const at = Buffer.from(mp4).indexOf("mvhd") + 4;
  // Version 0: flags, creation and modification times, then timescale and duration.
  const timescale = view.getUint32(at + 12);
  view.setUint32(at + 16, Math.round(seconds * timescale));
  return mp4;
}
