/**
 * Numbers as ffmpeg and ASS read them: plain decimals, never exponent notation or `-0`.
 *
 * @module
 */

/**
 * `value` as a plain decimal with at most `digits` fraction digits, trailing zeros
 * dropped: `0.5`, `12`, `-3.25`.
 *
 * @example
 * ```ts
 * decimal(1 / 3); // "0.333333"
 * decimal(1e-9); // "0"
 * ```
 */
export function decimal(value: number, digits = 6): string {
  if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} as a number.`);
  const fixed = value.toFixed(digits);
  const trimmed = fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
  return trimmed === "-0" ? "0" : trimmed;
}

/** `value` clamped to `[low, high]`. */
export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
