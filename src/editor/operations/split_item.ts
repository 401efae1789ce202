/**
 * `split_item`: cuts an item in two at a timeline position (`at_seconds`, rounded to a
 * frame). The cut must fall strictly inside the item, else `split_out_of_range`.
 *
 * The halves fill exactly the original frames on the same track. The left half keeps the
 * original id (as editors do, so a client's id still names the start of the clip) and the
 * right half gets a fresh id, which the batch reports as created. The right half plays on
 * from where the left stops: its source offset advances by the left half's length times
 * the playback rate (for captions, `caption_start_seconds` advances the same way and each
 * half keeps the entries it shows). A split is invisible and inaudible: each half keeps every fade and animation
 * of the item where it stands (`effect-spans.ts`), so a 3 s fade-in split at 1 s goes on
 * fading the left half as before (reaching a third at the cut) and starts the right half
 * at a third, full at 3 s; enter and exit animations, motion, text and captions fades
 * and audio fades all go on across the cut the same way.
 *
 * Captions generated from the item follow both halves (`caption-links.ts`); split
 * generated captions become two hand-made captions items.
 *
 * @module
 */
import { ok } from "../../result.js";
import type { SplitItemOperation } from "../../schemas/edit-operations.js";
import type { CaptionStyle } from "../../schemas/edit-values.js";
import { PLAYBACK_RATE_DEFAULT } from "../../schemas/limits.js";
import { inferAudioRole } from "../audio-roles.js";
import { linkSplitHalf, releaseIfCaptions } from "../caption-links.js";
import type { EditDraft } from "../draft.js";
import { splitEffectSpans } from "../effect-spans.js";
import { editFailure } from "../errors.js";
import {
  type CaptionsItem,
  type EditorItem,
  type EffectSpans,
  isSourceTimedItem,
  itemEndFrame,
} from "../items.js";
import { findItem } from "../lookup.js";
import type { OperationModule } from "../options.js";
import { framesToSeconds, secondsToFrames, secondsToMilliseconds } from "../time.js";

// Each half keeps the caption entries it shows: the left those starting before the cut,
// the right those still on screen at or after it, on the captions' own clock.
function splitCaptions(left: CaptionsItem, right: CaptionsItem, leftSeconds: number): void {
  const startSeconds = right.style.caption_start_seconds ?? 0;
  const rate = right.style.playback_rate ?? PLAYBACK_RATE_DEFAULT;
  const cutSeconds = startSeconds + leftSeconds * rate;
  const cutMs = secondsToMilliseconds(cutSeconds);
  left.captions = left.captions.filter((entry) => entry.startMs < cutMs);
  right.captions = right.captions.filter((entry) => entry.endMs > cutMs || entry.startMs >= cutMs);
  right.style = { ...right.style, caption_start_seconds: cutSeconds } satisfies CaptionStyle;
}

// Advances the right half's source and keeps each half's effects where they stand.
function continueHalves(draft: EditDraft, left: EditorItem, right: EditorItem): void {
  const leftSeconds = framesToSeconds(left.durationInFrames, draft.fps);
  const rightSeconds = framesToSeconds(right.durationInFrames, draft.fps);
  if (isSourceTimedItem(right)) right.sourceStartSeconds += leftSeconds * right.playbackRate;
  const spans = splitEffectSpans(left, { leftSeconds, rightSeconds });
  assignSpans(left, spans.left);
  assignSpans(right, spans.right);
  if (left.type === "captions" && right.type === "captions") {
    splitCaptions(left, right, leftSeconds);
  }
  if (left.type === "audio" && right.type === "audio" && left.audioRole === undefined) {
    left.audioRole = inferAudioRole(draft.asset(left.assetId));
    right.audioRole = left.audioRole;
  }
}

function assignSpans(half: EditorItem, spans: EffectSpans): void {
  if (Object.keys(spans).length === 0) delete half.effectSpans;
  else half.effectSpans = spans;
}

/** Applies `split_item`. */
export const splitItem: OperationModule<SplitItemOperation> = (draft, operation) => {
  const lookup = findItem(draft, operation.item_id);
  if (!lookup.ok) return lookup;
  const found = lookup.value;
  const cutFrame = secondsToFrames(operation.at_seconds, draft.fps);
  const endFrame = itemEndFrame(found);
  if (cutFrame <= found.from || cutFrame >= endFrame) {
    return editFailure(
      "split_out_of_range",
      `at_seconds ${operation.at_seconds} (frame ${cutFrame}) is not strictly inside item "${found.id}", which covers frames ${found.from} to ${endFrame}.`,
    );
  }
  // Split generated captions are hand-made halves; a split source keeps its captions.
  const item = releaseIfCaptions(draft, found);
  const left: EditorItem = { ...item, durationInFrames: cutFrame - item.from };
  const right: EditorItem = {
    ...item,
    id: draft.newId(),
    from: cutFrame,
    durationInFrames: endFrame - cutFrame,
  };
  continueHalves(draft, left, right);
  // The left half shortens first, so the right half's frames are free when it goes in.
  const shortened = draft.updateItem(item, left);
  if (left.effectSpans === undefined) draft.clearItemFields(shortened, ["effectSpans"]);
  draft.addItem(right);
  linkSplitHalf(draft, item, right);
  return ok(undefined);
};
