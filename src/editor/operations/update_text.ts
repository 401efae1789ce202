/**
 * `update_text`: replaces the text and/or changes style fields of a text overlay. Style
 * fields sent replace the current ones and omitted fields keep theirs (null
 * `background_color` removes the box). The box keeps its geometry; resize it with
 * `set_item_transform`.
 *
 * @module
 */
import type { UpdateTextOperation } from "../../schemas/edit-operations.js";
import { isEditFailure } from "../errors.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `update_text`. */
export const updateText: OperationModule<UpdateTextOperation> = (draft, operation) => {
  const item = findItem(draft, operation.item_id);
  if (isEditFailure(item)) return item;
  if (item.type !== "text") return unsupportedItem(item, "update_text", "text items");
  draft.updateItem(item, {
    text: operation.text,
    style: operation.style === undefined ? undefined : { ...item.style, ...operation.style },
  });
  return undefined;
};
