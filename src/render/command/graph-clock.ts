/**
 * The filter graph's clock. Output second 0 is stamped at the plan's start snapped to
 * the output frame grid, so every time the graph reads is (about) a timeline time and
 * never negative: ffmpeg's `fade` and ASS events take no negative times, yet an item
 * may have begun before the rendered range (a frame at 2.5 s shows a fade that began at
 * 2 s). Layers are shifted onto this clock; the picture is restamped from zero at the end.
 *
 * @module
 */
import type {
  PlannedAnimation,
  PlannedLayer,
  PlannedMotion,
  RenderPlan,
  TimeWindow,
} from "../../editor/render-plan/types.js";

/** Output frames from the graph clock's zero to the plan's first frame. */
export function graphOffsetFrames(plan: Pick<RenderPlan, "startSeconds" | "fps">): number {
  return Math.round(plan.startSeconds * plan.fps);
}

function shift(window: TimeWindow, seconds: number): TimeWindow {
  return { startSeconds: window.startSeconds + seconds, endSeconds: window.endSeconds + seconds };
}

function shiftMotion(motion: PlannedMotion | null, seconds: number): PlannedMotion | null {
  return motion === null ? null : { ...motion, window: shift(motion.window, seconds) };
}

function shiftAnimation(animation: PlannedAnimation, seconds: number): PlannedAnimation {
  return { ...animation, window: shift(animation.window, seconds) };
}

/** `layer` with every time moved `seconds` later. */
export function shiftLayer(layer: PlannedLayer, seconds: number): PlannedLayer {
  const common = {
    window: shift(layer.window, seconds),
    visible: shift(layer.visible, seconds),
    animations: layer.animations.map((animation) => shiftAnimation(animation, seconds)),
    motion: shiftMotion(layer.motion, seconds),
  };
  if (layer.kind !== "captions") return { ...layer, ...common };
  return {
    ...layer,
    ...common,
    pages: layer.pages.map((page) => ({
      ...page,
      window: shift(page.window, seconds),
      words: page.words.map((word) => ({
        ...word,
        startSeconds: word.startSeconds + seconds,
        endSeconds: word.endSeconds + seconds,
      })),
    })),
  };
}
