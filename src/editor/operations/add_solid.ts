/**
 * `add_solid`: adds a solid-colour rectangle. Every field is optional: it starts at 0,
 * lasts 5 seconds, covers the whole composition, is opaque black. The style's `opacity`
 * becomes the item's opacity.
 *
 * Where it goes depends on what it is for, read from its look:
 *
 * - A solid that fills the whole frame at full opacity, unrotated and with square
 *   corners, would hide everything under it, so it is a background: it goes behind every
 *   visual item it overlaps in time (the back-most visual track when free there, else a
 *   new track at the back), where it fills gaps and letterbox bars.
 * - Any other solid (a panel behind a title, a tint, a bar) is drawn like a picture: in
 *   front of every video, image, GIF and solid it overlaps, behind the text and captions
 *   shown over them.
 *
 * `set_item_layer_order` and `move_item_to_track` change the layer afterwards.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { AddSolidOperation } from "../../schemas/edit-operations.js";
import { ADDED_ITEM_DURATION_DEFAULT_SECONDS, OPACITY_MAX } from "../../schemas/limits.js";
import { FROM_DEFAULT_SECONDS, OPACITY_DEFAULT, SOLID_COLOR_DEFAULT } from "../defaults.js";
import type { EditDraft } from "../draft.js";
import type { SolidItem } from "../items.js";
import type { OperationModule } from "../options.js";
import { trackForNewItem } from "../placement.js";
import { secondsSpanToFrames } from "../time.js";
import { noAnimation } from "../visual-items.js";

type SolidFields = Omit<SolidItem, "type" | "id" | "trackId">;

// True when the solid hides the whole frame: full opacity, a box covering the
// composition, no rotation and no rounded corners.
function fillsTheFrame(draft: EditDraft, solid: SolidFields): boolean {
  const { left, top, width, height, opacity, style } = solid;
  return (
    opacity >= OPACITY_MAX &&
    left <= 0 &&
    top <= 0 &&
    left + width >= draft.compositionWidth &&
    top + height >= draft.compositionHeight &&
    (style.rotation ?? 0) % 360 === 0 &&
    (style.border_radius ?? 0) === 0
  );
}

/** Applies `add_solid`. */
export const addSolid: OperationModule<AddSolidOperation> = (draft, operation) => {
  const span = secondsSpanToFrames(
    operation.from_seconds ?? FROM_DEFAULT_SECONDS,
    operation.duration_seconds ?? ADDED_ITEM_DURATION_DEFAULT_SECONDS,
    draft.fps,
  );
  const { opacity, ...look } = operation.style ?? {};
  const solid: SolidFields = {
    from: span.from,
    durationInFrames: span.durationInFrames,
    left: operation.left ?? 0,
    top: operation.top ?? 0,
    width: operation.width ?? draft.compositionWidth,
    height: operation.height ?? draft.compositionHeight,
    opacity: opacity ?? OPACITY_DEFAULT,
    style: { ...look, color: look.color ?? SOLID_COLOR_DEFAULT },
    ...noAnimation(),
  };
  const trackId = trackForNewItem(draft, {
    kind: "visual",
    fromFrame: span.from,
    endFrame: span.from + span.durationInFrames,
    layer: fillsTheFrame(draft, solid) ? "background" : "picture",
  });
  if (!trackId.ok) return trackId;
  draft.addItem({ type: "solid", id: draft.newId(), trackId: trackId.value, ...solid });
  return ok(undefined);
};
