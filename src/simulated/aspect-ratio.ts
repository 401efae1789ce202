/**
 * Reading the aspect ratio a request names, such as `9:16`, for the placeholder media.
 *
 * @module
 */

/**
 * The width and height parts of an aspect ratio written `W:H` (or `WxH`, `W/H`) with
 * positive whole numbers; undefined for anything else, such as `auto`.
 *
 * @example
 * ```ts
 * aspectRatioParts("9:16"); // [9, 16]
 * aspectRatioParts("auto"); // undefined
 * ```
 */
export function aspectRatioParts(
  aspectRatio: string | undefined,
): readonly [number, number] | undefined {
  const match = /^\s*(\d{1,5})\s*[:x/]\s*(\d{1,5})\s*$/.exec(aspectRatio ?? "");
  const width = Number(match?.[1] ?? 0);
  const height = Number(match?.[2] ?? 0);
  return width > 0 && height > 0 ? [width, height] : undefined;
}
