/**
 * `move_item_to_track`: moves an item to another track, keeping its timing. The track
 * must exist (`track_not_found`), hold the same kind of item (`track_incompatible`) and be
 * free over the item's frames (`track_occupied`); moving to the item's own track changes
 * nothing. A track left empty is removed.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { MoveItemToTrackOperation } from "../../schemas/edit-operations.js";
import { itemEndFrame } from "../items.js";
import { findItem } from "../lookup.js";
import type { OperationModule } from "../options.js";
import { checkExplicitTrack, trackKindFor } from "../placement.js";

/** Applies `move_item_to_track`. */
export const moveItemToTrack: OperationModule<MoveItemToTrackOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  if (operation.track_id === item.trackId) return ok(undefined);
  const kind = trackKindFor(item.type);
  const trackFound = checkExplicitTrack(draft, {
    trackId: operation.track_id,
    kind,
    fromFrame: item.from,
    endFrame: itemEndFrame(item),
  });
  if (!trackFound.ok) return trackFound;
  const track = trackFound.value;
  draft.moveItem(item, {
    trackId: track.id,
    from: item.from,
    durationInFrames: item.durationInFrames,
  });
  return ok(undefined);
};
