/**
 * `set_item_animation` (rule 5): sets or clears how a visual item enters and exits. An
 * omitted side keeps its animation and null clears it. Rule 5 names videos, images,
 * GIFs, text and captions; solids, also drawn layers, take animations too. Audio items
 * refuse them. An animation longer than the item is stored at the item's length
 * (`effects.ts`): it could not play whole. A side set anew starts at the item's own
 * edge, even on a half of a split item whose other effects go on from its whole
 * (`effect-spans.ts`).
 *
 * @module
 */
import { ok } from "../../result.js";
import type { SetItemAnimationOperation } from "../../schemas/edit-operations.js";
import { restartEffects } from "../effect-spans.js";
import { isVisualItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `set_item_animation`. */
export const setItemAnimation: OperationModule<SetItemAnimationOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  if (!isVisualItem(item)) return unsupportedItem(item, "set_item_animation", "visual items");
  const updated = draft.updateItem(item, {
    enterAnimation: operation.enter,
    exitAnimation: operation.exit,
  });
  restartEffects(draft, updated, {
    family: "animation",
    sides: { start: operation.enter !== undefined, end: operation.exit !== undefined },
  });
  return ok(undefined);
};
