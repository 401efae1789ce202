/**
 * Lookups and refusals shared by the operation modules, so every operation words the
 * same failure the same way.
 *
 * @module
 */
import { type Err, ok, type Result } from "../result.js";
import type { EditDraft } from "./draft.js";
import { type EditFailure, editFailure } from "./errors.js";
import type { EditorItem } from "./items.js";

/** The item with `itemId`, or an `item_not_found` failure naming the field it came from. */
export function findItem(
  draft: EditDraft,
  itemId: string,
  field = "item_id",
): Result<EditorItem, EditFailure> {
  const item = draft.item(itemId);
  if (item === undefined) {
    return editFailure("item_not_found", `No item "${itemId}" (${field}) in this project.`);
  }
  return ok(item);
}

/** The `unsupported_item_type` failure for `operationType` on `item`. */
export function unsupportedItem(
  item: EditorItem,
  operationType: string,
  accepted: string,
): Err<EditFailure> {
  return editFailure(
    "unsupported_item_type",
    `${operationType} applies to ${accepted}; item "${item.id}" is ${item.type}.`,
  );
}
