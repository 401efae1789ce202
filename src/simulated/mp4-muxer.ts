/**
 * A minimal MP4 (ISO BMFF) writer for one H.264 video track, the index first so that a
 * player can start before the end: what the simulated providers need to hand out a clip
 * they made themselves, without ffmpeg.
 *
 * @module
 */

/** One H.264 track to write. */
export interface Mp4VideoTrack {
  /** Width shown, in pixels. */
  readonly width: number;
  /** Height shown, in pixels. */
  readonly height: number;
  /** Frames per second, a whole number. */
  readonly framesPerSecond: number;
  /** The sequence parameter set NAL unit. */
  readonly sps: Uint8Array;
  /** The picture parameter set NAL unit. */
  readonly pps: Uint8Array;
  /** One NAL unit per frame, in order; the first must be an IDR picture. */
  readonly frames: readonly Uint8Array[];
}

type Part = Uint8Array | number[];

function u16(value: number): number[] {
  return [(value >>> 8) & 0xff, value & 0xff];
}

function u32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

function concat(parts: readonly Part[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function box(type: string, ...parts: Part[]): Uint8Array {
  const body = concat(parts);
  return concat([u32(body.length + 8), ascii(type), body]);
}

// A full box: a version byte and 24 bits of flags before the body.
function fullBox(type: string, flags: number, ...parts: Part[]): Uint8Array {
  return box(type, u32(flags), ...parts);
}

const UNITY_MATRIX = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].flatMap(u32);

function movieHeader(durationMs: number): Uint8Array {
  return fullBox(
    "mvhd",
    0,
    u32(0),
    u32(0),
    u32(1000),
    u32(durationMs),
    u32(0x10000), // rate 1.0
    u16(0x100), // volume 1.0
    new Array(10).fill(0),
    UNITY_MATRIX,
    new Array(24).fill(0),
    u32(2), // next_track_ID
  );
}

function trackHeader(track: Mp4VideoTrack, durationMs: number): Uint8Array {
  return fullBox(
    "tkhd",
    3, // enabled, in the movie
    u32(0),
    u32(0),
    u32(1), // track_ID
    u32(0),
    u32(durationMs),
    new Array(8).fill(0),
    u16(0), // layer
    u16(0), // alternate_group
    u16(0), // volume: a video track has none
    u16(0),
    UNITY_MATRIX,
    u32(track.width * 0x10000),
    u32(track.height * 0x10000),
  );
}

function sampleEntry(track: Mp4VideoTrack): Uint8Array {
  const avcC = box(
    "avcC",
    [1, track.sps[1] ?? 66, track.sps[2] ?? 0, track.sps[3] ?? 30, 0xff, 0xe1],
    u16(track.sps.length),
    track.sps,
    [1],
    u16(track.pps.length),
    track.pps,
  );
  return box(
    "avc1",
    new Array(6).fill(0),
    u16(1), // data_reference_index
    new Array(16).fill(0),
    u16(track.width),
    u16(track.height),
    u32(0x480000), // 72 dpi
    u32(0x480000),
    u32(0),
    u16(1), // frame_count
    new Array(32).fill(0), // compressorname
    u16(0x18), // depth
    u16(0xffff), // pre_defined -1
    avcC,
  );
}

function sampleTable(track: Mp4VideoTrack, sizes: readonly number[], dataOffset: number) {
  return box(
    "stbl",
    fullBox("stsd", 0, u32(1), sampleEntry(track)),
    fullBox("stts", 0, u32(1), u32(sizes.length), u32(1)),
    fullBox("stss", 0, u32(1), u32(1)),
    fullBox("stsc", 0, u32(1), u32(1), u32(sizes.length), u32(1)),
    fullBox("stsz", 0, u32(0), u32(sizes.length), sizes.flatMap(u32)),
    fullBox("stco", 0, u32(1), u32(dataOffset)),
  );
}

function movie(track: Mp4VideoTrack, sizes: readonly number[], dataOffset: number) {
  const durationMs = Math.round((track.frames.length * 1000) / track.framesPerSecond);
  const media = box(
    "mdia",
    fullBox(
      "mdhd",
      0,
      u32(0),
      u32(0),
      u32(track.framesPerSecond), // timescale: one tick a frame
      u32(track.frames.length),
      u16(0x55c4), // language "und"
      u16(0),
    ),
    fullBox("hdlr", 0, u32(0), ascii("vide"), new Array(12).fill(0), ascii("VideoHandler"), [0]),
    box(
      "minf",
      fullBox("vmhd", 1, new Array(8).fill(0)),
      box("dinf", fullBox("dref", 0, u32(1), fullBox("url ", 1))),
      sampleTable(track, sizes, dataOffset),
    ),
  );
  return box("moov", movieHeader(durationMs), box("trak", trackHeader(track, durationMs), media));
}

/**
 * The MP4 file of `track`: `ftyp`, `moov`, then `mdat` with each frame's NAL unit behind
 * a four-byte length.
 *
 * @example
 * ```ts
 * const mp4 = muxMp4({ width: 144, height: 256, framesPerSecond: 24, sps, pps, frames });
 * ```
 */
export function muxMp4(track: Mp4VideoTrack): Uint8Array {
  const fileType = box("ftyp", ascii("isom"), u32(0x200), ascii("isomiso2avc1mp41"));
  const samples = track.frames.map((frame) => concat([u32(frame.length), frame]));
  const sizes = samples.map((sample) => sample.length);
  // The index's size does not depend on the offset it holds, so measure it once.
  const indexLength = movie(track, sizes, 0).length;
  const dataOffset = fileType.length + indexLength + 8;
  return concat([fileType, movie(track, sizes, dataOffset), box("mdat", ...samples)]);
}
