/**
 * `set_item_transform`: moves, resizes or fades a visual item. Omitted fields keep their
 * value; audio items have no picture and refuse it.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { SetItemTransformOperation } from "../../schemas/edit-operations.js";
import { isVisualItem } from "../items.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `set_item_transform`. */
export const setItemTransform: OperationModule<SetItemTransformOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  if (!isVisualItem(item)) return unsupportedItem(item, "set_item_transform", "visual items");
  draft.updateItem(item, {
    left: operation.left,
    top: operation.top,
    width: operation.width,
    height: operation.height,
    opacity: operation.opacity,
  });
  return ok(undefined);
};
