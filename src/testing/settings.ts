/**
 * The options every arbitrary shares, with their defaults and their checks. A bad option
 * is a mistake in the caller's suite, found when the arbitrary is built, so it throws a
 * `RangeError` there rather than producing odd values later.
 *
 * @module
 */
import type { EditOperationType } from "../schemas/edit-operations.js";
import { CAPTIONS_PER_OPERATION_MAX } from "../schemas/limits.js";
import type { GeneratorSettings } from "./plans.js";

/** Options shared by every arbitrary of `reelkit/testing`. */
export interface GenerationOptions {
  /**
   * Operation types to draw. Default: every type the arbitrary can supply the results
   * for (see each arbitrary). Naming `generate_captions_from_items` or `add_voiceover`
   * where no provider results can be returned throws a `RangeError`.
   */
  types?: readonly EditOperationType[];
  /**
   * Window, in seconds from the start of the timeline, where most drawn positions and
   * lengths fall, so items meet and collide; a few values still reach the wire limits.
   * Default 30.
   */
  timelineSeconds?: number;
  /** Most caption entries in one drawn operation (the wire allows 2000). Default 6. */
  maxCaptionEntries?: number;
}

const TIMELINE_SECONDS_DEFAULT = 30;
const CAPTION_ENTRIES_DEFAULT = 6;

/** The default of a whole number option and the range it must lie in. */
export interface WholeOptionRange {
  /** The value when the option is not given. */
  readonly fallback: number;
  /** The smallest value allowed. */
  readonly min: number;
  /** The largest value allowed. */
  readonly max: number;
}

/** A whole number option from `min` to `max`, or its default. */
export function wholeOption(
  name: string,
  value: number | undefined,
  { fallback, min, max }: WholeOptionRange,
): number {
  const resolved = value ?? fallback;
  if (!Number.isInteger(resolved) || resolved < min || resolved > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${resolved}.`);
  }
  return resolved;
}

/** The generator settings of `options`, checked. */
export function generatorSettings(options: GenerationOptions): GeneratorSettings {
  const timelineSeconds = options.timelineSeconds ?? TIMELINE_SECONDS_DEFAULT;
  if (!(Number.isFinite(timelineSeconds) && timelineSeconds > 0)) {
    throw new RangeError(`timelineSeconds must be a finite number > 0, got ${timelineSeconds}.`);
  }
  const maxCaptionEntries = wholeOption("maxCaptionEntries", options.maxCaptionEntries, {
    fallback: CAPTION_ENTRIES_DEFAULT,
    min: 1,
    max: CAPTIONS_PER_OPERATION_MAX,
  });
  return { timelineSeconds, maxCaptionEntries };
}
