/**
 * The header prober's readers of MPEG audio streams: MP3 and ADTS (AAC), behind an ID3v2
 * tag when there is one. The first frame's header must be valid and the next frame must
 * follow it where the header says, so a file that merely starts like a frame is refused.
 * An MP3's length comes from its Xing, Info or VBRI header when it has one, otherwise
 * from its bit rate and size, as ffprobe estimates it; an ADTS file does not tell its
 * length without reading every frame, so it is left unknown. Frames are not decoded (the
 * check is `structure`).
 *
 * @module
 */

import { id3TagLength } from "../sniff-audio-frames.js";
import { latin1, u32be } from "./binary.js";
import type { MediaProbeRequest, MediaProbeResult } from "./media-probe.js";
import { type RangeReader, rangeReaderOf } from "./probe-reader.js";
import { found, truncated, undecodable, unsupported } from "./probe-results.js";

const MPEG1_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};
const ADTS_SAMPLE_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
];

interface Mp3Frame {
  readonly version: number;
  readonly sampleRate: number;
  readonly bitrateKbps: number;
  readonly length: number;
  readonly samples: number;
  readonly mono: boolean;
}

/** The layer III frame header in `bytes` at `offset`, or undefined when there is none. */
export function mp3FrameAt(bytes: Uint8Array, offset: number): Mp3Frame | undefined {
  const [sync = 0, second = 0, third = 0, fourth = 0] = bytes.subarray(offset, offset + 4);
  if (sync !== 0xff || (second & 0xe0) !== 0xe0 || ((second >> 1) & 3) !== 1) return undefined;
  const version = (second >> 3) & 3;
  const sampleRate = SAMPLE_RATES[version]?.[(third >> 2) & 3];
  const bitrateKbps = (version === 3 ? MPEG1_BITRATES : MPEG2_BITRATES)[third >> 4];
  if (sampleRate === undefined || bitrateKbps === undefined) return undefined;
  const samples = version === 3 ? 1152 : 576;
  const padding = (third >> 1) & 1;
  const length = Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  return { version, sampleRate, bitrateKbps, length, samples, mono: fourth >> 6 === 3 };
}

// The frame count of a Xing, Info or VBRI header in the first frame, if it has one.
function headerFrameCount(frame: Mp3Frame, bytes: Uint8Array, offset: number): number | undefined {
  const sideInfo = frame.version === 3 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xing = offset + 4 + sideInfo;
  const tag = latin1(bytes, xing, 4);
  if ((tag === "Xing" || tag === "Info") && ((u32be(bytes, xing + 4) ?? 0) & 1) === 1) {
    return u32be(bytes, xing + 8);
  }
  if (latin1(bytes, offset + 36, 4) === "VBRI") return u32be(bytes, offset + 36 + 14);
  return undefined;
}

async function probeMp3(reader: RangeReader, tag: number): Promise<MediaProbeResult> {
  const first = await reader.read(tag, 4096);
  const frame = mp3FrameAt(first, 0);
  if (frame === undefined) return undecodable("The MP3 file does not start with an MP3 frame.");
  if (frame.bitrateKbps === 0) return unsupported("The MP3 file uses a free bit rate.");
  if (tag + frame.length > reader.sizeBytes) return truncated("MP3", "the end of its first frame");
  if (tag + frame.length + 4 <= reader.sizeBytes) {
    const next = mp3FrameAt(await reader.read(tag + frame.length, 4), 0);
    if (next === undefined || next.sampleRate !== frame.sampleRate) {
      return undecodable("The MP3 file is corrupt: its second frame does not follow its first.");
    }
  }
  const frames = headerFrameCount(frame, first, 0);
  const tail = latin1(await reader.read(reader.sizeBytes - 128, 3), 0, 3) === "TAG" ? 128 : 0;
  const durationSeconds =
    frames !== undefined && frames > 0
      ? (frames * frame.samples) / frame.sampleRate
      : ((reader.sizeBytes - tag - tail) * 8) / (frame.bitrateKbps * 1000);
  return found({
    kind: "audio",
    format: "mp3",
    durationSeconds,
    width: null,
    height: null,
    streams: ["audio"],
    codecs: ["mp3"],
    check: "structure",
  });
}

function adtsFrameLength(bytes: Uint8Array): number | undefined {
  const [sync = 0, second = 0, third = 0, fourth = 0, fifth = 0, sixth = 0] = bytes;
  if (sync !== 0xff || (second & 0xf6) !== 0xf0) return undefined;
  if (ADTS_SAMPLE_RATES[(third >> 2) & 0x0f] === undefined) return undefined;
  const length = ((fourth & 0x03) << 11) | (fifth << 3) | (sixth >> 5);
  return length >= 7 ? length : undefined;
}

async function probeAdts(reader: RangeReader, tag: number): Promise<MediaProbeResult> {
  const length = adtsFrameLength(await reader.read(tag, 7));
  if (length === undefined) return undecodable("The AAC file does not start with an ADTS frame.");
  if (tag + length > reader.sizeBytes) return truncated("AAC", "the end of its first frame");
  if (tag + length + 7 <= reader.sizeBytes) {
    if (adtsFrameLength(await reader.read(tag + length, 7)) === undefined) {
      return undecodable("The AAC file is corrupt: its second frame does not follow its first.");
    }
  }
  return found({
    kind: "audio",
    format: "aac",
    durationSeconds: null,
    width: null,
    height: null,
    streams: ["audio"],
    codecs: ["aac"],
    check: "structure",
  });
}

/** Probes an MP3 or ADTS (AAC) file (see the module). */
export async function probeMpegAudio(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const reader = rangeReaderOf(request.source);
  const tag = id3TagLength(await reader.read(0, 10));
  if (tag >= reader.sizeBytes) return truncated(request.format.toUpperCase(), "its first frame");
  return request.format === "aac" ? probeAdts(reader, tag) : probeMp3(reader, tag);
}
