/**
 * Text and caption styles resolved for drawing: sizes in output pixels, colours as
 * numbers, every default filled in.
 *
 * @module
 */
import type { TextStyle } from "../../schemas/edit-values.js";
import { fontWeightNumberOf } from "../../schemas/font-weights.js";
import { LINE_HEIGHT_DEFAULT, TEXT_BOX_PADDING_RATIO } from "../defaults.js";
import { BLACK, WHITE } from "./colors.js";
import type { ColorReader } from "./style-colors.js";
import type { PlannedTextStyle } from "./types.js";

/** How far a shadow falls, in composition pixels, when a style sets its colour only. */
export const SHADOW_OFFSET_DEFAULT = 3;

/** Weight of text whose style names none (a stored weight the schema now refuses, too). */
export const FONT_WEIGHT_DEFAULT = 400;

/**
 * The numeric weight of a `font_weight` value: a number from 1 to 1000 as given
 * (rounded), a known name (`bold` 700, `semibold` 600, ...), else 400 (the schema
 * refuses other values, so only states stored before it did carry one).
 *
 * @example
 * ```ts
 * fontWeightOf("bold"); // 700
 * fontWeightOf("650"); // 650
 * fontWeightOf(undefined); // 400
 * ```
 */
export function fontWeightOf(value: string | undefined): number {
  if (value === undefined) return FONT_WEIGHT_DEFAULT;
  return fontWeightNumberOf(value) ?? FONT_WEIGHT_DEFAULT;
}

/** How a text style is drawn: its default size, the output's scale, its colour reader. */
export interface TextStyleContext {
  /** Font size in composition pixels where the style sets none. */
  readonly defaultFontSize: number;
  /** Output pixels per composition pixel. */
  readonly pixelScale: number;
  /** Reads the style's colours, checked beforehand. */
  readonly colors: ColorReader;
}

/**
 * The drawn style of text with `style`, at `pixelScale` output pixels per composition
 * pixel, with `defaultFontSize` (composition pixels) where the style sets none. The
 * colours were checked beforehand; `colors` reads them.
 */
export function planTextStyle(
  style: TextStyle,
  { defaultFontSize, pixelScale, colors }: TextStyleContext,
): PlannedTextStyle {
  const fontSizePixels = (style.font_size ?? defaultFontSize) * pixelScale;
  const strokeWidth = (style.stroke_width ?? 0) * pixelScale;
  const backgroundColor = style.background_color ?? null;
  const shadowOffset = (style.shadow_offset ?? 0) * pixelScale;
  const padding = fontSizePixels * TEXT_BOX_PADDING_RATIO;
  return {
    fontFamily: style.font_family ?? null,
    fontSizePixels,
    fontWeight: fontWeightOf(style.font_weight),
    color: colors.read(style.color, WHITE),
    align: style.align ?? "center",
    lineHeight: style.line_height ?? LINE_HEIGHT_DEFAULT,
    letterSpacingPixels: (style.letter_spacing ?? 0) * pixelScale,
    direction: style.direction ?? "ltr",
    stroke:
      strokeWidth > 0
        ? { widthPixels: strokeWidth, color: colors.read(style.stroke_color, BLACK) }
        : null,
    shadow:
      shadowOffset > 0 || style.shadow_color !== undefined
        ? {
            offsetPixels: shadowOffset > 0 ? shadowOffset : SHADOW_OFFSET_DEFAULT * pixelScale,
            color: colors.read(style.shadow_color, BLACK),
          }
        : null,
    background:
      backgroundColor === null
        ? null
        : {
            color: colors.read(backgroundColor, BLACK),
            horizontalPaddingPixels:
              style.background_horizontal_padding === undefined
                ? padding
                : style.background_horizontal_padding * pixelScale,
            verticalPaddingPixels: padding,
            radiusPixels: (style.background_border_radius ?? 0) * pixelScale,
          },
  };
}
