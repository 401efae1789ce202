/**
 * `add_captions` (rule 4): adds a captions item from caption entries timed in
 * milliseconds from the item's start. Entries and their words must be in time order and
 * none may end before it starts (`invalid_captions`). Without `duration_seconds` the item
 * lasts until its last entry ends. Placement is that of `add_text`: a front layer, an
 * explicit `track_id` only when visual and free, and without `top` the free vertical slot
 * nearest the lower quarter of the composition, clear of other timed text.
 *
 * @module
 */
import type { AddCaptionsOperation } from "../../schemas/edit-operations.js";
import { captionsLengthSeconds, checkCaptionEntries } from "../captions.js";
import {
  CAPTION_LINES_DEFAULT,
  CAPTIONS_CENTER_RATIO,
  CAPTIONS_FONT_SIZE_DEFAULT,
  FROM_DEFAULT_SECONDS,
  OPACITY_DEFAULT,
} from "../defaults.js";
import type { OperationModule } from "../options.js";
import { trackForNewItem } from "../placement.js";
import { layoutTextBox } from "../text-layout.js";
import { durationSecondsToFrames, secondsToFrames } from "../time.js";
import { noAnimation } from "../visual-items.js";

/** Applies `add_captions`. */
export const addCaptions: OperationModule<AddCaptionsOperation> = (draft, operation) => {
  const failure = checkCaptionEntries(operation.captions);
  if (failure !== undefined) return failure;
  const style = operation.style ?? {};
  const fromFrame = secondsToFrames(operation.from_seconds ?? FROM_DEFAULT_SECONDS, draft.fps);
  const durationInFrames = durationSecondsToFrames(
    operation.duration_seconds ?? captionsLengthSeconds(operation.captions, style),
    draft.fps,
  );
  const endFrame = fromFrame + durationInFrames;
  const box = layoutTextBox(draft, {
    fields: operation,
    style,
    defaultFontSize: CAPTIONS_FONT_SIZE_DEFAULT,
    lines: () => style.max_lines ?? CAPTION_LINES_DEFAULT,
    centerRatio: CAPTIONS_CENTER_RATIO,
    fromFrame,
    endFrame,
  });
  const trackId = trackForNewItem(draft, {
    kind: "visual",
    fromFrame,
    endFrame,
    trackId: operation.track_id,
    layer: "front",
  });
  if (typeof trackId !== "string") return trackId;
  draft.addItem({
    type: "captions",
    id: draft.newId(),
    trackId,
    from: fromFrame,
    durationInFrames,
    ...box,
    opacity: OPACITY_DEFAULT,
    captions: operation.captions,
    style,
    language: null,
    ...noAnimation(),
  });
  return undefined;
};
