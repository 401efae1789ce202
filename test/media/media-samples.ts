/** The first bytes of real files of each supported format, as encoders write them. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ascii = (text: string): number[] => [...text].map((character) => character.charCodeAt(0));
const uint32 = (value: number): number[] => [
  value >>> 24,
  (value >>> 16) & 0xff,
  (value >>> 8) & 0xff,
  value & 0xff,
];

export function bytesOf(...parts: (number[] | string)[]): Uint8Array {
  return new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? ascii(part) : part)));
}

export function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + compatible.length * 4;
  return bytesOf(uint32(size), "ftyp", major, [0, 0, 2, 0], ...compatible, [0, 0, 0, 8], "free");
}

function ebml(docType: string): Uint8Array {
  return bytesOf(
    [0x1a, 0x45, 0xdf, 0xa3, 0xa3],
    [
      0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81,
      0x08,
    ],
    [0x42, 0x82, 0x80 + docType.length],
    docType,
    [0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02],
  );
}

function oggPage(packet: number[] | string): Uint8Array {
  const header = [..."OggS"].map((c) => c.charCodeAt(0));
  return bytesOf(header, [0, 2], new Array(20).fill(0), [1, 30], packet, new Array(10).fill(0));
}

function riff(form: string, chunk: string): Uint8Array {
  return bytesOf("RIFF", [0x24, 0x08, 0, 0], form, chunk, [0x10, 0, 0, 0]);
}

/** An ID3v2.4 tag of `size` bytes after its header, followed by `rest`. */
export function id3Tagged(size: number, rest: Uint8Array): Uint8Array {
  const syncsafe = [(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f];
  return bytesOf("ID3", [4, 0, 0], syncsafe, new Array(size).fill(0), [...rest]);
}

export const MP3_FRAME = bytesOf([0xff, 0xfb, 0x90, 0x64], new Array(12).fill(0));
export const ADTS_FRAME = bytesOf([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]);

/** Format name, then the bytes of a file of that format. */
export const SAMPLES: readonly (readonly [string, Uint8Array])[] = [
  ["png", bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], "IHDR")],
  ["jpeg", bytesOf([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0])],
  ["webp", riff("WEBP", "VP8 ")],
  ["gif", bytesOf("GIF89a", [1, 0, 1, 0, 0x80, 0, 0])],
  ["gif", bytesOf("GIF87a", [1, 0, 1, 0, 0x80, 0, 0])],
  ["mp4", ftyp("isom", "isom", "iso2", "avc1", "mp41")],
  ["mp4", ftyp("mp42", "mp42", "isom")],
  ["mov", ftyp("qt  ", "qt  ")],
  ["m4a", ftyp("M4A ", "M4A ", "mp42", "isom")],
  ["webm", ebml("webm")],
  ["matroska", ebml("matroska")],
  ["avi", riff("AVI ", "LIST")],
  ["ogv", oggPage("\u0080theora")],
  ["mp3", id3Tagged(20, MP3_FRAME)],
  ["mp3", MP3_FRAME],
  ["aac", ADTS_FRAME],
  ["wav", riff("WAVE", "fmt ")],
  ["ogg", oggPage("\u0001vorbis")],
  ["ogg", oggPage("OpusHead")],
  ["flac", bytesOf("fLaC", [0, 0, 0, 0x22])],
];

/** The bytes of a tiny PNG, for tests that need a whole file. */
export const PNG_BYTES = SAMPLES[0]?.[1] ?? new Uint8Array();

/** The folder of whole media files of each format (see its `make-fixtures.sh`). */
export const MEDIA_FILE_FOLDER = join(import.meta.dirname, "fixtures", "probe");

/** The bytes of a whole media file of the fixture folder. */
export function mediaFile(name: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(join(MEDIA_FILE_FOLDER, name)));
}

/** Whole, valid files of each format, as encoders write them, for tests that store media. */
export const MEDIA_FILES = {
  png: mediaFile("red-16x8.png"),
  jpeg: mediaFile("photo-24x16.jpg"),
  gif: mediaFile("anim-20x10.gif"),
  webp: mediaFile("lossy-30x20.webp"),
  mp4: mediaFile("clip-32x16-2.4s.mp4"),
  mov: mediaFile("clip-32x16-1s.mov"),
  webm: mediaFile("clip-32x16-1s.webm"),
  matroska: mediaFile("clip-32x16-1s.mkv"),
  m4a: mediaFile("tone-1s.m4a"),
  mp3: mediaFile("tone-1s.mp3"),
  wav: mediaFile("tone-0.5s.wav"),
  flac: mediaFile("tone-1s.flac"),
  ogg: mediaFile("tone-1s.ogg"),
  aac: mediaFile("tone-1s.aac"),
} as const;
