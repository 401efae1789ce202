/**
 * The bounds of what one render may build, checked before it starts: how many bytes of
 * text, caption and shape events it draws, how many media files it opens, how large a
 * moving picture is drawn, and how large a contact sheet is. Each is counted from the
 * plan without building anything, so a service can refuse a project before it charges
 * for it, and a render that would pass a bound never starts.
 *
 * @module
 */
import type { MediaLayer, PlannedLayer, RenderPlan } from "../editor/render-plan/types.js";
import { type RenderFailure, type RenderWork, renderFailure } from "../ports/renderer.js";
import { assLayerBytesMax, type DrawnLayer } from "./command/ass-document.js";
import type { EmojiGlyphs } from "./command/ass-emoji.js";
import { isMovingLayer } from "./command/fitted-region.js";
import type { RenderLimits } from "./render-limits.js";

/** The limits the bounds read. */
export type RenderBounds = Pick<
  RenderLimits,
  "drawnBytesMax" | "inputsMax" | "layerPixelsMax" | "sheetPixelsMax"
>;

function isDrawn(layer: PlannedLayer): layer is DrawnLayer {
  return layer.kind === "solid" || layer.kind === "text" || layer.kind === "captions";
}

function plansOf(work: RenderWork): readonly RenderPlan[] {
  return work.kind === "contact_sheet" ? work.sheet.frames : [work.plan];
}

function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024))} MB`;
}

function drawnBytes(
  plans: readonly RenderPlan[],
  { bounds, emoji }: { bounds: RenderBounds; emoji: EmojiGlyphs | undefined },
): RenderFailure | undefined {
  let total = 0;
  let largest: { itemId: string; bytes: number } | undefined;
  for (const plan of plans) {
    for (const layer of plan.layers) {
      if (!isDrawn(layer)) continue;
      const bytes = assLayerBytesMax(layer, plan.fps, emoji);
      total += bytes;
      if (largest === undefined || bytes > largest.bytes) largest = { itemId: layer.itemId, bytes };
    }
  }
  if (total <= bounds.drawnBytesMax || largest === undefined) return undefined;
  return renderFailure(
    "render_too_large",
    `This render would draw about ${megabytes(total)} of text, caption and shape animation, more than the ${megabytes(bounds.drawnBytesMax)} one render may; item ${largest.itemId} draws the most (${megabytes(largest.bytes)}). Shorten looping motions of text, captions and solids, or render a shorter range.`,
    {
      itemId: largest.itemId,
      limit: { name: "drawnBytesMax", maximum: bounds.drawnBytesMax, requested: total },
    },
  );
}

// ffmpeg inputs the commands open: one per media layer, and per sound when sound is read.
function inputCount(plans: readonly RenderPlan[], kind: RenderWork["kind"]): number {
  let count = 0;
  for (const plan of plans) {
    count += plan.layers.filter((layer) => "inputId" in layer).length;
    if (kind === "video") count += plan.sounds.length;
  }
  return count;
}

function inputs(work: RenderWork, bounds: RenderBounds): RenderFailure | undefined {
  const count = inputCount(plansOf(work), work.kind);
  if (count <= bounds.inputsMax) return undefined;
  return renderFailure(
    "render_too_large",
    `This render would open ${count} media files at once (each picture, clip and sound it shows or plays), more than the ${bounds.inputsMax} one render may. Render a shorter range, or use fewer media items at once.`,
    { limit: { name: "inputsMax", maximum: bounds.inputsMax, requested: count } },
  );
}

// The most pixels a moving media layer's picture takes: its box at the output size,
// times the largest camera zoom and the largest animated scale.
function movingPixels(layer: MediaLayer): number {
  const zoom = layer.motion === null ? 1 : Math.max(layer.motion.from.scale, layer.motion.to.scale);
  let scaleX = 1;
  let scaleY = 1;
  for (const { from, to } of layer.animations) {
    scaleX = Math.max(scaleX, from.scaleX, to.scaleX);
    scaleY = Math.max(scaleY, from.scaleY, to.scaleY);
  }
  const width = Math.max(1, Math.round(layer.box.width));
  const height = Math.max(1, Math.round(layer.box.height));
  return width * height * zoom * zoom * scaleX * scaleY;
}

function movingLayers(
  plans: readonly RenderPlan[],
  bounds: RenderBounds,
): RenderFailure | undefined {
  for (const plan of plans) {
    for (const layer of plan.layers) {
      if (!("inputId" in layer) || !isMovingLayer(layer)) continue;
      const pixels = Math.ceil(movingPixels(layer));
      if (pixels <= bounds.layerPixelsMax) continue;
      return renderFailure(
        "render_too_large",
        `Item ${layer.itemId} moves while it is drawn at ${pixels} pixels, more than the ${bounds.layerPixelsMax} a moving picture may take: make it smaller, or remove its motion and animations.`,
        {
          itemId: layer.itemId,
          limit: { name: "layerPixelsMax", maximum: bounds.layerPixelsMax, requested: pixels },
        },
      );
    }
  }
  return undefined;
}

// A contact sheet's pixels, its empty cells counted: ffmpeg tiles and encodes it whole.
function sheetPixels(work: RenderWork, bounds: RenderBounds): RenderFailure | undefined {
  if (work.kind !== "contact_sheet") return undefined;
  const { width, height, cellWidth, frames } = work.sheet;
  const pixels = width * height;
  if (pixels <= bounds.sheetPixelsMax) return undefined;
  // The cells shrink in both sides alike; the height follows the composition.
  const widest = Math.floor(cellWidth * Math.sqrt(bounds.sheetPixelsMax / pixels));
  return renderFailure(
    "render_too_large",
    `This contact sheet would be ${width} x ${height} pixels (${pixels} in all), more than the ${bounds.sheetPixelsMax} one may: ask for a width of at most about ${widest} pixels a frame for ${frames.length} frames, or for fewer frames.`,
    { limit: { name: "sheetPixelsMax", maximum: bounds.sheetPixelsMax, requested: pixels } },
  );
}

/**
 * The `render_too_large` failure `work` would answer, or undefined when it keeps within
 * `bounds`. Counts from the plans alone: it builds nothing, and a long, busy timeline is
 * checked in milliseconds. `emoji` is the colour emoji font the renderer draws emoji
 * with, whose drawings count towards the bytes drawn (none: emoji are text).
 *
 * @example
 * ```ts
 * checkRenderBounds({ kind: "video", plan }, RENDER_LIMITS_DEFAULT); // undefined
 * ```
 */
export function checkRenderBounds(
  work: RenderWork,
  bounds: RenderBounds,
  emoji?: EmojiGlyphs,
): RenderFailure | undefined {
  const plans = plansOf(work);
  return (
    sheetPixels(work, bounds) ??
    inputs(work, bounds) ??
    movingLayers(plans, bounds) ??
    drawnBytes(plans, { bounds, emoji })
  );
}
