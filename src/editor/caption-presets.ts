/**
 * Caption look presets (an extension): named sets of caption style values. A preset
 * fills the fields a style leaves unset; fields the style sets win.
 *
 * @module
 */
import type { CaptionStyle } from "../schemas/edit-values.js";
import type { CaptionPreset } from "../vocabulary.js";

/**
 * The style values of each preset. Sizes are composition pixels (for a 1080-wide
 * portrait frame; they scale with the output like any style).
 */
export const CAPTION_PRESET_STYLES: Readonly<Record<CaptionPreset, CaptionStyle>> = {
  bold_pop: {
    font_family: "Poppins",
    font_weight: "700",
    font_size: 64,
    color: "#ffffff",
    stroke_width: 6,
    stroke_color: "#000000",
    highlight_color: "#ffe14d",
    highlight_scale: 1.1,
  },
  boxed: {
    font_family: "Poppins",
    font_weight: "700",
    font_size: 60,
    color: "#ffffff",
    stroke_width: 4,
    stroke_color: "#000000",
    shadow_color: "#000000b3",
    shadow_offset: 3,
    highlight_background_color: "#7c3aed",
    background_border_radius: 18,
  },
  one_word: {
    font_family: "Poppins",
    font_weight: "700",
    font_size: 96,
    text_transform: "uppercase",
    display: "word",
    color: "#ffffff",
    stroke_width: 8,
    stroke_color: "#000000",
    highlight_color: "#ffffff",
    highlight_scale: 1.35,
  },
  impact: {
    font_family: "Anton",
    font_size: 84,
    text_transform: "uppercase",
    color: "#ffffff",
    stroke_width: 8,
    stroke_color: "#000000",
    highlight_color: "#39ff14",
  },
  minimal: {
    font_family: "Inter",
    font_weight: "400",
    font_size: 48,
    color: "#ffffff",
    stroke_width: 0,
    background_color: "#000000a6",
    background_border_radius: 12,
    highlight_color: "#fde68a",
  },
};

/**
 * `style` with its preset's values in the fields it leaves unset; a style without a
 * preset as it is.
 *
 * @example
 * ```ts
 * withCaptionPreset({ preset: "impact", highlight_color: "#ff0000" });
 * // { font_family: "Anton", ..., highlight_color: "#ff0000", preset: "impact" }
 * ```
 */
export function withCaptionPreset(style: CaptionStyle): CaptionStyle {
  if (style.preset === undefined) return style;
  const set = Object.fromEntries(Object.entries(style).filter(([, value]) => value !== undefined));
  return { ...CAPTION_PRESET_STYLES[style.preset], ...set };
}
