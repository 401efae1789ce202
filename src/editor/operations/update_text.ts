/**
 * `update_text`: replaces the text and/or changes style fields of a text overlay. Style
 * fields sent replace the current ones and omitted fields keep theirs (null
 * `background_color` removes the box).
 *
 * The box keeps its place and width, and grows taller when the new text or style needs
 * more lines than it holds (the estimate `add_text` sizes a new box with), so no line is
 * cut off; a box that would then reach past the bottom of the composition moves up to
 * stay inside. It never shrinks: resize it with `set_item_transform`.
 *
 * A fade set anew starts (or ends) at the item's own edge, even on a half of a split item
 * (`effect-spans.ts`).
 *
 * @module
 */
import { ok } from "../../result.js";
import type { UpdateTextOperation } from "../../schemas/edit-operations.js";
import { TEXT_FONT_SIZE_DEFAULT } from "../defaults.js";
import type { EditDraft } from "../draft.js";
import { restartEffects, textFadeSides } from "../effect-spans.js";
import type { TextItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";
import { textBoxHeight, wrappedLineCount } from "../text-layout.js";

// The box, grown to hold the text's lines and kept inside the composition.
function grownBox(draft: EditDraft, item: TextItem): Pick<TextItem, "top" | "height"> {
  const needed = textBoxHeight(
    {
      style: item.style,
      defaultFontSize: TEXT_FONT_SIZE_DEFAULT,
      lines: (perLine) => wrappedLineCount(item.text, perLine),
    },
    item.width,
  );
  if (needed <= item.height) return { top: item.top, height: item.height };
  const top = Math.max(0, Math.min(item.top, draft.compositionHeight - needed));
  return { top, height: needed };
}

/** Applies `update_text`. */
export const updateText: OperationModule<UpdateTextOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  if (item.type !== "text") return unsupportedItem(item, "update_text", "text items");
  const updated = draft.updateItem(item, {
    text: operation.text,
    style: operation.style === undefined ? undefined : { ...item.style, ...operation.style },
  });
  const grown = draft.updateItem(updated, grownBox(draft, updated));
  restartEffects(draft, grown, { family: "textFade", sides: textFadeSides(operation.style) });
  return ok(undefined);
};
