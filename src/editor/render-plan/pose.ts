/**
 * Where a layer is at an instant, and how loud a sound's fades let it be: the reference
 * meaning of a plan's animations, motion and fades. Renderers draw the same thing their own way (filter expressions, subtitle
 * transforms) and tests compare against these functions.
 *
 * @module
 */
import { REST_POSE } from "./animations.js";
import type {
  LayerBase,
  LayerPose,
  MotionPose,
  PlannedAnimation,
  PlannedMotion,
  PlannedSound,
} from "./types.js";

/** Progress through `[start, end)` at `seconds`: 0 before, 1 after, linear between. */
export function progressAt(startSeconds: number, endSeconds: number, seconds: number): number {
  if (seconds >= endSeconds) return 1;
  if (seconds <= startSeconds) return 0;
  return (seconds - startSeconds) / (endSeconds - startSeconds);
}

function lerp(from: number, to: number, progress: number): number {
  return from + (to - from) * progress;
}

/** The pose an animation gives at `seconds`. */
export function animationPoseAt(animation: PlannedAnimation, seconds: number): LayerPose {
  const { from, to, window } = animation;
  const progress = progressAt(window.startSeconds, window.endSeconds, seconds);
  return {
    opacity: lerp(from.opacity, to.opacity, progress),
    scaleX: lerp(from.scaleX, to.scaleX, progress),
    scaleY: lerp(from.scaleY, to.scaleY, progress),
    offsetX: lerp(from.offsetX, to.offsetX, progress),
    offsetY: lerp(from.offsetY, to.offsetY, progress),
  };
}

/**
 * How far through its current cycle a motion is at `seconds`, 0 to 1, and whether its
 * sway is still running.
 */
export function motionPhaseAt(
  motion: PlannedMotion,
  seconds: number,
): { progress: number; elapsedSeconds: number; swaying: boolean } {
  const elapsedSeconds = Math.max(0, seconds - motion.window.startSeconds);
  const running = seconds >= motion.window.startSeconds && seconds < motion.window.endSeconds;
  if (motion.loops) {
    const progress = (elapsedSeconds % motion.cycleSeconds) / motion.cycleSeconds;
    return { progress, elapsedSeconds, swaying: running };
  }
  const progress = Math.min(1, elapsedSeconds / motion.cycleSeconds);
  return { progress, elapsedSeconds, swaying: running && elapsedSeconds < motion.cycleSeconds };
}

/** The zoom and shift a motion gives at `seconds`. */
export function motionPoseAt(motion: PlannedMotion, seconds: number): MotionPose {
  const { progress, elapsedSeconds, swaying } = motionPhaseAt(motion, seconds);
  const { from, to, sway } = motion;
  const pose = {
    scale: lerp(from.scale, to.scale, progress),
    offsetX: lerp(from.offsetX, to.offsetX, progress),
    offsetY: lerp(from.offsetY, to.offsetY, progress),
  };
  if (sway === null || !swaying) return pose;
  return {
    scale: pose.scale,
    offsetX:
      pose.offsetX +
      sway.amplitudeX * Math.sin((2 * Math.PI * elapsedSeconds) / sway.periodXSeconds),
    offsetY:
      pose.offsetY +
      sway.amplitudeY * Math.sin((2 * Math.PI * elapsedSeconds) / sway.periodYSeconds),
  };
}

/**
 * The layer's pose at `seconds` from its animations, and from its motion when the motion
 * moves the whole layer: opacities and scales multiply, shifts add. A media layer's
 * camera motion is left out (see {@link motionPoseAt}); so is the resting opacity.
 *
 * @example
 * ```ts
 * // Halfway through a one-second fade-in:
 * layerPoseAt(layer, layer.window.startSeconds + 0.5).opacity; // 0.5
 * ```
 */
export function layerPoseAt(
  layer: Pick<LayerBase, "animations" | "motion">,
  seconds: number,
): LayerPose {
  let pose = REST_POSE;
  for (const animation of layer.animations) {
    const step = animationPoseAt(animation, seconds);
    pose = {
      opacity: pose.opacity * step.opacity,
      scaleX: pose.scaleX * step.scaleX,
      scaleY: pose.scaleY * step.scaleY,
      offsetX: pose.offsetX + step.offsetX,
      offsetY: pose.offsetY + step.offsetY,
    };
  }
  if (layer.motion === null || layer.motion.target !== "layer") return pose;
  const moved = motionPoseAt(layer.motion, seconds);
  return {
    opacity: pose.opacity,
    scaleX: pose.scaleX * moved.scale,
    scaleY: pose.scaleY * moved.scale,
    offsetX: pose.offsetX + moved.offsetX,
    offsetY: pose.offsetY + moved.offsetY,
  };
}

/**
 * The gain a sound's fades give at output second `seconds`, from 0 (silent) to 1 (its
 * full level): the linear fade-in rising from `fadeWindow`'s start times the linear
 * fade-out falling to its end. Its level in decibels comes on top.
 *
 * @example
 * ```ts
 * // A 3 s fade-in split at 1 s: the right half starts at a third of its level.
 * soundFadeAt(rightHalf, rightHalf.window.startSeconds); // 0.333...
 * ```
 */
export function soundFadeAt(
  sound: Pick<PlannedSound, "fadeWindow" | "fadeInSeconds" | "fadeOutSeconds">,
  seconds: number,
): number {
  const { fadeWindow, fadeInSeconds, fadeOutSeconds } = sound;
  const rising =
    fadeInSeconds > 0
      ? progressAt(fadeWindow.startSeconds, fadeWindow.startSeconds + fadeInSeconds, seconds)
      : 1;
  const falling =
    fadeOutSeconds > 0
      ? 1 - progressAt(fadeWindow.endSeconds - fadeOutSeconds, fadeWindow.endSeconds, seconds)
      : 1;
  return rising * falling;
}
