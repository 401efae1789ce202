/**
 * The font families reelkit ships in its `fonts/` folder (the Latin subset of each
 * upright weight, WOFF2, under the SIL Open Font License), and how a numeric weight
 * finds a face a family has.
 *
 * @module
 */
import type { FontFamilyInfo } from "../ports/renderer.js";

/** The weights a font face may have, lightest first (CSS `font-weight` 100 to 900). */
export const FONT_WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;

// What @fontsource's files add to a family's name for each weight: its name tables name
// every weight but the regular and the bold as a family of its own ("Inter Light").
const WEIGHT_NAMES: Readonly<Record<number, string>> = {
  100: "Thin",
  200: "ExtraLight",
  300: "Light",
  500: "Medium",
  600: "SemiBold",
  800: "ExtraBold",
  900: "Black",
};

// The names libass finds each weight's face under, in a family whose regular and bold
// faces are named `base`: fontconfig and libass find the other weights only under the
// family names of their own name tables, so the renderer asks for those.
function fontsourceFaceNames(base: string): Readonly<Record<number, string>> {
  return Object.fromEntries(
    FONT_WEIGHTS.map((weight) => {
      const suffix = WEIGHT_NAMES[weight];
      return [weight, suffix === undefined ? base : `${base} ${suffix}`];
    }),
  );
}

const OFL = "OFL-1.1";
const UPRIGHT = ["normal"] as const;

/**
 * The families in the package's `fonts/` folder, with the weights each has a face for
 * and their licence. The ffmpeg renderer loads them unless the host names another font
 * directory. Montserrat's files name all its faces "Montserrat Thin" (a slip of the
 * build that made them), which its face names absorb.
 */
export const SHIPPED_FONT_FAMILIES: readonly FontFamilyInfo[] = [
  {
    family: "Inter",
    weights: FONT_WEIGHTS,
    styles: UPRIGHT,
    license: OFL,
    faceNames: fontsourceFaceNames("Inter"),
  },
  {
    family: "Montserrat",
    weights: FONT_WEIGHTS,
    styles: UPRIGHT,
    license: OFL,
    faceNames: fontsourceFaceNames("Montserrat Thin"),
  },
  {
    family: "Poppins",
    weights: FONT_WEIGHTS,
    styles: UPRIGHT,
    license: OFL,
    faceNames: fontsourceFaceNames("Poppins"),
  },
  { family: "Anton", weights: [400], styles: UPRIGHT, license: OFL },
  { family: "Bebas Neue", weights: [400], styles: UPRIGHT, license: OFL },
];

/** The weights DejaVu Sans (the default family, from fontconfig) has faces for. */
export const DEFAULT_FAMILY_WEIGHTS: readonly number[] = [400, 700];

/** The licence of DejaVu Sans, the default family: the Bitstream Vera licence's terms. */
export const DEFAULT_FAMILY_LICENSE = "Bitstream-Vera";

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
