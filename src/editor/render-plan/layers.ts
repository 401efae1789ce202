/**
 * Visual items as plan layers: their box at the output size, animations, motion and
 * what each type draws.
 *
 * @module
 */

import type { TextStyle } from "../../schemas/edit-values.js";
import {
  CAPTIONS_FONT_SIZE_DEFAULT,
  SOLID_COLOR_DEFAULT,
  TEXT_FONT_SIZE_DEFAULT,
} from "../defaults.js";
import type { CaptionsItem, ItemBase, SolidItem, TextItem, VisualItem } from "../items.js";
import type { EditorAsset, EditorState } from "../state.js";
import { type AnimationFrame, planAnimations } from "./animations.js";
import { planCaptionPages } from "./caption-pages.js";
import { BLACK, parseCssColor, WHITE } from "./colors.js";
import { planMotion } from "./motion.js";
import { checkedColors } from "./style-colors.js";
import { drawnCaptionStyle, withTextDefaults } from "./style-defaults.js";
import { planTextStyle } from "./text-style.js";
import type { PlacedWindows } from "./timing.js";
import { effectWindowOf, sourceTimingOf } from "./timing.js";
import type { LayerBase, PlanBox, PlannedLayer, RgbaColor } from "./types.js";

/** What building a layer needs besides the item. */
export interface LayerContext {
  /** The state the item belongs to (for its asset). */
  readonly state: EditorState;
  /** Output pixels per composition pixel. */
  readonly pixelScale: number;
  /** The output frame. */
  readonly frame: AnimationFrame;
}

/** The item's box at the output size. */
export function scaleBox(
  item: Pick<ItemBase, "left" | "top" | "width" | "height">,
  pixelScale: number,
): PlanBox {
  return {
    left: item.left * pixelScale,
    top: item.top * pixelScale,
    width: item.width * pixelScale,
    height: item.height * pixelScale,
  };
}

/** Where a layer's item sits: its track and its windows on the output. */
export interface LayerPlacement {
  /** Position of the item's track, 0 for the front-most. */
  readonly trackIndex: number;
  /** The item's windows on the output. */
  readonly placed: PlacedWindows;
}

function baseOf(
  item: VisualItem,
  { trackIndex, placed }: LayerPlacement,
  context: LayerContext,
): LayerBase {
  const box = scaleBox(item, context.pixelScale);
  const textStyle = item.type === "text" || item.type === "captions" ? item.style : undefined;
  const isMedia = item.type === "video" || item.type === "image" || item.type === "gif";
  const { window } = placed;
  return {
    itemId: item.id,
    trackIndex,
    window: placed.window,
    visible: placed.visible,
    box,
    opacity: item.opacity,
    animations: planAnimations(
      {
        window,
        box,
        enter: item.enterAnimation,
        exit: item.exitAnimation,
        animationWhole: effectWindowOf(item, { family: "animation", window }),
        textFadeInSeconds: textStyle?.fade_in_seconds ?? 0,
        textFadeOutSeconds: textStyle?.fade_out_seconds ?? 0,
        textFadeWhole: effectWindowOf(item, { family: "textFade", window }),
      },
      context.frame,
    ),
    motion: planMotion(item.motion, {
      window: effectWindowOf(item, { family: "motion", window }),
      box,
      target: isMedia ? "content" : "layer",
    }),
  };
}

function solidColor(item: SolidItem): RgbaColor {
  const fallback = parseCssColor(SOLID_COLOR_DEFAULT);
  if (fallback === undefined) throw new Error("The default solid colour must parse.");
  return checkedColors.read(item.style.color, fallback);
}

// The text as drawn: cased as the style's `text_transform` says.
function transformText(text: string, transform: TextStyle["text_transform"]): string {
  if (transform === "uppercase") return text.toUpperCase();
  if (transform === "lowercase") return text.toLowerCase();
  return text;
}

function captionsLayer(item: CaptionsItem, base: LayerBase, pixelScale: number): PlannedLayer {
  const style = drawnCaptionStyle(item.style, CAPTIONS_FONT_SIZE_DEFAULT);
  const { highlight_color: color, highlight_background_color: backgroundColor } = style;
  const cased = (text: string) => transformText(text, style.text_transform);
  const pages = planCaptionPages({ ...item, style }, base.window, base.visible).map((page) => ({
    ...page,
    text: cased(page.text),
    words: page.words.map((word) => ({ ...word, text: cased(word.text) })),
  }));
  return {
    ...base,
    kind: "captions",
    style: planTextStyle(style, {
      defaultFontSize: CAPTIONS_FONT_SIZE_DEFAULT,
      pixelScale,
      colors: checkedColors,
    }),
    highlight: {
      color: color === undefined ? null : checkedColors.read(color, WHITE),
      backgroundColor:
        backgroundColor === undefined ? null : checkedColors.read(backgroundColor, BLACK),
      radiusPixels: (style.background_border_radius ?? 0) * pixelScale,
      scale: style.highlight_scale ?? 1,
    },
    display: style.display ?? "page",
    pages,
  };
}

function textLayer(item: TextItem, base: LayerBase, pixelScale: number): PlannedLayer {
  const style = withTextDefaults(item.style, TEXT_FONT_SIZE_DEFAULT);
  return {
    ...base,
    kind: "text",
    text: transformText(item.text, style.text_transform),
    style: planTextStyle(style, {
      defaultFontSize: TEXT_FONT_SIZE_DEFAULT,
      pixelScale,
      colors: checkedColors,
    }),
  };
}

/** The layer drawing `item`, which sits on track `trackIndex` and shows in `placed`. */
export function planLayer(
  item: VisualItem,
  placement: LayerPlacement,
  context: LayerContext,
): PlannedLayer {
  const base = baseOf(item, placement, context);
  switch (item.type) {
    case "video":
    case "gif":
      return {
        ...base,
        kind: item.type,
        inputId: item.assetId,
        fit: item.fit,
        source: sourceTimingOf(item, assetOf(context.state, item.assetId)),
      };
    case "image":
      return { ...base, kind: "image", inputId: item.assetId, fit: item.fit, source: null };
    case "solid": {
      const { box } = base;
      const radius = Math.min(
        (item.style.border_radius ?? 0) * context.pixelScale,
        box.width / 2,
        box.height / 2,
      );
      return {
        ...base,
        kind: "solid",
        color: solidColor(item),
        radiusPixels: radius,
        rotationDegrees: item.style.rotation ?? 0,
      };
    }
    case "text":
      return textLayer(item, base, context.pixelScale);
    case "captions":
      return captionsLayer(item, base, context.pixelScale);
  }
}

/** The asset `assetId` of `state`; a missing one breaks an invariant of the state. */
export function assetOf(state: EditorState, assetId: string): EditorAsset {
  const asset = state.assets[assetId];
  if (asset === undefined) throw new Error(`Asset "${assetId}" is missing from the state.`);
  return asset;
}
