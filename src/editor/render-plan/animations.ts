/**
 * Enter and exit animations (and text style fades) resolved to absolute windows and
 * poses. Each requested type draws one effect; the types without a drawing of their own
 * take the nearest: bounce and snap scale, glitch fades, swipe and float slide.
 *
 * @module
 */
import type { AnimationConfig } from "../../schemas/edit-values.js";
import type { AnimationDirection, AnimationType } from "../../vocabulary.js";
import type { AnimationEffect, LayerPose, PlanBox, PlannedAnimation, TimeWindow } from "./types.js";

/** Length of an enter or exit animation whose config gives none, in seconds. */
export const ANIMATION_DURATION_DEFAULT_SECONDS = 0.5;
/** Size an entering `zoom` starts from (and an exiting one ends at), as a multiple. */
export const ZOOM_ANIMATION_SCALE = 1.5;

/** The effect each animation type draws; `none` draws nothing. */
export const ANIMATION_EFFECTS: { readonly [Type in AnimationType]: AnimationEffect | null } = {
  none: null,
  fade: "fade",
  slide: "slide",
  scale: "scale",
  zoom: "zoom",
  flip: "flip",
  bounce: "scale",
  snap: "scale",
  glitch: "fade",
  swipe: "slide",
  float: "slide",
};

/** Side a sliding item enters from when its config names none. */
const ENTER_DIRECTION_DEFAULT: AnimationDirection = "left";
/** Side a sliding item leaves towards when its config names none. */
const EXIT_DIRECTION_DEFAULT: AnimationDirection = "right";
/** Side a floating item enters from (and leaves towards) when its config names none. */
const FLOAT_DIRECTION_DEFAULT: AnimationDirection = "bottom";

/** The resting pose: nothing changed. */
export const REST_POSE: LayerPose = { opacity: 1, scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0 };

/** The output frame an animation slides across, for off-screen offsets. */
export interface AnimationFrame {
  /** Output width in pixels. */
  readonly width: number;
  /** Output height in pixels. */
  readonly height: number;
}

// The shift that puts `box` just outside the frame on `side`.
function offscreenOffset(box: PlanBox, frame: AnimationFrame, side: AnimationDirection): LayerPose {
  switch (side) {
    case "left":
      return { ...REST_POSE, offsetX: -(box.left + box.width) };
    case "right":
      return { ...REST_POSE, offsetX: frame.width - box.left };
    case "top":
      return { ...REST_POSE, offsetY: -(box.top + box.height) };
    case "bottom":
      return { ...REST_POSE, offsetY: frame.height - box.top };
  }
}

// The pose an effect starts from (enter) or ends at (exit), for a layer's box in the frame.
function effectPose(
  effect: AnimationEffect,
  side: AnimationDirection,
  { box, frame }: { box: PlanBox; frame: AnimationFrame },
): LayerPose {
  switch (effect) {
    case "fade":
      return { ...REST_POSE, opacity: 0 };
    case "slide":
      return offscreenOffset(box, frame, side);
    case "scale":
      return { ...REST_POSE, scaleX: 0, scaleY: 0 };
    case "zoom":
      return {
        ...REST_POSE,
        opacity: 0,
        scaleX: ZOOM_ANIMATION_SCALE,
        scaleY: ZOOM_ANIMATION_SCALE,
      };
    case "flip":
      return { ...REST_POSE, scaleX: 0 };
  }
}

function sideOf(config: AnimationConfig, phase: "enter" | "exit"): AnimationDirection {
  if (config.direction !== undefined) return config.direction;
  if (config.type === "float") return FLOAT_DIRECTION_DEFAULT;
  return phase === "enter" ? ENTER_DIRECTION_DEFAULT : EXIT_DIRECTION_DEFAULT;
}

/** Requested lengths of an enter and an exit, shrunk together to fit `itemSeconds`. */
export function fitDurations(
  enterSeconds: number,
  exitSeconds: number,
  itemSeconds: number,
): { enterSeconds: number; exitSeconds: number } {
  const total = enterSeconds + exitSeconds;
  if (total <= itemSeconds || total === 0) return { enterSeconds, exitSeconds };
  const shrink = itemSeconds / total;
  return { enterSeconds: enterSeconds * shrink, exitSeconds: exitSeconds * shrink };
}

