/**
 * `add_solid`: adds a solid-colour rectangle. Every field is optional: it starts at 0,
 * lasts 5 seconds, covers the whole composition, is opaque black. A solid usually backs
 * text or fills a gap, so it goes on the back-most visual track that is free over its
 * frames, or on a new track at the back; `set_item_layer_order` brings it forward. The
 * style's `opacity` becomes the item's opacity.
 *
 * @module
 */
import type { AddSolidOperation } from "../../schemas/edit-operations.js";
import { ADDED_ITEM_DURATION_DEFAULT_SECONDS } from "../../schemas/limits.js";
import { FROM_DEFAULT_SECONDS, OPACITY_DEFAULT, SOLID_COLOR_DEFAULT } from "../defaults.js";
import type { OperationModule } from "../options.js";
import { trackForNewItem } from "../placement.js";
import { secondsSpanToFrames } from "../time.js";
import { noAnimation } from "../visual-items.js";

/** Applies `add_solid`. */
export const addSolid: OperationModule<AddSolidOperation> = (draft, operation) => {
  const { from: fromFrame, durationInFrames } = secondsSpanToFrames(
    operation.from_seconds ?? FROM_DEFAULT_SECONDS,
    operation.duration_seconds ?? ADDED_ITEM_DURATION_DEFAULT_SECONDS,
    draft.fps,
  );
  const trackId = trackForNewItem(draft, {
    kind: "visual",
    fromFrame,
    endFrame: fromFrame + durationInFrames,
    layer: "back",
  });
  if (typeof trackId !== "string") return trackId;
  const { opacity, ...look } = operation.style ?? {};
  draft.addItem({
    type: "solid",
    id: draft.newId(),
    trackId,
    from: fromFrame,
    durationInFrames,
    left: operation.left ?? 0,
    top: operation.top ?? 0,
    width: operation.width ?? draft.compositionWidth,
    height: operation.height ?? draft.compositionHeight,
    opacity: opacity ?? OPACITY_DEFAULT,
    style: { ...look, color: look.color ?? SOLID_COLOR_DEFAULT },
    ...noAnimation(),
  });
  return undefined;
};
