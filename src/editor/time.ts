/**
 * Conversions between the seconds of edit operations and the whole frames of the editor
 * state (DESIGN section 4: positions in whole frames, media offsets in seconds).
 *
 * @module
 */

// One millisecond in seconds; caption and transcript times travel in milliseconds.
const MILLISECONDS_PER_SECOND = 1000;

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
  return Math.max(0, Math.round(seconds * fps));
}

/**
 * Converts a length in seconds to whole frames: rounded to the nearest frame and at least
 * one frame long, so a very short duration still yields a visible, valid item.
 *
 * @example
 * ```ts
 * durationSecondsToFrames(2, 25); // 50
 * durationSecondsToFrames(0.001, 30); // 1
 * ```
 */
export function durationSecondsToFrames(durationSeconds: number, fps: number): number {
  return Math.max(1, Math.round(durationSeconds * fps));
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
