/**
 * The colours an item's style names, checked before anything is planned so that one
 * unreadable colour fails the plan with the item and field named, rather than being
 * drawn as something else.
 *
 * @module
 */

import { ok, type Result } from "../../result.js";
import type { EditorItem } from "../items.js";
import { parseCssColor } from "./colors.js";
import { type RenderPlanError, renderPlanFailure } from "./errors.js";
import type { RgbaColor } from "./types.js";

// Each style field that holds a colour, by item type.
function colorFields(
  item: EditorItem,
): ReadonlyArray<readonly [string, string | null | undefined]> {
  switch (item.type) {
    case "solid":
      return [["color", item.style.color]];
    case "text":
      return [
        ["color", item.style.color],
        ["stroke_color", item.style.stroke_color],
        ["background_color", item.style.background_color],
        ["shadow_color", item.style.shadow_color],
      ];
    case "captions":
      return [
        ["color", item.style.color],
        ["stroke_color", item.style.stroke_color],
        ["background_color", item.style.background_color],
        ["highlight_color", item.style.highlight_color],
        ["highlight_background_color", item.style.highlight_background_color],
        ["shadow_color", item.style.shadow_color],
      ];
    default:
      return [];
  }
}

/** Reads colours that were checked: a present value parses, an absent one takes the default. */
export interface ColorReader {
  /** The colour `value` names, or `fallback` when it is absent. */
  read(value: string | null | undefined, fallback: RgbaColor): RgbaColor;
}

/** Fails on the first style colour of `item` that is not a CSS colour. */
export function checkItemColors(item: EditorItem): Result<void, RenderPlanError> {
  for (const [field, value] of colorFields(item)) {
    if (value === undefined || value === null || parseCssColor(value) !== undefined) continue;
    return renderPlanFailure(
      "unsupported_color",
      `Item "${item.id}" has style.${field} "${value}", which is not a CSS colour (use #rrggbb, #rrggbbaa, rgb(), rgba(), hsl() or a colour name).`,
    );
  }
  return ok(undefined);
}

/** A {@link ColorReader} over checked colours; an unreadable one is a bug and throws. */
export const checkedColors: ColorReader = {
  read(value, fallback) {
    if (value === undefined || value === null) return fallback;
    const color = parseCssColor(value);
    if (color === undefined) throw new Error(`Colour "${value}" was not checked before planning.`);
    return color;
  },
};
