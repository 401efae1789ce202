/**
 * The values a style's `font_weight` may take: a number from 1 to 1000, or a weight's
 * name. The schema refuses anything else, and the engine reads the same table, so a
 * weight is never silently drawn as another.
 *
 * @module
 */

/** The lightest numeric `font_weight`. */
export const FONT_WEIGHT_NUMBER_MIN = 1;

/** The heaviest numeric `font_weight`. */
export const FONT_WEIGHT_NUMBER_MAX = 1000;

/** CSS weight keywords and common weight names, by the number they stand for. */
export const FONT_WEIGHT_NAMES: Readonly<Record<string, number>> = {
  thin: 100,
  hairline: 100,
  extralight: 200,
  ultralight: 200,
  light: 300,
  normal: 400,
  regular: 400,
  book: 400,
  medium: 500,
  semibold: 600,
  demibold: 600,
  bold: 700,
  extrabold: 800,
  ultrabold: 800,
  black: 900,
  heavy: 900,
};

/**
 * The number a `font_weight` stands for: a number from 1 to 1000 (rounded), or a name
 * (case, spaces, `-` and `_` ignored: `Semi Bold` is 600); undefined for anything else.
 *
 * @example
 * ```ts
 * fontWeightNumberOf("Semi-Bold"); // 600
 * fontWeightNumberOf("650"); // 650
 * fontWeightNumberOf("heavyish"); // undefined
 * ```
 */
export function fontWeightNumberOf(value: string): number | undefined {
  const trimmed = value.trim();
  const numeric = Number(trimmed);
  if (
    trimmed !== "" &&
    Number.isFinite(numeric) &&
    numeric >= FONT_WEIGHT_NUMBER_MIN &&
    numeric <= FONT_WEIGHT_NUMBER_MAX
  ) {
    return Math.round(numeric);
  }
  return FONT_WEIGHT_NAMES[trimmed.toLowerCase().replaceAll(/[\s_-]/g, "")];
}
