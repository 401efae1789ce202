/**
 * The placeholder image of the simulated providers: a real PNG of the requested aspect
 * ratio, 1080 pixels on its short side like the compositions of those ratios, showing the
 * usual "picture" sign (a sun over two mountains on a gradient sky) so that whoever opens
 * it sees at once that no model drew it.
 *
 * @module
 */
import { aspectRatioParts } from "./aspect-ratio.js";
import { encodePalettePng } from "./png-encoder.js";

/** Short side of a placeholder image, in pixels (1080 × 1920 for 9:16). */
export const PLACEHOLDER_IMAGE_SHORT_SIDE = 1080;
/** Longest side of a placeholder image; extreme ratios shrink to fit it. */
export const PLACEHOLDER_IMAGE_LONG_SIDE_MAX = 4096;
/** The aspect ratio of a placeholder image whose request names none (or `auto`). */
export const PLACEHOLDER_IMAGE_DEFAULT_ASPECT_RATIO = "1:1";

/** Width and height in pixels. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

// Twelve bands of sky from indigo to teal, then the sun, two mountains and the frame.
const SKY = Array.from({ length: 12 }, (_, band): [number, number, number] => {
  const mix = (from: number, to: number) => Math.round(from + ((to - from) * band) / 11);
  return [mix(0x31, 0x0f), mix(0x2e, 0x76), mix(0x81, 0x6e)];
});
const SUN = SKY.length;
const FAR_MOUNTAIN = SUN + 1;
const NEAR_MOUNTAIN = SUN + 2;
const FRAME = SUN + 3;
const PALETTE: readonly (readonly [number, number, number])[] = [
  ...SKY,
  [0xfd, 0xe6, 0x8a],
  [0xa5, 0xb4, 0xfc],
  [0xe0, 0xe7, 0xff],
  [0xf8, 0xfa, 0xfc],
];

/**
 * The pixel size of the placeholder for `aspectRatio` (such as `9:16`, also `9x16`);
 * an absent or unreadable ratio (`auto`) gives a square.
 *
 * @example
 * ```ts
 * placeholderImageSize("9:16"); // { width: 1080, height: 1920 }
 * placeholderImageSize("auto"); // { width: 1080, height: 1080 }
 * ```
 */
export function placeholderImageSize(aspectRatio: string | undefined): ImageSize {
  const [ratioWidth, ratioHeight] = aspectRatioParts(aspectRatio) ??
    aspectRatioParts(PLACEHOLDER_IMAGE_DEFAULT_ASPECT_RATIO) ?? [1, 1];
  const short = Math.min(ratioWidth, ratioHeight);
  const long = Math.max(ratioWidth, ratioHeight);
  const scale = Math.min(
    PLACEHOLDER_IMAGE_SHORT_SIDE / short,
    PLACEHOLDER_IMAGE_LONG_SIDE_MAX / long,
  );
  return {
    width: Math.max(1, Math.round(ratioWidth * scale)),
    height: Math.max(1, Math.round(ratioHeight * scale)),
  };
}

// Inside a mountain whose peak is at (peakX, peakY) and whose flanks fall at `slope`.
const underPeak = (
  x: number,
  y: number,
  { peakX, peakY, slope }: { peakX: number; peakY: number; slope: number },
) => y >= peakY + Math.abs(x - peakX) * slope;

function colourAt(x: number, y: number, { width, height }: ImageSize): number {
  const short = Math.min(width, height);
  const frame = Math.max(1, Math.round(short * 0.02));
  if (x < frame || y < frame || x >= width - frame || y >= height - frame) return FRAME;
  const ground = height * 0.78;
  if (
    y >= ground ||
    underPeak(x, y, { peakX: width * 0.34, peakY: ground - short * 0.32, slope: 0.8 })
  ) {
    return NEAR_MOUNTAIN;
  }
  if (underPeak(x, y, { peakX: width * 0.66, peakY: ground - short * 0.42, slope: 0.7 }))
    return FAR_MOUNTAIN;
  const sunX = width * 0.7;
  const sunY = ground - short * 0.62;
  if ((x - sunX) ** 2 + (y - sunY) ** 2 <= (short * 0.09) ** 2) return SUN;
  return Math.min(SKY.length - 1, Math.floor((y / ground) * SKY.length));
}

const cache = new Map<string, Uint8Array>();
// Distinct sizes kept; the common ratios are a handful, odd ones are drawn again.
const CACHE_SIZES_MAX = 16;

/**
 * The PNG bytes of the placeholder for `aspectRatio`. Each size is drawn once and then
 * shared; callers must not modify the bytes.
 *
 * @example
 * ```ts
 * const png = placeholderPng("4:5"); // a 1080 × 1350 PNG
 * ```
 */
export function placeholderPng(aspectRatio: string | undefined): Uint8Array {
  const size = placeholderImageSize(aspectRatio);
  const key = `${size.width}x${size.height}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const pixels = new Uint8Array(size.width * size.height);
  for (let y = 0; y < size.height; y += 1) {
    for (let x = 0; x < size.width; x += 1) pixels[y * size.width + x] = colourAt(x, y, size);
  }
  const png = encodePalettePng({ ...size, palette: PALETTE, pixels });
  if (cache.size < CACHE_SIZES_MAX) cache.set(key, png);
  return png;
}
