/**
 * Numbers of edit operations, drawn inside the limits of spec section 8 (`limits.ts`):
 * timeline positions and lengths, playback rates, levels, fades and geometry.
 *
 * Positions and lengths are mostly drawn inside a short window (`timelineSeconds`), so
 * items meet and collide on the tracks, and now and then at the limits themselves.
 *
 * @module
 */
import fc from "fast-check";
import {
  AUDIO_FADE_MAX_SECONDS,
  AUDIO_FADE_MIN_SECONDS,
  OPACITY_MAX,
  OPACITY_MIN,
  PLAYBACK_RATE_DEFAULT,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  POSITION_MAX_ABS,
  SIZE_MAX,
  TIMELINE_DURATION_MAX_SECONDS,
  TIMELINE_DURATION_MIN_SECONDS,
  TIMELINE_POSITION_MAX_SECONDS,
  VOLUME_DB_MAX,
  VOLUME_DB_MIN,
} from "../../schemas/limits.js";

// Rare next to the window, but every run of a hundred meets a limit a few times.
const WINDOW_WEIGHT = 12;
const LIMIT_WEIGHT = 1;

/**
 * A finite number from `min` to `max`. Never -0: JSON writes it as 0, so a state holding
 * it would not survive a JSON round-trip unchanged, and no JSON client sends it.
 */
export function numberBetween(min: number, max: number): fc.Arbitrary<number> {
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .map((value) => (Object.is(value, -0) ? 0 : value));
}

/** A fraction from 0 included to 1 excluded, to pick a point inside a known range. */
export function unitArbitrary(): fc.Arbitrary<number> {
  return fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
}

/** A timeline or source position in seconds: mostly inside the window, sometimes 0 or the limit. */
export function positionSecondsArbitrary(timelineSeconds: number): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: WINDOW_WEIGHT, arbitrary: numberBetween(0, timelineSeconds) },
    { weight: LIMIT_WEIGHT, arbitrary: fc.constantFrom(0, TIMELINE_POSITION_MAX_SECONDS) },
  );
}

/** A timeline length in seconds: mostly inside the window, sometimes at either limit. */
export function durationSecondsArbitrary(timelineSeconds: number): fc.Arbitrary<number> {
  const windowMax = Math.min(
    Math.max(timelineSeconds, TIMELINE_DURATION_MIN_SECONDS),
    TIMELINE_DURATION_MAX_SECONDS,
  );
  return fc.oneof(
    { weight: WINDOW_WEIGHT, arbitrary: numberBetween(TIMELINE_DURATION_MIN_SECONDS, windowMax) },
    {
      weight: LIMIT_WEIGHT,
      arbitrary: fc.constantFrom(TIMELINE_DURATION_MIN_SECONDS, TIMELINE_DURATION_MAX_SECONDS),
    },
  );
}

/** A playback rate: often normal speed, else anything from 0.1 to 8. */
export function playbackRateArbitrary(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constant(PLAYBACK_RATE_DEFAULT),
    numberBetween(PLAYBACK_RATE_MIN, PLAYBACK_RATE_MAX),
  );
}

/** A gain in decibels, -60 to 24. */
export function volumeDbArbitrary(): fc.Arbitrary<number> {
  return numberBetween(VOLUME_DB_MIN, VOLUME_DB_MAX);
}

/** An audio fade in seconds, 0 to 30. */
export function audioFadeSecondsArbitrary(): fc.Arbitrary<number> {
  return numberBetween(AUDIO_FADE_MIN_SECONDS, AUDIO_FADE_MAX_SECONDS);
}

/** An opacity, 0 to 1. */
export function opacityArbitrary(): fc.Arbitrary<number> {
  return numberBetween(OPACITY_MIN, OPACITY_MAX);
}

/** A `left` or `top` offset: mostly on a 4K canvas, sometimes far off it. */
export function positionPixelsArbitrary(): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: -500, max: 4000 }) },
    { weight: 1, arbitrary: numberBetween(-POSITION_MAX_ABS, POSITION_MAX_ABS) },
  );
}

/** A `width` or `height`: greater than 0, mostly canvas-sized. */
export function sizePixelsArbitrary(): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 4000 }) },
    {
      weight: 1,
      arbitrary: fc.double({ min: 0, minExcluded: true, max: SIZE_MAX, noNaN: true }),
    },
  );
}
