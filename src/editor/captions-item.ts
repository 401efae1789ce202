/**
 * A new captions item, as `add_captions` and `generate_captions_from_items` add one: the
 * captions box and front layer of an added text (spec 4.14 rule 4), full opacity and no
 * animation.
 *
 * @module
 */
import { ok, type Result } from "../result.js";
import {
  CAPTION_LINES_DEFAULT,
  CAPTIONS_CENTER_RATIO,
  CAPTIONS_FONT_SIZE_DEFAULT,
} from "./defaults.js";
import type { EditDraft } from "./draft.js";
import type { EditFailure } from "./errors.js";
import type { CaptionsItem } from "./items.js";
import { type BoxFields, placeTextItem } from "./text-layout.js";
import { noAnimation } from "./visual-items.js";

/** What a new captions item is made of; what is left out is laid out or defaulted. */
export interface NewCaptionsItem extends Pick<CaptionsItem, "captions" | "style" | "language"> {
  /** Geometry the operation sent; a missing field is laid out. */
  fields: BoxFields;
  /** Explicit track the operation sent, honoured only when visual and free. */
  trackId: string | undefined;
  /** First frame of the item. */
  fromFrame: number;
  /** Length of the item in frames, > 0. */
  durationInFrames: number;
}

/**
 * Adds a captions item on a front layer, in the free vertical slot nearest the lower
 * quarter of the composition unless `fields.top` is sent, and returns it. Fails only on an
 * explicit track that cannot take it.
 */
export function addCaptionsItem(
  draft: EditDraft,
  request: NewCaptionsItem,
): Result<CaptionsItem, EditFailure> {
  const { style, fromFrame, durationInFrames } = request;
  const placed = placeTextItem(draft, {
    fields: request.fields,
    style,
    defaultFontSize: CAPTIONS_FONT_SIZE_DEFAULT,
    lines: () => style.max_lines ?? CAPTION_LINES_DEFAULT,
    centerRatio: CAPTIONS_CENTER_RATIO,
    fromFrame,
    endFrame: fromFrame + durationInFrames,
    trackId: request.trackId,
  });
  if (!placed.ok) return placed;
  const item: CaptionsItem = {
    type: "captions",
    ...placed.value,
    captions: request.captions,
    style,
    language: request.language,
    ...noAnimation(),
  };
  draft.addItem(item);
  return ok(draft.item(item.id) as CaptionsItem);
}
