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

// The fine steps of `stretch` that fall inside `bounds`, in order: the same instants
// whichever bounds ask, so that neighbouring bounds meet exactly.
function* stepsWithin(stretch: TimeWindow, bounds: TimeWindow): Generator<number> {
  const steps = stepsAcross(stretch);
  const length = stretch.endSeconds - stretch.startSeconds;
  const spacing = length / steps;
  if (steps < 2 || spacing <= 0) return;
  // One step either side of the arithmetic guess, so rounding never loses an instant.
  const first = Math.max(1, Math.ceil((bounds.startSeconds - stretch.startSeconds) / spacing) - 1);
  for (let step = first; step < steps; step += 1) {
    const instant = stretch.startSeconds + (step * length) / steps;
    if (instant > bounds.endSeconds) return;
    if (instant >= bounds.startSeconds) yield instant;
  }
}

// Merges ascending sequences into one ascending sequence without repeats, reading each
// only as far as the merge has gone.
function* mergeAscending(sequences: readonly Iterator<number>[]): Generator<number> {
  const heads = new MinHeap();
  for (const sequence of sequences) {
    const next = sequence.next();
    if (next.done !== true) heads.push({ value: next.value, sequence });
  }
  let last: number | undefined;
  for (let head = heads.pop(); head !== undefined; head = heads.pop()) {
    if (head.value !== last) yield head.value;
    last = head.value;
    const next = head.sequence.next();
    if (next.done !== true) heads.push({ value: next.value, sequence: head.sequence });
  }
}

interface Head {
  readonly value: number;
  readonly sequence: Iterator<number>;
}

// A binary heap of sequence heads, smallest value first.
class MinHeap {
  readonly #items: Head[] = [];

  push(head: Head): void {
    const items = this.#items;
    items.push(head);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const above = items[parent] as Head;
      if (above.value <= head.value) break;
      items[index] = above;
      index = parent;
    }
    items[index] = head;
  }

  pop(): Head | undefined {
    const items = this.#items;
    const top = items[0];
    const tail = items.pop();
    if (top === undefined || tail === undefined || items.length === 0) return top;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child =
        right < items.length && (items[right] as Head).value < (items[left] as Head).value
          ? right
          : left;
      if ((items[child] as Head).value >= tail.value) break;
      items[index] = items[child] as Head;
      index = child;
    }
    items[index] = tail;
    return top;
  }
}

/**
 * The instants inside `bounds` at which a drawn layer's pose must be sampled: `bounds`'
 * edges, every animation and motion edge, and fine steps through stretches that are
 * not linear. `alwaysCurved` samples every change finely (for looks that cannot be
 * animated with one transform). Ascending, without repeats, and made as they are read:
 * a looping sway over an hour has 72,000, and listing them at once would hold up the
 * event loop of the host preparing the render.
 */
export function poseBreakpoints(
  layer: Pick<LayerBase, "animations" | "motion">,
  bounds: TimeWindow,
  alwaysCurved = false,
): Generator<number> {
  const changes = changesOf(layer);
  const edges = [bounds.startSeconds, bounds.endSeconds];
  for (const change of changes) edges.push(change.window.startSeconds, change.window.endSeconds);
  const inside = edges
    .filter((instant) => instant >= bounds.startSeconds && instant <= bounds.endSeconds)
    .sort((left, right) => left - right);
  const steps = curvedStretches(changes, alwaysCurved).map((stretch) =>
    stepsWithin(stretch, bounds),
  );
  return mergeAscending([inside.values(), ...steps]);
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
