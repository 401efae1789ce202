/**
 * `set_item_layer_order`: brings an item to the front layer or sends it to the back,
 * without overlap. `front` moves it to the front-most track of its kind when that track
 * is free over the item's frames, else to a new track at the very front; `back` does the
 * same with the back-most track and a new track at the very back. An item already on
 * that track stays. Audio has no layers to see, but the same rule keeps track order
 * predictable.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { SetItemLayerOrderOperation } from "../../schemas/edit-operations.js";
import { itemEndFrame } from "../items.js";
import { findItem } from "../lookup.js";
import type { OperationModule } from "../options.js";
import { isSpanFree, trackKindFor } from "../placement.js";

/** Applies `set_item_layer_order`. */
export const setItemLayerOrder: OperationModule<SetItemLayerOrderOperation> = (
  draft,
  operation,
) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  const kind = trackKindFor(item.type);
  const toFront = operation.position === "front";
  const sameKind = (track: { kind: string }) => track.kind === kind;
  const target = toFront ? draft.tracks.find(sameKind) : draft.tracks.findLast(sameKind);
  if (target?.id === item.trackId) return ok(undefined);
  const trackId =
    target !== undefined &&
    isSpanFree(draft, { track: target, fromFrame: item.from, endFrame: itemEndFrame(item) })
      ? target.id
      : draft.createTrack(kind, toFront ? 0 : draft.tracks.length);
  draft.moveItem(item, { trackId, from: item.from, durationInFrames: item.durationInFrames });
  return ok(undefined);
};
