/**
 * The placeholder video of the simulated providers: a real, playable MP4 (H.264 and AAC,
 * picture and sound, {@link PLACEHOLDER_VIDEO_SECONDS} seconds, under 10 kB), encoded
 * once by `scripts/encode-placeholder-videos.ts` for the common aspect ratios; another
 * ratio gets the clip closest to it.
 *
 * @module
 */
import { decodeBase64 } from "../media/base64.js";
import { aspectRatioParts } from "./aspect-ratio.js";
import { PLACEHOLDER_VIDEO_SECONDS, PLACEHOLDER_VIDEOS } from "./placeholder-video-data.js";

export { PLACEHOLDER_VIDEO_SECONDS };

/** The aspect ratios with a clip of their own. */
export type PlaceholderVideoAspectRatio = "9:16" | "16:9" | "1:1" | "4:5";

// Typed here, so that a regenerated data file missing a ratio fails the type check.
const CLIPS: Readonly<Record<PlaceholderVideoAspectRatio, { readonly base64: string }>> =
  PLACEHOLDER_VIDEOS;

/** The aspect ratio of a placeholder video whose request names none: vertical video. */
export const PLACEHOLDER_VIDEO_DEFAULT_ASPECT_RATIO: PlaceholderVideoAspectRatio = "9:16";

function ratioValue(aspectRatio: string | undefined): number | undefined {
  const parts = aspectRatioParts(aspectRatio);
  return parts === undefined ? undefined : parts[0] / parts[1];
}

/**
 * The clip for `aspectRatio`: its own, else the one whose ratio is closest (compared on a
 * logarithmic scale, so 2:1 is as far from 1:1 as 1:2), else the default.
 *
 * @example
 * ```ts
 * placeholderVideoAspectRatio("3:4"); // "4:5"
 * placeholderVideoAspectRatio("auto"); // "9:16"
 * ```
 */
export function placeholderVideoAspectRatio(
  aspectRatio: string | undefined,
): PlaceholderVideoAspectRatio {
  const wanted = ratioValue(aspectRatio);
  if (wanted === undefined) return PLACEHOLDER_VIDEO_DEFAULT_ASPECT_RATIO;
  const distance = (candidate: PlaceholderVideoAspectRatio) =>
    Math.abs(Math.log((ratioValue(candidate) ?? 1) / wanted));
  const candidates = Object.keys(CLIPS) as PlaceholderVideoAspectRatio[];
  return candidates.reduce((best, candidate) =>
    distance(candidate) < distance(best) ? candidate : best,
  );
}

const decoded = new Map<PlaceholderVideoAspectRatio, Uint8Array>();

/**
 * The MP4 bytes of the placeholder for `aspectRatio`, decoded on first use and then
 * shared; callers must not modify them.
 *
 * @example
 * ```ts
 * const mp4 = placeholderMp4("16:9"); // a 256 × 144 clip of 3 seconds
 * ```
 */
export function placeholderMp4(aspectRatio: string | undefined): Uint8Array {
  const key = placeholderVideoAspectRatio(aspectRatio);
  const cached = decoded.get(key);
  if (cached !== undefined) return cached;
  const result = decodeBase64(CLIPS[key].base64, "base64");
  if (!result.ok) throw new Error(`The placeholder video ${key} is not valid base64.`);
  decoded.set(key, result.value);
  return result.value;
}
