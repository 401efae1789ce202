/**
 * `update_captions`: replaces all entries and/or changes style fields of a captions item.
 * New entries are checked as in `add_captions`; style fields sent replace the current
 * ones and omitted fields keep theirs. The item keeps its timing; change it with
 * `set_item_timing`.
 *
 * @module
 */
import type { UpdateCaptionsOperation } from "../../schemas/edit-operations.js";
import { checkCaptionEntries } from "../captions.js";
import { isEditFailure } from "../errors.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `update_captions`. */
export const updateCaptions: OperationModule<UpdateCaptionsOperation> = (draft, operation) => {
  const item = findItem(draft, operation.item_id);
  if (isEditFailure(item)) return item;
  if (item.type !== "captions") return unsupportedItem(item, "update_captions", "captions items");
  if (operation.captions !== undefined) {
    const failure = checkCaptionEntries(operation.captions);
    if (failure !== undefined) return failure;
  }
  draft.updateItem(item, {
    captions: operation.captions,
    style: operation.style === undefined ? undefined : { ...item.style, ...operation.style },
  });
  return undefined;
};
