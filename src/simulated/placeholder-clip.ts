/**
 * The placeholder clip of a simulated video generation: a playable MP4 (H.264, no sound)
 * of the requested length and aspect ratio, holding a placeholder card whose colours and
 * words come from the prompt, so two prompts give two different clips and nobody mistakes
 * it for a model's work. Encoded in pure TypeScript, without ffmpeg.
 *
 * @module
 */
import { aspectRatioParts } from "./aspect-ratio.js";
import { encodeH264Still, type YuvPicture } from "./h264-still.js";
import { muxMp4 } from "./mp4-muxer.js";
import { drawPlaceholderVisual, type PlaceholderPicture } from "./placeholder-visual.js";

/** Frame rate of a placeholder clip. */
export const PLACEHOLDER_CLIP_FRAMES_PER_SECOND = 24;

/** About how many pixels a placeholder clip's frame has (144 × 256 at 9:16). */
export const PLACEHOLDER_CLIP_PIXELS = 144 * 256;

// A ratio of 9:16 when the request names none (or "auto"): vertical video.
const DEFAULT_PARTS: readonly [number, number] = [9, 16];
// Ratios past this are clamped, so that neither side shrinks below a few pixels.
const RATIO_MAX = 8;

/** What a placeholder clip shows and how long it lasts. */
export interface PlaceholderClipRequest {
  /** The requested aspect ratio, such as `16:9`; 9:16 when absent or not `W:H`. */
  readonly aspectRatio: string | undefined;
  /** Its length in seconds, more than 0. */
  readonly seconds: number;
  /** The prompt: its colours derive from it, and the card shows its first words. */
  readonly prompt: string;
  /** The card's headline, such as "VIDEO AD 8S". */
  readonly label: string;
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/**
 * The frame size of a placeholder clip of `aspectRatio`: even sides, about
 * {@link PLACEHOLDER_CLIP_PIXELS} pixels.
 *
 * @example
 * ```ts
 * placeholderClipSize("16:9"); // { width: 256, height: 144 }
 * ```
 */
export function placeholderClipSize(aspectRatio: string | undefined): {
  width: number;
  height: number;
} {
  const [across, down] = aspectRatioParts(aspectRatio) ?? DEFAULT_PARTS;
  const ratio = Math.min(RATIO_MAX, Math.max(1 / RATIO_MAX, across / down));
  const width = even(Math.sqrt(PLACEHOLDER_CLIP_PIXELS * ratio));
  return { width, height: even(width / ratio) };
}

// BT.601 video range, which is what a decoder assumes when the stream says nothing.
function toYuv(red: number, green: number, blue: number): [number, number, number] {
  const luma = 16 + (65.738 * red + 129.057 * green + 25.064 * blue) / 256;
  const cb = 128 + (-37.945 * red - 74.494 * green + 112.439 * blue) / 256;
  const cr = 128 + (112.439 * red - 94.154 * green - 18.285 * blue) / 256;
  return [Math.round(luma), Math.round(cb), Math.round(cr)];
}

function yuvPicture(picture: PlaceholderPicture): YuvPicture {
  const codedWidth = Math.ceil(picture.width / 16) * 16;
  const codedHeight = Math.ceil(picture.height / 16) * 16;
  const colours = picture.palette.map(([red, green, blue]) => toYuv(red, green, blue));
  // Beyond the picture (the cropped margin), repeat its edge.
  const at = (x: number, y: number) =>
    colours[
      picture.pixels[
        Math.min(y, picture.height - 1) * picture.width + Math.min(x, picture.width - 1)
      ] ?? 0
    ] ?? [16, 128, 128];
  const luma = new Uint8Array(codedWidth * codedHeight);
  for (let y = 0; y < codedHeight; y += 1) {
    for (let x = 0; x < codedWidth; x += 1) luma[y * codedWidth + x] = at(x, y)[0];
  }
  const cb = new Uint8Array((codedWidth / 2) * (codedHeight / 2));
  const cr = new Uint8Array(cb.length);
  for (let y = 0; y < codedHeight / 2; y += 1) {
    for (let x = 0; x < codedWidth / 2; x += 1) {
      const four = [at(2 * x, 2 * y), at(2 * x + 1, 2 * y), at(2 * x, 2 * y + 1)];
      four.push(at(2 * x + 1, 2 * y + 1));
      const index = y * (codedWidth / 2) + x;
      cb[index] = Math.round(four.reduce((sum, colour) => sum + colour[1], 0) / 4);
      cr[index] = Math.round(four.reduce((sum, colour) => sum + colour[2], 0) / 4);
    }
  }
  return { codedWidth, codedHeight, ...picture, luma, cb, cr };
}

/**
 * The MP4 bytes of a placeholder clip: the same request gives the same bytes.
 *
 * @example
 * ```ts
 * const mp4 = placeholderClipMp4({ aspectRatio: "16:9", seconds: 8, prompt: "Cold brew at dawn", label: "VIDEO AD 8S" });
 * ```
 */
export function placeholderClipMp4(request: PlaceholderClipRequest): Uint8Array {
  const size = placeholderClipSize(request.aspectRatio);
  const picture = drawPlaceholderVisual({
    ...size,
    number: 1,
    count: 1,
    text: request.prompt,
    seed: request.prompt,
    label: request.label,
  });
  const still = encodeH264Still(yuvPicture(picture));
  const frameCount = Math.max(1, Math.round(request.seconds * PLACEHOLDER_CLIP_FRAMES_PER_SECOND));
  const frames = [still.idr];
  for (let frame = 1; frame < frameCount; frame += 1) frames.push(still.repeat(frame));
  return muxMp4({
    ...size,
    framesPerSecond: PLACEHOLDER_CLIP_FRAMES_PER_SECOND,
    sps: still.sps,
    pps: still.pps,
    frames,
  });
}
