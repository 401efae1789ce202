/**
 * The header prober's GIF reader. It walks the blocks front to back: the logical screen
 * (its size against the picture limits), the colour tables, every extension and every
 * image's data sub-blocks, so a file cut inside its first image or holding something
 * else after its header is refused. An animated GIF's length is the sum of its frame
 * delays, a delay under 2/100 s counting as 1/10 s, as ffmpeg and browsers play it; a
 * single frame is a still. Images are not LZW-decoded (the check is `structure`). A file
 * that ends after a whole image without its trailer still plays, as decoders allow.
 *
 * @module
 */

import { latin1, u8, u16le } from "./binary.js";
import type { MediaProbeRequest, MediaProbeResult, PictureLimits } from "./media-probe.js";
import { type ByteCursor, byteCursorOf } from "./probe-reader.js";
import { found, pictureSizeFailure, truncated, undecodable } from "./probe-results.js";

const EXTENSION = 0x21;
const IMAGE = 0x2c;
const TRAILER = 0x3b;
const GRAPHIC_CONTROL = 0xf9;
// ffmpeg's gif demuxer: delays below 2 hundredths play as the default of 10.
const MIN_DELAY = 2;
const DEFAULT_DELAY = 10;

function colorTableBytes(packed: number): number {
  return (packed & 0x80) === 0 ? 0 : 3 * 2 ** ((packed & 0x07) + 1);
}

// Passes data sub-blocks up to their terminator; the bytes of the first, or false at the end.
async function skipSubBlocks(cursor: ByteCursor): Promise<Uint8Array | false> {
  let first: Uint8Array | undefined;
  for (;;) {
    const size = await cursor.byte();
    if (size === undefined) return false;
    if (size === 0) return first ?? new Uint8Array(0);
    if (first === undefined) {
      first = await cursor.bytes(size);
      if (first.byteLength < size) return false;
    } else if (!(await cursor.skip(size))) return false;
  }
}

interface Animation {
  frames: number;
  delays: number;
  pendingDelay: number;
}

// Reads one image block after its separator; a problem, or undefined.
async function readImage(
  cursor: ByteCursor,
  limits: PictureLimits,
): Promise<string | MediaProbeResult | undefined> {
  const descriptor = await cursor.bytes(9);
  if (descriptor.byteLength < 9) return "end";
  const size = { width: u16le(descriptor, 4) ?? 0, height: u16le(descriptor, 6) ?? 0 };
  const refused = pictureSizeFailure(size, limits);
  if (refused !== undefined) return refused;
  if (!(await cursor.skip(colorTableBytes(u8(descriptor, 8) ?? 0)))) return "end";
  const codeSize = await cursor.byte();
  if (codeSize === undefined) return "end";
  if (codeSize < 1 || codeSize > 11) return "an image has an impossible LZW code size";
  return (await skipSubBlocks(cursor)) === false ? "end" : undefined;
}

// Walks the blocks after the header; a problem, or undefined once the trailer is read.
async function walkBlocks(
  cursor: ByteCursor,
  limits: PictureLimits,
  animation: Animation,
): Promise<string | MediaProbeResult | undefined> {
  for (;;) {
    const block = await cursor.byte();
    if (block === TRAILER) return undefined;
    if (block === undefined || (block !== EXTENSION && block !== IMAGE)) {
      // Whatever follows a whole image (junk, or nothing) ends the file, as decoders read it.
      if (animation.frames > 0) return undefined;
      return block === undefined ? "end" : "a block of an unknown kind comes before any image";
    }
    if (block === IMAGE) {
      const problem = await readImage(cursor, limits);
      if (problem === "end" && animation.frames > 0) return undefined;
      if (problem !== undefined) return problem;
      animation.frames += 1;
      animation.delays +=
        animation.pendingDelay < MIN_DELAY ? DEFAULT_DELAY : animation.pendingDelay;
      animation.pendingDelay = 0;
      continue;
    }
    const label = await cursor.byte();
    const first = await skipSubBlocks(cursor);
    if (label === undefined || first === false) return animation.frames > 0 ? undefined : "end";
    if (label === GRAPHIC_CONTROL && first.byteLength >= 4) {
      animation.pendingDelay = u16le(first, 1) ?? 0;
    }
  }
}

/** Probes a GIF file (see the module). */
export async function probeGif(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const cursor = byteCursorOf(request.source);
  try {
    const header = await cursor.bytes(13);
    if (header.byteLength < 13) return truncated("GIF", "its logical screen");
    if (!["GIF87a", "GIF89a"].includes(latin1(header, 0, 6) ?? "")) {
      return undecodable("The GIF file does not start with a GIF signature.");
    }
    const screen = { width: u16le(header, 6) ?? 0, height: u16le(header, 8) ?? 0 };
    const refused = pictureSizeFailure(screen, request.limits);
    if (refused !== undefined) return refused;
    if (!(await cursor.skip(colorTableBytes(u8(header, 10) ?? 0)))) {
      return truncated("GIF", "its colour table");
    }
    const animation: Animation = { frames: 0, delays: 0, pendingDelay: 0 };
    const problem = await walkBlocks(cursor, request.limits, animation);
    if (problem === "end") return truncated("GIF", "the end of its first image");
    if (typeof problem === "string") return undecodable(`The GIF file is corrupt: ${problem}.`);
    if (problem !== undefined) return problem;
    if (animation.frames === 0) return undecodable("The GIF file holds no image.");
    return found({
      kind: "image",
      format: "gif",
      durationSeconds: animation.frames > 1 ? animation.delays / 100 : null,
      width: screen.width,
      height: screen.height,
      streams: [],
      codecs: ["gif"],
      check: "structure",
    });
  } finally {
    await cursor.close();
  }
}
