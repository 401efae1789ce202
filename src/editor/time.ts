/**
 * Conversions between the seconds of edit operations and the whole frames of the editor
 * state (DESIGN section 4: positions in whole frames, media offsets in seconds).
 *
 * A span in seconds becomes frames by rounding its start and its end to the nearest frame
 * and taking the length between them (at least one frame). Rounding the length on its own
 * would let two clips that touch in seconds overlap by a frame (0.02 s + 1.02 s and
 * 1.04 s at 30 fps: frames [1, 32) and [31, 61)); rounding both ends makes the end of one
 * the start of the next.
 *
 * @module
 */

// One millisecond in seconds; caption and transcript times travel in milliseconds.
const MILLISECONDS_PER_SECOND = 1000;

// Frame positions are snapped to a millionth of a frame before rounding, so decimal
// seconds that add up on paper but not in binary floating point (0.01 + 0.09 is
// 0.09999999999999999) still land on the frame their sum names. Positions are at most
// 86,400 s at 120 fps, so the snapped value stays far inside the exact integer range.
const FRAME_SNAP = 1e6;

function nearestFrame(seconds: number, fps: number): number {
  return Math.round(Math.round(seconds * fps * FRAME_SNAP) / FRAME_SNAP);
}

/**
 * Converts a timeline position in seconds to the nearest whole frame, never before frame
 * 0. Rounding (rather than flooring) keeps `from_seconds: 0.1` at 30 fps on frame 3,
 * where a reader of the request expects it, despite `0.1 * 30` being `3.0000000000000004`.
 *
 * @example
 * ```ts
 * secondsToFrames(1.5, 30); // 45
 * secondsToFrames(0.02, 24); // 0
 * ```
 */
export function secondsToFrames(seconds: number, fps: number): number {
  return Math.max(0, nearestFrame(seconds, fps));
}

/** A span of the timeline in whole frames. */
export interface FrameSpan {
  /** First frame, an integer >= 0. */
  from: number;
  /** Length in frames, an integer >= 1. */
  durationInFrames: number;
}

/**
 * Converts a timeline span given in seconds (a start and a length) to frames: the start
 * and the end are each rounded to the nearest frame and the length is the distance
 * between them, at least one frame. Every operation that turns seconds into an item's
 * frames goes through here, so clips that touch in seconds touch in frames.
 *
 * @example
 * ```ts
 * secondsSpanToFrames(0.02, 1.02, 30); // { from: 1, durationInFrames: 30 }
 * secondsSpanToFrames(1.04, 1, 30); // { from: 31, durationInFrames: 30 }: it touches the first
 * ```
 */
export function secondsSpanToFrames(
  fromSeconds: number,
  durationSeconds: number,
  fps: number,
): FrameSpan {
  const from = secondsToFrames(fromSeconds, fps);
  const end = secondsToFrames(fromSeconds + durationSeconds, fps);
  return { from, durationInFrames: Math.max(1, end - from) };
}

/**
 * Converts a length in seconds that is not anchored to a timeline position (an overlap,
 * a handle) to whole frames: rounded to the nearest frame and at least one frame long.
 * An item's frames come from {@link secondsSpanToFrames} instead, which rounds its ends.
 *
 * @example
 * ```ts
 * durationSecondsToFrames(2, 25); // 50
 * durationSecondsToFrames(0.001, 30); // 1
 * ```
 */
export function durationSecondsToFrames(durationSeconds: number, fps: number): number {
  return Math.max(1, nearestFrame(durationSeconds, fps));
}

/**
 * Converts whole frames back to seconds.
 *
 * @example
 * ```ts
 * framesToSeconds(45, 30); // 1.5
 * ```
 */
export function framesToSeconds(frames: number, fps: number): number {
  return frames / fps;
}

/** Converts milliseconds to seconds. */
export function millisecondsToSeconds(milliseconds: number): number {
  return milliseconds / MILLISECONDS_PER_SECOND;
}

/** Converts seconds to milliseconds. */
export function secondsToMilliseconds(seconds: number): number {
  return seconds * MILLISECONDS_PER_SECOND;
}
