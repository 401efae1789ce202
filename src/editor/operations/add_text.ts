/**
 * `add_text` (rule 4): adds a text overlay on a front layer: the front-most track when it
 * is visual and free over the text's frames, else a new track at the very front; an
 * explicit `track_id` is honoured only when visual and free. It starts at 0 and lasts 5
 * seconds unless told otherwise. Without `top` it takes the free vertical slot nearest the
 * middle of the composition, clear of every text and captions item shown at the same
 * time; without a size, it spans most of the width and fits its estimated lines.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { AddTextOperation } from "../../schemas/edit-operations.js";
import { ADDED_ITEM_DURATION_DEFAULT_SECONDS } from "../../schemas/limits.js";
import { FROM_DEFAULT_SECONDS, TEXT_CENTER_RATIO, TEXT_FONT_SIZE_DEFAULT } from "../defaults.js";
import type { OperationModule } from "../options.js";
import { placeTextItem, wrappedLineCount } from "../text-layout.js";
import { secondsSpanToFrames } from "../time.js";
import { noAnimation } from "../visual-items.js";

/** Applies `add_text`. */
export const addText: OperationModule<AddTextOperation> = (draft, operation) => {
  const { from: fromFrame, durationInFrames } = secondsSpanToFrames(
    operation.from_seconds ?? FROM_DEFAULT_SECONDS,
    operation.duration_seconds ?? ADDED_ITEM_DURATION_DEFAULT_SECONDS,
    draft.fps,
  );
  const style = operation.style ?? {};
  const placing = placeTextItem(draft, {
    fields: operation,
    style,
    defaultFontSize: TEXT_FONT_SIZE_DEFAULT,
    lines: (charactersPerLine) => wrappedLineCount(operation.text, charactersPerLine),
    centerRatio: TEXT_CENTER_RATIO,
    fromFrame,
    endFrame: fromFrame + durationInFrames,
    trackId: operation.track_id,
  });
  if (!placing.ok) return placing;
  const placed = placing.value;
  draft.addItem({
    type: "text",
    ...placed,
    text: operation.text,
    style,
    ...noAnimation(),
  });
  return ok(undefined);
};
