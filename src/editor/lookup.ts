/**
 * Lookups and refusals shared by the operation modules, so every operation words the
 * same failure the same way.
 *
 * @module
 */
import type { EditDraft } from "./draft.js";
import { type EditFailure, editFailure } from "./errors.js";
import type { EditorItem } from "./items.js";

/** The item with `itemId`, or an `item_not_found` failure naming the field it came from. */
export function findItem(
  draft: EditDraft,
  itemId: string,
  field = "item_id",
): EditorItem | EditFailure {
  return (
    draft.item(itemId) ??
    editFailure("item_not_found", `No item "${itemId}" (${field}) in this project.`)
  );
}

/** The `unsupported_item_type` failure for `operationType` on `item`. */
export function unsupportedItem(
  item: EditorItem,
  operationType: string,
  accepted: string,
): EditFailure {
  return editFailure(
    "unsupported_item_type",
    `${operationType} applies to ${accepted}; item "${item.id}" is ${item.type}.`,
  );
}
