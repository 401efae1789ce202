/**
 * The header prober's JPEG reader. It walks the markers front to back: every segment
 * whole, a frame header (SOF) with the picture's size, checked against the limits, before
 * the first scan, and scan data ending in an end-of-image marker, so a truncated file or
 * one whose header is followed by something else is refused. The scan data is not
 * Huffman-decoded (the check is `structure`). Bytes after the end of the image are
 * ignored, as decoders do.
 *
 * @module
 */

import { type Err, err, ok, type Result } from "../../result.js";
import { u8, u16be } from "./binary.js";
import type {
  MediaProbeFailure,
  MediaProbeRequest,
  MediaProbeResult,
  PictureLimits,
} from "./media-probe.js";
import { type ByteCursor, byteCursorOf } from "./probe-reader.js";
import { found, pictureSizeFailure, truncated, undecodable } from "./probe-results.js";

const MARKER = 0xff;
const START_OF_IMAGE = 0xd8;
const END_OF_IMAGE = 0xd9;
const START_OF_SCAN = 0xda;

// Frame headers: SOF0 to SOF15 except DHT (C4), JPG (C8) and DAC (CC).
function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
}

// Markers without a length: TEM and the restart markers.
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

interface Frame {
  readonly width: number;
  readonly height: number;
}

// What is wrong with the file, in the words of its refusal; `end` when it is cut short.
type Problem = string;

// The refusal of a file with `problem`.
function refusal(problem: Problem): Err<MediaProbeFailure> {
  return problem === "end"
    ? truncated("JPEG", "its end-of-image marker")
    : undecodable(`The JPEG file is corrupt: ${problem}.`);
}

// The next marker at the cursor (fill bytes skipped), or a problem.
async function nextMarker(cursor: ByteCursor): Promise<Result<number, Problem>> {
  const first = await cursor.byte();
  if (first === undefined) return err("end");
  if (first !== MARKER) return err("a segment does not start with a marker");
  for (;;) {
    const marker = await cursor.byte();
    if (marker === undefined) return err("end");
    if (marker !== MARKER) return ok(marker);
  }
}

// Reads the body of a segment with a length; the frame's size when it is a frame header.
async function readSegment(
  cursor: ByteCursor,
  marker: number,
): Promise<Result<Frame | null, Problem>> {
  const lengthBytes = await cursor.bytes(2);
  const length = u16be(lengthBytes, 0);
  if (length === undefined) return err("end");
  if (length < 2) return err("a segment has an impossible length");
  if (!isFrameHeader(marker)) return (await cursor.skip(length - 2)) ? ok(null) : err("end");
  const body = await cursor.bytes(length - 2);
  if (body.byteLength < length - 2) return err("end");
  const [height = 0, width = 0, components = 0] = [u16be(body, 1), u16be(body, 3), u8(body, 5)];
  if (height === 0) return err("its height is given after the image, which is not supported");
  if (components < 1 || components > 4 || length - 2 < 6 + components * 3) {
    return err("its frame header is malformed");
  }
  return ok({ width, height });
}

// Passes scan data up to the next marker that is not a stuffed byte or a restart marker.
async function skipScanData(cursor: ByteCursor): Promise<Result<number, Problem>> {
  for (;;) {
    if (!(await cursor.skipPast(MARKER))) return err("end");
    let marker = await cursor.byte();
    while (marker === MARKER) marker = await cursor.byte();
    if (marker === undefined) return err("end");
    if (marker !== 0x00 && !isStandalone(marker)) return ok(marker);
  }
}

// Walks the segments after SOI; the frame when the image ends properly, or the refusal. A
// frame past the limits stops the walk at once.
async function walkSegments(
  cursor: ByteCursor,
  limits: PictureLimits,
): Promise<Result<Frame, MediaProbeFailure>> {
  let frame: Frame | undefined;
  let next = await nextMarker(cursor);
  for (;;) {
    if (!next.ok) return refusal(next.error);
    const marker = next.value;
    if (marker === END_OF_IMAGE) {
      return frame === undefined ? refusal("it ends before any image data") : ok(frame);
    }
    if (marker === START_OF_IMAGE) return refusal("it starts a second image inside the first");
    if (!isStandalone(marker)) {
      const segment = await readSegment(cursor, marker);
      if (!segment.ok) return refusal(segment.error);
      if (segment.value !== null && frame === undefined) {
        const refused = pictureSizeFailure(segment.value, limits);
        if (refused !== undefined) return refused;
        frame = segment.value;
      }
    }
    if (marker === START_OF_SCAN) {
      if (frame === undefined) return refusal("its image data comes before its frame header");
      next = await skipScanData(cursor);
    } else {
      next = await nextMarker(cursor);
    }
  }
}

/** Probes a JPEG file (see the module). */
export async function probeJpeg(request: MediaProbeRequest): Promise<MediaProbeResult> {
  const cursor = byteCursorOf(request.source);
  try {
    const start = await cursor.bytes(2);
    if (start[0] !== MARKER || start[1] !== START_OF_IMAGE) {
      return undecodable("The JPEG file does not start with a start-of-image marker.");
    }
    const walked = await walkSegments(cursor, request.limits);
    if (!walked.ok) return walked;
    const { width, height } = walked.value;
    return found({
      kind: "image",
      format: "jpeg",
      durationSeconds: null,
      width,
      height,
      streams: [],
      codecs: ["mjpeg"],
      check: "structure",
    });
  } finally {
    await cursor.close();
  }
}
