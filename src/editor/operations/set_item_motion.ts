/**
 * `set_item_motion`: gives a visual item continuous motion over its lifetime; motion type
 * `none` removes it. Every visual item accepts motion (text and solids float too); audio
 * items refuse it. A motion cycle longer than the item is stored at the item's length.
 * A new motion runs over the item itself, even on a half of a split item
 * (`effect-spans.ts`).
 *
 * @module
 */
import { ok } from "../../result.js";
import type { SetItemMotionOperation } from "../../schemas/edit-operations.js";
import { restartEffects } from "../effect-spans.js";
import { isVisualItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `set_item_motion`. */
export const setItemMotion: OperationModule<SetItemMotionOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  if (!isVisualItem(item)) return unsupportedItem(item, "set_item_motion", "visual items");
  const motion = operation.motion.type === "none" ? null : operation.motion;
  const updated = draft.updateItem(item, { motion });
  restartEffects(draft, updated, { family: "motion", sides: { start: true, end: true } });
  return ok(undefined);
};
