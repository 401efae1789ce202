/**
 * Vertical slots for timed text and captions (spec 4.14 rule 4): a new overlay whose `top`
 * is omitted goes where it does not cover any text or captions shown at the same time.
 *
 * @module
 */
import type { EditDraft } from "./draft.js";
import { itemsOverlapping } from "./placement.js";

/** The vertical extent of a box, in composition pixels. */
export interface VerticalBox {
  /** Top edge. */
  top: number;
  /** Height, > 0. */
  height: number;
}

/** What {@link chooseSlotTop} needs. */
export interface SlotRequest {
  /** Height of the new box. */
  boxHeight: number;
  /** Height of the composition; slots stay inside it when the box fits. */
  compositionHeight: number;
  /** Where the box would go if nothing were in the way. */
  preferredTop: number;
  /** Boxes shown at the same time as the new one. */
  occupied: readonly VerticalBox[];
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

// Occupied ranges clipped to the composition, sorted and merged, as [start, end) pairs.
function mergedRanges(occupied: readonly VerticalBox[], height: number): Array<[number, number]> {
  const ranges = occupied
    .map((box): [number, number] => [
      clamp(box.top, 0, height),
      clamp(box.top + box.height, 0, height),
    ])
    .filter(([start, end]) => end > start)
    .sort((left, right) => left[0] - right[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/**
 * Picks the top edge for a new box: the free position inside the composition nearest to
 * `preferredTop` (the upper one on a tie). When no free gap is tall enough, the box goes
 * to its preferred place, clamped inside the composition, and overlaps: a readable
 * overlap beats a box pushed off-screen.
 *
 * @example
 * ```ts
 * chooseSlotTop({
 *   boxHeight: 100,
 *   compositionHeight: 1000,
 *   preferredTop: 450,
 *   occupied: [{ top: 400, height: 200 }],
 * }); // 300: just above the occupied band, the nearer free place
 * ```
 */
export function chooseSlotTop(request: SlotRequest): number {
  const { boxHeight, compositionHeight, preferredTop, occupied } = request;
  const fallback = clamp(preferredTop, 0, Math.max(0, compositionHeight - boxHeight));
  let best: number | undefined;
  let gapStart = 0;
  const bands: Array<[number, number]> = [
    ...mergedRanges(occupied, compositionHeight),
    [compositionHeight, compositionHeight],
  ];
  for (const [start, end] of bands) {
    if (start - gapStart >= boxHeight) {
      const candidate = clamp(preferredTop, gapStart, start - boxHeight);
      if (
        best === undefined ||
        Math.abs(candidate - preferredTop) < Math.abs(best - preferredTop)
      ) {
        best = candidate;
      }
    }
    gapStart = Math.max(gapStart, end);
  }
  return best ?? fallback;
}

/**
 * The boxes of every text and captions item shown during the frames
 * `[fromFrame, endFrame)`. Each visual track is searched by binary search, so the cost
 * follows the number of tracks and of overlapping items, not the timeline's length.
 */
export function timedTextBoxes(
  draft: EditDraft,
  fromFrame: number,
  endFrame: number,
): VerticalBox[] {
  const boxes: VerticalBox[] = [];
  for (const track of draft.tracks) {
    if (track.kind !== "visual") continue;
    for (const item of itemsOverlapping(draft, { track, fromFrame, endFrame })) {
      if (item.type === "text" || item.type === "captions") {
        boxes.push({ top: item.top, height: item.height });
      }
    }
  }
  return boxes;
}
