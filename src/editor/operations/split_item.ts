/**
 * `split_item`: cuts an item in two at a timeline position (`at_seconds`, rounded to a
 * frame). The cut must fall strictly inside the item, else `split_out_of_range`.
 *
 * The halves fill exactly the original frames on the same track. The left half keeps the
 * original id (as editors do, so a client's id still names the start of the clip) and the
 * right half gets a fresh id, which the batch reports as created. The right half plays on from where the left stops: its
 * source offset advances by the left half's length times the playback rate (for captions,
 * `caption_start_seconds` advances the same way and each half keeps the entries it
 * shows). Fades and animations stay on the outer ends: the left half keeps the fade-in
 * and enter animation, the right half the fade-out and exit animation, each clipped to
 * its half's length (`effects.ts`), so the level is continuous across the cut: a 3 s
 * fade-in split at 1 s fades the left half in over 1 s, and the right half starts fully
 * in. Motion is kept on both halves, its cycle clipped the same way.
 *
 * Captions generated from the item follow both halves (`caption-links.ts`); split
 * generated captions become two hand-made captions items.
 *
 * @module
 */
import type { SplitItemOperation } from "../../schemas/edit-operations.js";
import type { CaptionStyle, TextStyle } from "../../schemas/edit-values.js";
import { PLAYBACK_RATE_DEFAULT } from "../../schemas/limits.js";
import { inferAudioRole } from "../audio-roles.js";
import { linkSplitHalf, releaseIfCaptions } from "../caption-links.js";
import { AUDIO_FADE_DEFAULT_SECONDS } from "../defaults.js";
import type { EditDraft } from "../draft.js";
import { editFailure, isEditFailure } from "../errors.js";
import {
  type CaptionsItem,
  type EditorItem,
  isSoundItem,
  isSourceTimedItem,
  isVisualItem,
  itemEndFrame,
} from "../items.js";
import { findItem } from "../lookup.js";
import type { OperationModule } from "../options.js";
import { framesToSeconds, secondsToFrames, secondsToMilliseconds } from "../time.js";

function withoutFade<Style extends TextStyle>(style: Style, key: keyof TextStyle): Style {
  const { [key]: _removed, ...rest } = style;
  return rest as Style;
}

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

// Keeps fades and animations on the outer ends and advances the right half's source.
function trimInnerEnds(draft: EditDraft, left: EditorItem, right: EditorItem): void {
  const leftSeconds = framesToSeconds(left.durationInFrames, draft.fps);
  if (isSourceTimedItem(right)) right.sourceStartSeconds += leftSeconds * right.playbackRate;
  if (isSoundItem(left)) left.audioFadeOutSeconds = AUDIO_FADE_DEFAULT_SECONDS;
  if (isSoundItem(right)) right.audioFadeInSeconds = AUDIO_FADE_DEFAULT_SECONDS;
  if (isVisualItem(left)) left.exitAnimation = null;
  if (isVisualItem(right)) right.enterAnimation = null;
  if (left.type === "text" || left.type === "captions") {
    left.style = withoutFade(left.style, "fade_out_seconds");
  }
  if (right.type === "text" || right.type === "captions") {
    right.style = withoutFade(right.style, "fade_in_seconds");
  }
  if (left.type === "captions" && right.type === "captions") {
    splitCaptions(left, right, leftSeconds);
  }
  if (left.type === "audio" && right.type === "audio" && left.audioRole === undefined) {
    left.audioRole = inferAudioRole(draft.asset(left.assetId));
    right.audioRole = left.audioRole;
  }
}

/** Applies `split_item`. */
export const splitItem: OperationModule<SplitItemOperation> = (draft, operation) => {
  const found = findItem(draft, operation.item_id);
  if (isEditFailure(found)) return found;
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
  trimInnerEnds(draft, left, right);
  // The left half shortens first, so the right half's frames are free when it goes in.
  draft.updateItem(item, left);
  draft.addItem(right);
  linkSplitHalf(draft, item, right);
  return undefined;
};
