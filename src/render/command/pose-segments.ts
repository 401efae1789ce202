/**
 * Where a drawn layer's pose may be drawn as straight lines: the instants between which
 * every animation and motion of the layer changes linearly, so that a subtitle event
 * per stretch with one `\move` and one `\t` reproduces the plan's pose exactly; where
 * changes overlap or sway, the stretch is sampled finely instead.
 *
 * @module
 */
import type { LayerBase, TimeWindow } from "../../editor/render-plan/types.js";

/** Longest stretch drawn as a straight line where the pose is not linear, in seconds. */
export const POSE_SAMPLE_SECONDS = 0.05;
/** Most motion cycles split into stretches; later cycles are drawn as one. */
export const MOTION_CYCLES_SPLIT_MAX = 600;

interface Change {
  readonly window: TimeWindow;
  // True when the change itself is not linear (a sine sway).
  readonly curved: boolean;
  // True for a cycle of a motion: cycles follow one another and never overlap.
  readonly cycle?: boolean;
}

function motionChanges(layer: Pick<LayerBase, "motion">): Change[] {
  const { motion } = layer;
  if (motion === null || motion.target !== "layer") return [];
  const changes: Change[] = [];
  const { window, cycleSeconds } = motion;
  const moves =
    motion.from.scale !== motion.to.scale ||
    motion.from.offsetX !== motion.to.offsetX ||
    motion.from.offsetY !== motion.to.offsetY;
  const cycles = motion.loops
    ? Math.min(
        MOTION_CYCLES_SPLIT_MAX,
        Math.ceil((window.endSeconds - window.startSeconds) / cycleSeconds),
      )
    : 1;
  for (let cycle = 0; moves && cycle < cycles; cycle += 1) {
    const startSeconds = window.startSeconds + cycle * cycleSeconds;
    changes.push({
      window: {
        startSeconds,
        endSeconds: Math.min(window.endSeconds, startSeconds + cycleSeconds),
      },
      curved: false,
      cycle: true,
    });
  }
  if (motion.sway !== null) {
    const swayEnd = motion.loops ? window.endSeconds : window.startSeconds + cycleSeconds;
    changes.push({
      window: {
        startSeconds: window.startSeconds,
        endSeconds: Math.min(window.endSeconds, swayEnd),
      },
      curved: true,
    });
  }
  return changes;
}

function overlap(left: TimeWindow, right: TimeWindow): TimeWindow | undefined {
  const startSeconds = Math.max(left.startSeconds, right.startSeconds);
  const endSeconds = Math.min(left.endSeconds, right.endSeconds);
  return endSeconds > startSeconds ? { startSeconds, endSeconds } : undefined;
}

// Stretches to sample finely: curved changes, and wherever two changes overlap (their
// product or sum of slopes is no longer one straight line in every channel). Two cycles
// of one motion never overlap, so those pairs are not compared: a long looping motion
// has hundreds of cycles.
function curvedStretches(changes: readonly Change[], alwaysCurved: boolean): TimeWindow[] {
  const stretches: TimeWindow[] = [];
  for (const [index, change] of changes.entries()) {
    if (change.curved || alwaysCurved) stretches.push(change.window);
    for (let next = index + 1; next < changes.length; next += 1) {
      const other = changes[next];
      if (other === undefined || (change.cycle === true && other.cycle === true)) continue;
      const shared = overlap(change.window, other.window);
      if (shared !== undefined) stretches.push(shared);
    }
  }
  return stretches;
}

function changesOf(layer: Pick<LayerBase, "animations" | "motion">): Change[] {
  return [
    ...layer.animations.map((animation) => ({ window: animation.window, curved: false })),
    ...motionChanges(layer),
  ];
}

function stepsAcross(stretch: TimeWindow): number {
  return Math.ceil((stretch.endSeconds - stretch.startSeconds) / POSE_SAMPLE_SECONDS);
}

/**
 * The instants inside `bounds` at which a drawn layer's pose must be sampled: `bounds`'
 * edges, every animation and motion edge, and fine steps through stretches that are
 * not linear. `alwaysCurved` samples every change finely (for looks that cannot be
 * animated with one transform). Sorted, without repeats.
 */
export function poseBreakpoints(
  layer: Pick<LayerBase, "animations" | "motion">,
  bounds: TimeWindow,
  alwaysCurved = false,
): number[] {
  const changes = changesOf(layer);
  const instants = [bounds.startSeconds, bounds.endSeconds];
  for (const change of changes) instants.push(change.window.startSeconds, change.window.endSeconds);
  for (const stretch of curvedStretches(changes, alwaysCurved)) {
    const steps = stepsAcross(stretch);
    for (let step = 1; step < steps; step += 1) {
      instants.push(
        stretch.startSeconds + (step * (stretch.endSeconds - stretch.startSeconds)) / steps,
      );
    }
  }
  const inside = instants.filter(
    (instant) => instant >= bounds.startSeconds && instant <= bounds.endSeconds,
  );
  return [...new Set(inside)].sort((left, right) => left - right);
}

/**
 * At most how many instants {@link poseBreakpoints} answers for the same arguments,
 * counted without listing them (a looping sway over an hour has 72,000), so a render's
 * size can be bounded before it is built.
 */
export function poseBreakpointsCountMax(
  layer: Pick<LayerBase, "animations" | "motion">,
  bounds: TimeWindow,
  alwaysCurved = false,
): number {
  const changes = changesOf(layer);
  let count = 2 + 2 * changes.length;
  for (const stretch of curvedStretches(changes, alwaysCurved)) {
    // The steps of the stretch that fall inside `bounds`, as `poseBreakpoints` keeps them.
    const steps = stepsAcross(stretch);
    const spacing = (stretch.endSeconds - stretch.startSeconds) / steps;
    if (steps < 2 || spacing <= 0) continue;
    const first = Math.max(1, Math.ceil((bounds.startSeconds - stretch.startSeconds) / spacing));
    const last = Math.min(
      steps - 1,
      Math.floor((bounds.endSeconds - stretch.startSeconds) / spacing),
    );
    count += Math.max(0, last - first + 1);
  }
  return count;
}
