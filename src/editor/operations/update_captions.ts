/**
 * `update_captions`: replaces all entries and/or changes style fields of a captions item.
 * New entries are checked as in `add_captions`; style fields sent replace the current
 * ones and omitted fields keep theirs. The item keeps its timing; change it with
 * `set_item_timing`. New entries or a new clock (`caption_start_seconds`, `playback_rate`) make generated captions hand-made (their link to their
 * sources ends); a style change keeps the link and regroups the words by the new
 * `words_per_caption` and `split_on_punctuation`. A fade set anew starts (or ends) at the
 * item's own edge, even on a half of a split item (`effect-spans.ts`).
 *
 * @module
 */
import { ok } from "../../result.js";
import type { UpdateCaptionsOperation } from "../../schemas/edit-operations.js";
import { unlinkCaptions } from "../caption-links.js";
import { checkCaptionEntries } from "../captions.js";
import { restartEffects, textFadeSides } from "../effect-spans.js";
import { findItem, unsupportedItem } from "../lookup.js";
import type { OperationModule } from "../options.js";

/** Applies `update_captions`. */
export const updateCaptions: OperationModule<UpdateCaptionsOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (!found.ok) return found;
  const item = found.value;
  if (item.type !== "captions") return unsupportedItem(item, "update_captions", "captions items");
  if (operation.captions !== undefined) {
    const checked = checkCaptionEntries(operation.captions);
    if (!checked.ok) return checked;
  }
  // New entries, or a new clock, by hand end the link to the items the captions were
  // generated from.
  const byHand =
    operation.captions !== undefined ||
    operation.style?.caption_start_seconds !== undefined ||
    operation.style?.playback_rate !== undefined;
  const edited = byHand ? unlinkCaptions(draft, item) : item;
  const updated = draft.updateItem(edited, {
    captions: operation.captions,
    style: operation.style === undefined ? undefined : { ...item.style, ...operation.style },
  });
  restartEffects(draft, updated, { family: "textFade", sides: textFadeSides(operation.style) });
  return ok(undefined);
};
