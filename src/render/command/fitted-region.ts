/**
 * What of a media layer's source is scaled, when the source's size is known: only the
 * source pixels that end up in the drawn picture are cropped out first, then scaled, so
 * nothing is ever scaled past what is drawn. A `cover` picture is cropped to its box
 * before it is scaled (not scaled whole, then cropped), and a layer that does not move
 * is cropped to the part the frame shows: a 1080p picture given a 20,000-pixel box is
 * drawn as the frame's worth of it, not scaled to 20,000 pixels first.
 *
 * Source crops fall on whole source pixels, one pixel wider on each side than needed
 * (so scaling reads the same neighbours it would in the whole picture); the crop after
 * scaling then keeps exactly the pixels that are drawn.
 *
 * @module
 */
import type { MediaLayer, RenderPlan } from "../../editor/render-plan/types.js";

/** A picture's size in pixels. */
export interface PictureSize {
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
}

/** A rectangle of whole pixels. */
export interface PixelRect extends PictureSize {
  /** Left edge. */
  readonly x: number;
  /** Top edge. */
  readonly y: number;
}

/** How a layer's drawn picture is made from its source, and where it goes. */
export interface FittedRegion {
  /** The source pixels cropped out first. */
  readonly source: PixelRect;
  /** The size that crop is scaled to. */
  readonly scaled: PictureSize;
  /** The part of the scaled crop that is drawn. */
  readonly drawn: PixelRect;
  /**
   * Where the drawn part's top-left corner goes on the frame, in whole pixels, when only
   * the visible part is drawn; undefined when the whole picture is, placed as any other.
   */
  readonly placement: { readonly x: number; readonly y: number } | undefined;
}

/** Whether a media layer's picture moves or changes size while it shows. */
export function isMovingLayer(layer: MediaLayer): boolean {
  if (layer.motion !== null) return true;
  return layer.animations.some(
    ({ from, to }) =>
      [from.offsetX, to.offsetX, from.offsetY, to.offsetY].some((value) => value !== 0) ||
      [from.scaleX, to.scaleX, from.scaleY, to.scaleY].some((value) => value !== 1),
  );
}

function whole(value: number): number {
  return Math.max(1, Math.round(value));
}

// The picture the layer draws (its box, or for `contain` the fitted source) and the
// scale and offset that map source pixels into it.
interface PictureMapping {
  readonly picture: PictureSize;
  readonly scaleX: number;
  readonly scaleY: number;
  // Where the picture starts in the scaled source.
  readonly cropX: number;
  readonly cropY: number;
}

function mappingOf(layer: MediaLayer, source: PictureSize): PictureMapping {
  const width = whole(layer.box.width);
  const height = whole(layer.box.height);
  if (layer.fit === "cover") {
    const scale = Math.max(width / source.width, height / source.height);
    return {
      picture: { width, height },
      scaleX: scale,
      scaleY: scale,
      cropX: (source.width * scale - width) / 2,
      cropY: (source.height * scale - height) / 2,
    };
  }
  const scale = Math.min(width / source.width, height / source.height);
  const picture = { width: whole(source.width * scale), height: whole(source.height * scale) };
  return {
    picture,
    scaleX: picture.width / source.width,
    scaleY: picture.height / source.height,
    cropX: 0,
    cropY: 0,
  };
}

// One axis: the drawn span [from, to) of the picture, mapped back to source pixels.
interface AxisSpan {
  readonly from: number;
  readonly to: number;
  readonly scale: number;
  readonly crop: number;
  readonly sourceLength: number;
}

function fitAxis({ from, to, scale, crop, sourceLength }: AxisSpan) {
  const start = (from + crop) / scale;
  const end = (to + crop) / scale;
  const first = Math.max(0, Math.floor(start) - 1);
  const last = Math.min(sourceLength, Math.max(first + 1, Math.ceil(end) + 1));
  const scaled = Math.max(1, Math.round((last - first) * scale));
  const length = Math.min(to - from, scaled);
  const offset = Math.min(scaled - length, Math.max(0, Math.round((start - first) * scale)));
  return { first, count: last - first, scaled, offset, length };
}

// The span of the picture the frame shows, on one axis; empty when it shows none.
function visibleSpan(pictureStart: number, pictureLength: number, frameLength: number) {
  return {
    from: Math.max(0, -pictureStart),
    to: Math.min(pictureLength, frameLength - pictureStart),
  };
}

/**
 * How `layer` is drawn from a source of `size`: the whole picture for a moving layer,
 * only the part the frame shows for one that does not move. Undefined when the layer's
 * fit keeps the old way (`contain` with a camera motion pads its box), or when the frame
 * shows none of it (`visible: false` then).
 */
export function fittedRegion(
  layer: MediaLayer,
  {
    plan,
    size,
  }: { readonly plan: Pick<RenderPlan, "width" | "height">; readonly size: PictureSize },
): FittedRegion | "invisible" | undefined {
  if (layer.fit === "contain" && layer.motion !== null) return undefined;
  const mapping = mappingOf(layer, size);
  const { picture } = mapping;
  const moving = isMovingLayer(layer);
  // The overlay puts the picture's left edge at the box's centre less half its width,
  // truncated to a whole pixel; a still layer's visible part keeps that grid.
  const left = Math.trunc(layer.box.left + layer.box.width / 2 - picture.width / 2);
  const top = Math.trunc(layer.box.top + layer.box.height / 2 - picture.height / 2);
  const spanX = moving
    ? { from: 0, to: picture.width }
    : visibleSpan(left, picture.width, plan.width);
  const spanY = moving
    ? { from: 0, to: picture.height }
    : visibleSpan(top, picture.height, plan.height);
  if (spanX.to <= spanX.from || spanY.to <= spanY.from) return "invisible";
  const x = fitAxis({
    ...spanX,
    scale: mapping.scaleX,
    crop: mapping.cropX,
    sourceLength: size.width,
  });
  const y = fitAxis({
    ...spanY,
    scale: mapping.scaleY,
    crop: mapping.cropY,
    sourceLength: size.height,
  });
  const wholePicture =
    spanX.from === 0 &&
    spanX.to === picture.width &&
    spanY.from === 0 &&
    spanY.to === picture.height;
  return {
    source: { x: x.first, y: y.first, width: x.count, height: y.count },
    scaled: { width: x.scaled, height: y.scaled },
    drawn: { x: x.offset, y: y.offset, width: x.length, height: y.length },
    placement: wholePicture ? undefined : { x: left + spanX.from, y: top + spanY.from },
  };
}
