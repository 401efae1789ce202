/**
 * `remove_item`: deletes one item. A track left empty is removed with it; the item's
 * asset stays, since assets are the project's media library and other items (the other
 * half of a split clip) may share it. Generated captions lose the words of a removed
 * source and go with their last one (reported as removed too); removed captions leave
 * their sources.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { RemoveItemOperation } from "../../schemas/edit-operations.js";
import { releaseLinksOf } from "../caption-links.js";
import { findItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `remove_item`. */
export const removeItem: OperationModule<RemoveItemOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  draft.removeItem(item.id);
  releaseLinksOf(draft, item);
  return ok(undefined);
};
