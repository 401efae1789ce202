/**
 * The font families reelkit ships in its `fonts/` folder (the Latin subset of each
 * upright weight, WOFF2, under the SIL Open Font License), and how a numeric weight
 * finds a face a family has.
 *
 * @module
 */
import type { FontFamilyInfo } from "../ports/renderer.js";

// The faces libass finds under the family's own name (the other weights @fontsource
// names as families of their own).
const REGULAR_AND_BOLD = [400, 700] as const;

/**
 * The families in the package's `fonts/` folder, with the weights each has a face for.
 * The ffmpeg renderer loads them unless the host names another font directory.
 */
export const SHIPPED_FONT_FAMILIES: readonly FontFamilyInfo[] = [
  { family: "Inter", weights: REGULAR_AND_BOLD },
  { family: "Poppins", weights: REGULAR_AND_BOLD },
  { family: "Anton", weights: [400] },
  { family: "Bebas Neue", weights: [400] },
];

/** The weights DejaVu Sans (the default family, from fontconfig) has faces for. */
export const DEFAULT_FAMILY_WEIGHTS: readonly number[] = [400, 700];

/**
 * The weight of the face drawn for `weight` in a family that has faces for `weights`:
 * the nearest one, the lighter on a tie, so a family with one face is never drawn with
 * a synthesized bold.
 *
 * @example
 * ```ts
 * faceWeight(650, [400, 700]); // 700
 * faceWeight(700, [400]); // 400
 * ```
 */
export function faceWeight(weight: number, weights: readonly number[]): number {
  let best = weights[0] ?? weight;
  for (const candidate of weights) {
    if (Math.abs(candidate - weight) < Math.abs(best - weight)) best = candidate;
  }
  return best;
}
