/**
 * Continuous motion resolved to absolute times and poses. On media the motion is a
 * camera move inside the box (the picture is zoomed enough that the box stays filled);
 * on text, captions and solids it moves the whole layer.
 *
 * @module
 */
import type { Motion } from "../../schemas/edit-values.js";
import type { AnimationDirection } from "../../vocabulary.js";
import type { MotionPose, MotionSway, PlanBox, PlannedMotion, TimeWindow } from "./types.js";

/** Strength of a motion whose config gives no `intensity`. */
export const MOTION_INTENSITY_DEFAULT = 0.5;
/** Size gained by `zoom_in` (lost by `zoom_out`) at full intensity, as a fraction. */
export const MOTION_ZOOM_GAIN_MAX = 0.5;
/** Distance a `pan` travels at full intensity, as a fraction of the box's side. */
export const MOTION_PAN_RATIO_MAX = 0.2;
/** Size gained by `ken_burns` at full intensity, as a fraction. */
export const MOTION_KEN_BURNS_ZOOM_GAIN_MAX = 0.3;
/** Distance `ken_burns` drifts at full intensity, as a fraction of the box's side. */
export const MOTION_KEN_BURNS_PAN_RATIO_MAX = 0.1;
/** Amplitude of `shake` at full intensity, as a fraction of the box's shorter side. */
export const MOTION_SHAKE_RATIO_MAX = 0.03;
/** Seconds per horizontal and per vertical swing of `shake`; unequal, so it looks random. */
export const MOTION_SHAKE_PERIODS_SECONDS = { x: 0.11, y: 0.07 } as const;
/** Amplitude of `float` at full intensity, as a fraction of the box's side. */
export const MOTION_FLOAT_RATIO_MAX = 0.06;
/** Length of a `float` swing when the config gives no `duration_seconds`. */
export const MOTION_FLOAT_PERIOD_DEFAULT_SECONDS = 2;

const DIRECTION_DEFAULTS = { pan: "right", ken_burns: "right", float: "top" } as const;

const STILL: MotionPose = { scale: 1, offsetX: 0, offsetY: 0 };

// A unit vector towards `side`, in output pixels (y grows downwards).
function towards(side: AnimationDirection): { x: number; y: number } {
  switch (side) {
    case "left":
      return { x: -1, y: 0 };
    case "right":
      return { x: 1, y: 0 };
    case "top":
      return { x: 0, y: -1 };
    case "bottom":
      return { x: 0, y: 1 };
  }
}

interface MotionShape {
  readonly from: MotionPose;
  readonly to: MotionPose;
  readonly sway: MotionSway | null;
}

// A drift of `ratio` of the box towards `side`: centred on the rest position for a
// camera move (so the picture needs zoom on both sides), from rest for a layer.
function drift(
  box: PlanBox,
  { side, ratio, centred }: { side: AnimationDirection; ratio: number; centred: boolean },
): { from: MotionPose; to: MotionPose } {
  const unit = towards(side);
  const dx = unit.x * ratio * box.width;
  const dy = unit.y * ratio * box.height;
  const start = centred ? 0.5 : 0;
  // `+ 0` turns a -0 (from a zero shift) into 0, so poses compare and print plainly.
  return {
    from: { ...STILL, offsetX: -dx * start + 0, offsetY: -dy * start + 0 },
    to: { ...STILL, offsetX: dx * (1 - start) + 0, offsetY: dy * (1 - start) + 0 },
  };
}

// How strong the motion is, how long one cycle lasts, and whether it moves the picture
// inside its box (a camera move) rather than the box itself.
interface MotionStrength {
  readonly intensity: number;
  readonly cycleSeconds: number;
  readonly onContent: boolean;
}

