/**
 * `move_item_to_track`: moves an item to another track, keeping its timing. The track
 * must exist (`track_not_found`), hold the same kind of item (`track_incompatible`) and be
 * free over the item's frames (`track_occupied`); moving to the item's own track changes
 * nothing. A track left empty is removed.
 *
 * @module
 */
import type { MoveItemToTrackOperation } from "../../schemas/edit-operations.js";
import { isEditFailure } from "../errors.js";
import { itemEndFrame } from "../items.js";
import { findItem } from "../lookup.js";
import type { OperationModule } from "../options.js";
import { checkExplicitTrack, trackKindFor } from "../placement.js";

/** Applies `move_item_to_track`. */
export const moveItemToTrack: OperationModule<MoveItemToTrackOperation> = (draft, operation) => {
  const item = findItem(draft, operation.item_id);
  if (isEditFailure(item)) return item;
  if (operation.track_id === item.trackId) return undefined;
  const kind = trackKindFor(item.type);
  const track = checkExplicitTrack(draft, {
    trackId: operation.track_id,
    kind,
    fromFrame: item.from,
    endFrame: itemEndFrame(item),
  });
  if (isEditFailure(track)) return track;
  draft.moveItem(item, {
    trackId: track.id,
    from: item.from,
    durationInFrames: item.durationInFrames,
  });
  return undefined;
};
