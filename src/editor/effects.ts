/**
 * Effects never outlast what they are timed over: the length of an enter or exit
 * animation, a motion cycle, a text or captions fade (`fade_in_seconds`,
 * `fade_out_seconds`) and an audio fade is at most the item's length, or, for a family
 * that reaches past the item's edges (a split half, `effect-spans.ts`), the length of the
 * whole it was cut from. A longer one cannot play whole: it would end cut off, the level
 * short of full (a 3 s fade-in on a 1 s item reaches a third). The batch applies this
 * after every operation to the items the operation touched, so it holds whatever changed
 * the length or the effect: an animation or fade set longer than the item is stored at
 * the item's length, and shortening an item (`set_item_timing`) clips what it can no
 * longer hold. The same pass drops the spans of effects an item no longer has.
 *
 * A split changes no effect: both halves keep their whole's effects and spans, and the
 * whole is as long as before, so nothing is clipped.
 *
 * An animation without `duration_seconds` takes the renderer's default, fitted to the
 * item there; a motion without one runs for the rest of the item.
 *
 * @module
 */
import type { AnimationConfig, Motion, TextStyle } from "../schemas/edit-values.js";
import type { EditDraft } from "./draft.js";
import { wholeSeconds, writeEffectSpans } from "./effect-spans.js";
import { type EditorItem, type EffectFamily, isSoundItem, isVisualItem } from "./items.js";
import { framesToSeconds } from "./time.js";

// A whole's length summed from its parts may differ from the same length in one piece by
// floating-point rounding; an effect that much longer still fits.
const FIT_TOLERANCE_SECONDS = 1e-9;

function fits(seconds: number, lengthSeconds: number): boolean {
  return seconds <= lengthSeconds + FIT_TOLERANCE_SECONDS;
}

function boundAnimation(
  animation: AnimationConfig | null,
  lengthSeconds: number,
): AnimationConfig | null {
  const seconds = animation?.duration_seconds;
  if (animation === null || seconds === undefined || fits(seconds, lengthSeconds)) return animation;
  return { ...animation, duration_seconds: lengthSeconds };
}

function boundMotion(motion: Motion | null, lengthSeconds: number): Motion | null {
  const seconds = motion?.duration_seconds;
  if (motion === null || seconds === undefined || fits(seconds, lengthSeconds)) return motion;
  return { ...motion, duration_seconds: lengthSeconds };
}

function boundTextFades<Style extends TextStyle>(style: Style, lengthSeconds: number): Style {
  const { fade_in_seconds: fadeIn, fade_out_seconds: fadeOut } = style;
  if (fits(fadeIn ?? 0, lengthSeconds) && fits(fadeOut ?? 0, lengthSeconds)) return style;
  const bounded = { ...style };
  if (fadeIn !== undefined) bounded.fade_in_seconds = Math.min(fadeIn, lengthSeconds);
  if (fadeOut !== undefined) bounded.fade_out_seconds = Math.min(fadeOut, lengthSeconds);
  return bounded;
}

function boundFade(seconds: number, lengthSeconds: number): number {
  return fits(seconds, lengthSeconds) ? seconds : lengthSeconds;
}

/**
 * Clips every effect of `item` that lasts longer than what it is timed over, and drops
 * the spans of effects the item no longer has. Changes nothing (and copies nothing)
 * when every effect fits.
 */
export function boundEffects(draft: EditDraft, item: EditorItem): void {
  const itemSeconds = framesToSeconds(item.durationInFrames, draft.fps);
  const length = (family: EffectFamily) => wholeSeconds(item, { family, itemSeconds });
  const changes: Partial<EditorItem> = {};
  if (isVisualItem(item)) {
    Object.assign(changes, {
      enterAnimation: boundAnimation(item.enterAnimation, length("animation")),
      exitAnimation: boundAnimation(item.exitAnimation, length("animation")),
      motion: boundMotion(item.motion, length("motion")),
    });
  }
  if (item.type === "text" || item.type === "captions") {
    Object.assign(changes, { style: boundTextFades(item.style, length("textFade")) });
  }
  if (isSoundItem(item)) {
    Object.assign(changes, {
      audioFadeInSeconds: boundFade(item.audioFadeInSeconds, length("audioFade")),
      audioFadeOutSeconds: boundFade(item.audioFadeOutSeconds, length("audioFade")),
    });
  }
  const bounded = draft.updateItem(item, changes);
  if (bounded.effectSpans !== undefined) writeEffectSpans(draft, bounded, bounded.effectSpans);
}
