/**
 * Recognition of raw audio streams that have no container magic: MPEG audio Layer III
 * (MP3) and ADTS (AAC) frames, possibly behind an ID3v2 tag.
 *
 * @module
 */
import { byteAt, hasAsciiAt } from "./byte-patterns.js";
import type { MediaFormatName } from "./media-formats.js";

const ID3_HEADER_BYTES = 10;
const ID3_FOOTER_BYTES = 10;
const ID3_FOOTER_FLAG = 0x10;

/**
 * Length of the ID3v2 tag at the start of `bytes`, or 0 when there is none. The size is
 * four "syncsafe" bytes of seven bits each, so a tag can never contain a frame sync.
 */
export function id3TagLength(bytes: Uint8Array): number {
  if (!hasAsciiAt(bytes, 0, "ID3")) return 0;
  const sizeBytes = [6, 7, 8, 9].map((offset) => byteAt(bytes, offset));
  if (sizeBytes.some((value) => value < 0 || value > 0x7f)) return 0;
  const size = sizeBytes.reduce((total, value) => total * 128 + value, 0);
  const footer = (byteAt(bytes, 5) & ID3_FOOTER_FLAG) === 0 ? 0 : ID3_FOOTER_BYTES;
  return ID3_HEADER_BYTES + size + footer;
}

/**
 * True for a plausible MPEG audio Layer III frame header at `offset`: the 11-bit sync,
 * a defined version, layer III, and a bitrate and sample rate index that are not the
 * reserved "bad" values, which rules out most random bytes that happen to start 0xFFE.
 */
function isMp3FrameHeader(bytes: Uint8Array, offset: number): boolean {
  const second = byteAt(bytes, offset + 1);
  const third = byteAt(bytes, offset + 2);
  if (byteAt(bytes, offset) !== 0xff || second < 0 || third < 0) return false;
  const sync = (second & 0xe0) === 0xe0;
  const version = (second >> 3) & 0b11;
  const layer = (second >> 1) & 0b11;
  const bitrateIndex = third >> 4;
  const sampleRateIndex = (third >> 2) & 0b11;
  return (
    sync &&
    version !== 0b01 &&
    layer === 0b01 &&
    bitrateIndex !== 0b1111 &&
    sampleRateIndex !== 0b11
  );
}

/** True for an ADTS header at `offset`: 12-bit sync, layer 00, and a defined sample rate. */
function isAdtsHeader(bytes: Uint8Array, offset: number): boolean {
  const second = byteAt(bytes, offset + 1);
  const third = byteAt(bytes, offset + 2);
  if (byteAt(bytes, offset) !== 0xff || second < 0 || third < 0) return false;
  const sampleRateIndex = (third >> 2) & 0b1111;
  return (second & 0xf6) === 0xf0 && sampleRateIndex <= 12;
}

/**
 * MP3 or AAC by the first frame, after skipping an ID3v2 tag. A tag that runs past the
 * end of the available bytes is taken as MP3, the format ID3 was made for. FLAC behind
 * an ID3 tag is reported too, since some encoders write one there.
 */
export function sniffAudioFrames(bytes: Uint8Array): MediaFormatName | undefined {
  const tagLength = id3TagLength(bytes);
  if (tagLength > 0 && tagLength >= bytes.length) return "mp3";
  if (tagLength > 0 && hasAsciiAt(bytes, tagLength, "fLaC")) return "flac";
  if (isMp3FrameHeader(bytes, tagLength)) return "mp3";
  if (isAdtsHeader(bytes, tagLength)) return "aac";
  return undefined;
}
