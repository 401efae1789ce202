/**
 * The box behind a text's lines (its `background_color`), drawn by libass with border
 * style 4: one square box around the whole event, padded by the event's `\xshad` and
 * `\yshad`. A rounded box is the union of several such boxes, each padded less at one
 * side and more at the other, stepping round each corner's quarter circle, as the
 * spoken word's box is; the drop shadow under the box is the same boxes again, offset.
 *
 * @module
 */
import type { PlannedTextStyle } from "../../editor/render-plan/types.js";
import type { BoxStep } from "./ass-captions.js";

/** Most square boxes stepping round a rounded corner of the line's box. */
const CORNER_STEPS_MAX = 8;
/** Pixels of corner radius per step. */
const PIXELS_PER_STEP = 2.5;

/**
 * The paddings of the square boxes whose union is the line's box (`back`) or its shadow
 * (`shade`): none when there is no box; one when its corners are square or the colour
 * drawn is translucent (overlapping boxes would darken), the box's or, for its shadow,
 * the box's or the shadow's; else a step every few pixels of the corner's quarter
 * circle. libass pads a box outwards only, so the corner's radius is at most the smaller
 * padding.
 */
export function lineBoxSteps(style: PlannedTextStyle, part: "back" | "shade"): BoxStep[] {
  const background = style.background;
  if (background === null) return [];
  const x = background.horizontalPaddingPixels;
  const y = background.verticalPaddingPixels;
  const radius = Math.min(background.radiusPixels, x, y);
  const opaque =
    background.color.alpha >= 1 && (part === "back" || (style.shadow?.color.alpha ?? 0) >= 1);
  if (radius <= 0 || !opaque) return [{ x, y }];
  const steps = Math.min(CORNER_STEPS_MAX, Math.max(2, Math.ceil(radius / PIXELS_PER_STEP)));
  const boxes: BoxStep[] = [];
  for (let index = 0; index <= steps; index += 1) {
    const angle = (index / steps) * (Math.PI / 2);
    boxes.push({ x: x - radius * (1 - Math.cos(angle)), y: y - radius * (1 - Math.sin(angle)) });
  }
  return boxes;
}