/** What {@link planAnimations} needs to know about the layer. */
export interface AnimationSubject {
  /** The item's window on the output. */
  readonly window: TimeWindow;
  /** The item's box in output pixels. */
  readonly box: PlanBox;
  /** Enter animation, or null. */
  readonly enter: AnimationConfig | null;
  /** Exit animation, or null. */
  readonly exit: AnimationConfig | null;
  /**
   * What the enter and exit are timed over: `window`, or the longer whole a half of a
   * split item was cut from (the enter starts at its start, the exit ends at its end).
   */
  readonly animationWhole: TimeWindow;
  /** Text style fade-in in seconds (0 for none). */
  readonly textFadeInSeconds: number;
  /** Text style fade-out in seconds (0 for none). */
  readonly textFadeOutSeconds: number;
  /** What the text fades are timed over, as `animationWhole` for the animations. */
  readonly textFadeWhole: TimeWindow;
}

function lengthOf(config: AnimationConfig): number {
  return config.duration_seconds ?? ANIMATION_DURATION_DEFAULT_SECONDS;
}

// An enter moves from `moved` to rest; an exit from rest to `moved`.
function animation(
  what: Omit<PlannedAnimation, "from" | "to">,
  moved: LayerPose,
): PlannedAnimation {
  return what.phase === "enter"
    ? { ...what, from: moved, to: REST_POSE }
    : { ...what, from: REST_POSE, to: moved };
}

function enterWindow(whole: TimeWindow, seconds: number): TimeWindow {
  return { startSeconds: whole.startSeconds, endSeconds: whole.startSeconds + seconds };
}

function exitWindow(whole: TimeWindow, seconds: number): TimeWindow {
  return { startSeconds: whole.endSeconds - seconds, endSeconds: whole.endSeconds };
}

function overlaps(left: TimeWindow, right: TimeWindow): boolean {
  return left.endSeconds > right.startSeconds && left.startSeconds < right.endSeconds;
}

// What one side of an effect family draws, before it is timed.
interface SideEffect {
  readonly requested: PlannedAnimation["requested"];
  readonly effect: AnimationEffect;
  readonly seconds: number;
  readonly moved: LayerPose;
}

// An enter and an exit timed over `whole`, shrunk together to fit it. A side that lasts
// nothing, or falls wholly outside the item's `window` (where it holds rest), is left out.
function timeSides(
  sides: { readonly enter: SideEffect | null; readonly exit: SideEffect | null },
  { whole, window }: { readonly whole: TimeWindow; readonly window: TimeWindow },
): PlannedAnimation[] {
  const fitted = fitDurations(
    sides.enter?.seconds ?? 0,
    sides.exit?.seconds ?? 0,
    whole.endSeconds - whole.startSeconds,
  );
  const timed = [
    ["enter", sides.enter, enterWindow(whole, fitted.enterSeconds)],
    ["exit", sides.exit, exitWindow(whole, fitted.exitSeconds)],
  ] as const;
  const planned: PlannedAnimation[] = [];
  for (const [phase, side, phaseWindow] of timed) {
    if (side === null || phaseWindow.endSeconds <= phaseWindow.startSeconds) continue;
    if (!overlaps(phaseWindow, window)) continue;
    const { requested, effect, moved } = side;
    planned.push(animation({ phase, requested, effect, window: phaseWindow }, moved));
  }
  return planned;
}

const FADED: LayerPose = { ...REST_POSE, opacity: 0 };

function textFade(seconds: number): SideEffect | null {
  return seconds > 0 ? { requested: "text_fade", effect: "fade", seconds, moved: FADED } : null;
}

/**
 * The layer's enter and exit animations and text fades as absolute windows and poses.
 * Lengths default to half a second; an enter and an exit longer together than what they
 * are timed over shrink in proportion (so do the two text fades); a zero length draws
 * nothing. A half of a split item keeps its whole's timing, so its windows may reach
 * past its own; one wholly outside it is left out.
 */
export function planAnimations(
  subject: AnimationSubject,
  frame: AnimationFrame,
): PlannedAnimation[] {
  const { box, window } = subject;
  const side = (config: AnimationConfig | null, phase: "enter" | "exit"): SideEffect | null => {
    const effect = config === null ? null : ANIMATION_EFFECTS[config.type];
    if (config === null || effect === null) return null;
    const moved = effectPose(effect, sideOf(config, phase), { box, frame });
    return { requested: config.type, effect, seconds: lengthOf(config), moved };
  };
  const planned = [
    ...timeSides(
      { enter: side(subject.enter, "enter"), exit: side(subject.exit, "exit") },
      { whole: subject.animationWhole, window },
    ),
    ...timeSides(
      { enter: textFade(subject.textFadeInSeconds), exit: textFade(subject.textFadeOutSeconds) },
      { whole: subject.textFadeWhole, window },
    ),
  ];
  return planned.sort((left, right) => left.window.startSeconds - right.window.startSeconds);
}
