/**
 * Recognition of the container formats whose first bytes are not enough on their own:
 * ISO base media files (MP4, MOV, M4A) by their `ftyp` brands, EBML files (WebM,
 * Matroska) by their DocType, and Ogg files by the codec of their first packet.
 *
 * @module
 */
import { byteAt, fourCharacterCodeAt, hasAsciiAt, hasBytesAt, uint32At } from "./byte-patterns.js";
import type { MediaFormatName } from "./media-formats.js";

// HEIF and AVIF images share the ftyp box with MP4; they are refused, never taken for video.
const IMAGE_BRANDS = new Set([
  "avif",
  "avis",
  "heic",
  "heix",
  "hevc",
  "hevx",
  "heim",
  "heis",
  "mif1",
  "msf1",
]);
const QUICKTIME_BRANDS = new Set(["qt  "]);
const AUDIO_MP4_BRANDS = new Set(["M4A ", "M4B ", "F4A "]);
const VIDEO_MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "mp71",
  "avc1",
  "dash",
  "M4V ",
  "M4VH",
  "M4VP",
  "MSNV",
  "XAVC",
  "f4v ",
  "mmp4",
]);

function formatOfBrand(brand: string): MediaFormatName | "image" | undefined {
  if (IMAGE_BRANDS.has(brand)) return "image";
  if (QUICKTIME_BRANDS.has(brand)) return "mov";
  if (AUDIO_MP4_BRANDS.has(brand)) return "m4a";
  if (VIDEO_MP4_BRANDS.has(brand)) return "mp4";
  return undefined;
}

/**
 * Format of an ISO base media file: the major brand decides; an unfamiliar major brand
 * defers to the compatible brands, image brands first so a HEIF image never passes as MP4.
 * Undefined when the bytes do not open with an `ftyp` box or name no supported brand.
 */
export function sniffIsoBaseMedia(bytes: Uint8Array): MediaFormatName | undefined {
  if (!hasAsciiAt(bytes, 4, "ftyp")) return undefined;
  const boxSize = uint32At(bytes, 0) ?? 0;
  const major = formatOfBrand(fourCharacterCodeAt(bytes, 8) ?? "");
  if (major !== undefined) return major === "image" ? undefined : major;
  const compatible: (MediaFormatName | "image")[] = [];
  for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length); offset += 4) {
    const format = formatOfBrand(fourCharacterCodeAt(bytes, offset) ?? "");
    if (format !== undefined) compatible.push(format);
  }
  const media = compatible.filter((format): format is MediaFormatName => format !== "image");
  if (media.length < compatible.length) return undefined;
  return media.find((format) => format === "mov" || format === "m4a") ?? media[0];
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const DOCTYPE_ELEMENT_ID = [0x42, 0x82];
// The DocType sits in the EBML header, which is a few dozen bytes in practice.
const EBML_HEADER_SEARCH_BYTES = 128;

/** WebM or Matroska by the DocType of the EBML header; undefined for any other file. */
export function sniffEbml(bytes: Uint8Array): MediaFormatName | undefined {
  if (!hasBytesAt(bytes, 0, EBML_MAGIC)) return undefined;
  const end = Math.min(bytes.length, EBML_HEADER_SEARCH_BYTES);
  for (let offset = EBML_MAGIC.length; offset < end; offset += 1) {
    if (!hasBytesAt(bytes, offset, DOCTYPE_ELEMENT_ID)) continue;
    // A one-byte EBML size: the marker bit 0x80 plus the length of the text.
    const size = byteAt(bytes, offset + 2) - 0x80;
    if (size === 4 && hasAsciiAt(bytes, offset + 3, "webm")) return "webm";
    if (size === 8 && hasAsciiAt(bytes, offset + 3, "matroska")) return "matroska";
  }
  return undefined;
}

const OGG_AUDIO_CODEC_HEADERS = ["\u0001vorbis", "OpusHead", "\u007fFLAC", "Speex   "];
const OGG_PAGE_HEADER_BYTES = 27;

/** Ogg audio or Theora video by the first packet; undefined for other files or codecs. */
export function sniffOgg(bytes: Uint8Array): MediaFormatName | undefined {
  if (!hasAsciiAt(bytes, 0, "OggS")) return undefined;
  const segmentCount = byteAt(bytes, OGG_PAGE_HEADER_BYTES - 1);
  if (segmentCount < 0) return undefined;
  const packetStart = OGG_PAGE_HEADER_BYTES + segmentCount;
  if (hasAsciiAt(bytes, packetStart, "\u0080theora")) return "ogv";
  return OGG_AUDIO_CODEC_HEADERS.some((header) => hasAsciiAt(bytes, packetStart, header))
    ? "ogg"
    : undefined;
}
