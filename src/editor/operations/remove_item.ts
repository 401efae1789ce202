/**
 * `remove_item`: deletes one item. A track left empty is removed with it; the item's
 * asset stays, since assets are the project's media library and other items (the other
 * half of a split clip) may share it. Generated captions lose the words of a removed
 * source and go with their last one (reported as removed too); removed captions leave
 * their sources.
 *
 * @module
 */
import type { RemoveItemOperation } from "../../schemas/edit-operations.js";
import { releaseLinksOf } from "../caption-links.js";
import { isEditFailure } from "../errors.js";
import { findItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `remove_item`. */
export const removeItem: OperationModule<RemoveItemOperation> = (draft, operation) => {
  const item = findItem(draft, operation.item_id);
  if (isEditFailure(item)) return item;
  draft.removeItem(item.id);
  releaseLinksOf(draft, item);
  return undefined;
};