function shapeOf(
  motion: Motion,
  box: PlanBox,
  { intensity, cycleSeconds, onContent }: MotionStrength,
): MotionShape {
  switch (motion.type) {
    case "none":
      return { from: STILL, to: STILL, sway: null };
    case "zoom_in":
    case "zoom_out": {
      const large = { ...STILL, scale: 1 + MOTION_ZOOM_GAIN_MAX * intensity };
      return motion.type === "zoom_in"
        ? { from: STILL, to: large, sway: null }
        : { from: large, to: STILL, sway: null };
    }
    case "pan": {
      const side = motion.direction ?? DIRECTION_DEFAULTS.pan;
      const ratio = MOTION_PAN_RATIO_MAX * intensity;
      return { ...drift(box, { side, ratio, centred: onContent }), sway: null };
    }
    case "ken_burns": {
      const side = motion.direction ?? DIRECTION_DEFAULTS.ken_burns;
      const ratio = MOTION_KEN_BURNS_PAN_RATIO_MAX * intensity;
      const moved = drift(box, { side, ratio, centred: onContent });
      const gain = MOTION_KEN_BURNS_ZOOM_GAIN_MAX * intensity;
      return { from: moved.from, to: { ...moved.to, scale: 1 + gain }, sway: null };
    }
    case "shake": {
      const amplitude = MOTION_SHAKE_RATIO_MAX * intensity * Math.min(box.width, box.height);
      const sway = {
        amplitudeX: amplitude,
        amplitudeY: amplitude,
        periodXSeconds: MOTION_SHAKE_PERIODS_SECONDS.x,
        periodYSeconds: MOTION_SHAKE_PERIODS_SECONDS.y,
      };
      return { from: STILL, to: STILL, sway };
    }
    case "float": {
      const unit = towards(motion.direction ?? DIRECTION_DEFAULTS.float);
      const ratio = MOTION_FLOAT_RATIO_MAX * intensity;
      const sway = {
        amplitudeX: Math.abs(unit.x) * ratio * box.width,
        amplitudeY: Math.abs(unit.y) * ratio * box.height,
        periodXSeconds: cycleSeconds,
        periodYSeconds: cycleSeconds,
      };
      return { from: STILL, to: STILL, sway };
    }
  }
}

// The zoom that keeps a shifted picture covering its box: each side needs half the
// shift's reach on both edges.
function zoomToCover(pose: MotionPose, reach: { x: number; y: number }, box: PlanBox): number {
  const needX = 1 + (2 * (Math.abs(pose.offsetX) + reach.x)) / box.width;
  const needY = 1 + (2 * (Math.abs(pose.offsetY) + reach.y)) / box.height;
  return Math.max(pose.scale, needX, needY);
}

// On media, every pose zooms as much as the largest shift needs, so the picture never
// uncovers its box and the zoom stays smooth through the cycle.
function coverBox(shape: MotionShape, box: PlanBox): MotionShape {
  const reach = { x: shape.sway?.amplitudeX ?? 0, y: shape.sway?.amplitudeY ?? 0 };
  const extra = Math.max(
    zoomToCover(shape.from, reach, box) / shape.from.scale,
    zoomToCover(shape.to, reach, box) / shape.to.scale,
  );
  return {
    from: { ...shape.from, scale: shape.from.scale * extra },
    to: { ...shape.to, scale: shape.to.scale * extra },
    sway: shape.sway,
  };
}

/** Where a motion plays: the layer's window and box, and what it moves. */
export interface MotionPlacement {
  /**
   * What the motion is timed over: the item's window on the output, or the longer whole
   * a half of a split item was cut from.
   */
  readonly window: TimeWindow;
  /** The layer's box in output pixels. */
  readonly box: PlanBox;
  /** `content` moves the picture inside its box (media); `layer` moves the box. */
  readonly target: "content" | "layer";
}

/**
 * The layer's motion with absolute times, or null for none: it starts `start_seconds`
 * into the item and runs until the item ends; a cycle lasts `duration_seconds` (default
 * the rest of the item; a float swing 2 s), repeating when `loop` is set and otherwise
 * holding its end. On a half of a split item, "the item" is the whole it was cut from,
 * so the motion goes on where it stood.
 */
export function planMotion(
  motion: Motion | null,
  { window, box, target }: MotionPlacement,
): PlannedMotion | null {
  if (motion === null || motion.type === "none") return null;
  const startSeconds = Math.min(
    window.endSeconds,
    window.startSeconds + (motion.start_seconds ?? 0),
  );
  const restSeconds = window.endSeconds - startSeconds;
  if (restSeconds <= 0) return null;
  const defaultCycle = motion.type === "float" ? MOTION_FLOAT_PERIOD_DEFAULT_SECONDS : restSeconds;
  const cycleSeconds = motion.duration_seconds ?? defaultCycle;
  const intensity = motion.intensity ?? MOTION_INTENSITY_DEFAULT;
  const shape = shapeOf(motion, box, { intensity, cycleSeconds, onContent: target === "content" });
  const fitted = target === "content" ? coverBox(shape, box) : shape;
  return {
    type: motion.type,
    target,
    window: { startSeconds, endSeconds: window.endSeconds },
    cycleSeconds,
    loops: motion.loop ?? false,
    ...fitted,
  };
}
