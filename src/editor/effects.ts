/**
 * Effects never outlast their item: the length of an enter or exit animation, a motion
 * cycle, a text or captions fade (`fade_in_seconds`, `fade_out_seconds`) and an audio
 * fade is at most the item's length. A longer one cannot play whole: it would end cut
 * off, the level short of full (a 3 s fade-in on a 1 s item reaches a third). The batch
 * applies this after every operation to the items the operation touched, so it holds
 * whatever changed the length or the effect: an animation or fade set longer than the
 * item is stored at the item's length, and shortening an item (`set_item_timing`,
 * `split_item`) clips what it can no longer hold.
 *
 * That is also what keeps a split continuous: each half keeps only the fades and
 * animations of its outer end (`split_item`), clipped to its length, so the left half is
 * fully in at the cut and the right half starts fully in.
 *
 * An animation without `duration_seconds` takes the renderer's default, fitted to the
 * item there; a motion without one runs for the rest of the item.
 *
 * @module
 */
import type { AnimationConfig, Motion, TextStyle } from "../schemas/edit-values.js";
import type { EditDraft } from "./draft.js";
import { type EditorItem, isSoundItem, isVisualItem } from "./items.js";
import { framesToSeconds } from "./time.js";

function boundAnimation(
  animation: AnimationConfig | null,
  lengthSeconds: number,
): AnimationConfig | null {
  const seconds = animation?.duration_seconds;
  if (animation === null || seconds === undefined || seconds <= lengthSeconds) return animation;
  return { ...animation, duration_seconds: lengthSeconds };
}

function boundMotion(motion: Motion | null, lengthSeconds: number): Motion | null {
  const seconds = motion?.duration_seconds;
  if (motion === null || seconds === undefined || seconds <= lengthSeconds) return motion;
  return { ...motion, duration_seconds: lengthSeconds };
}

function boundTextFades<Style extends TextStyle>(style: Style, lengthSeconds: number): Style {
  const { fade_in_seconds: fadeIn, fade_out_seconds: fadeOut } = style;
  if ((fadeIn ?? 0) <= lengthSeconds && (fadeOut ?? 0) <= lengthSeconds) return style;
  const bounded = { ...style };
  if (fadeIn !== undefined) bounded.fade_in_seconds = Math.min(fadeIn, lengthSeconds);
  if (fadeOut !== undefined) bounded.fade_out_seconds = Math.min(fadeOut, lengthSeconds);
  return bounded;
}

/**
 * Clips every effect of `item` that lasts longer than the item to the item's length.
 * Changes nothing (and copies nothing) when every effect fits.
 */
export function boundEffects(draft: EditDraft, item: EditorItem): void {
  const lengthSeconds = framesToSeconds(item.durationInFrames, draft.fps);
  const changes: Partial<EditorItem> = {};
  if (isVisualItem(item)) {
    Object.assign(changes, {
      enterAnimation: boundAnimation(item.enterAnimation, lengthSeconds),
      exitAnimation: boundAnimation(item.exitAnimation, lengthSeconds),
      motion: boundMotion(item.motion, lengthSeconds),
    });
  }
  if (item.type === "text" || item.type === "captions") {
    Object.assign(changes, { style: boundTextFades(item.style, lengthSeconds) });
  }
  if (isSoundItem(item)) {
    Object.assign(changes, {
      audioFadeInSeconds: Math.min(item.audioFadeInSeconds, lengthSeconds),
      audioFadeOutSeconds: Math.min(item.audioFadeOutSeconds, lengthSeconds),
    });
  }
  draft.updateItem(item, changes);
}
