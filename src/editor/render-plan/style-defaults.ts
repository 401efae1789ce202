/**
 * The readable defaults of text and captions, filled into the fields a style (and its
 * caption preset) leaves unset: a bold weight, a black outline when there is no box
 * behind the text, and a highlighted spoken word.
 *
 * @module
 */
import type { CaptionStyle, TextStyle } from "../../schemas/edit-values.js";
import { withCaptionPreset } from "../caption-presets.js";
import {
  CAPTIONS_HIGHLIGHT_COLOR_DEFAULT,
  TEXT_FONT_WEIGHT_DEFAULT,
  TEXT_STROKE_COLOR_DEFAULT,
  TEXT_STROKE_RATIO_DEFAULT,
} from "../defaults.js";

/** `style` with the readable defaults in the fields it leaves unset. */
export function withTextDefaults<Style extends TextStyle>(style: Style, fontSize: number): Style {
  const boxed = style.background_color !== undefined && style.background_color !== null;
  const outlined = style.stroke_width !== undefined || boxed;
  return {
    ...style,
    font_weight: style.font_weight ?? TEXT_FONT_WEIGHT_DEFAULT,
    stroke_width: outlined
      ? style.stroke_width
      : Math.round((style.font_size ?? fontSize) * TEXT_STROKE_RATIO_DEFAULT * 10) / 10,
    stroke_color: style.stroke_color ?? TEXT_STROKE_COLOR_DEFAULT,
  };
}

/**
 * A captions style as drawn: its preset's values where it sets none, then the readable
 * defaults, and a yellow spoken word when neither the style nor its preset highlights.
 */
export function drawnCaptionStyle(style: CaptionStyle, fontSize: number): CaptionStyle {
  const preset = withCaptionPreset(style);
  const highlighted =
    preset.highlight_color !== undefined || preset.highlight_background_color !== undefined;
  const withDefaults = withTextDefaults(preset, fontSize);
  return highlighted
    ? withDefaults
    : { ...withDefaults, highlight_color: CAPTIONS_HIGHLIGHT_COLOR_DEFAULT };
}
