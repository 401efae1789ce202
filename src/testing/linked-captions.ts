/**
 * Room a source of generated captions has on the timeline. Linked captions span their
 * sources and may last at most 3,600 s, so the engine refuses (`invalid_captions`) an
 * edit that would spread a caption's sources further apart; the generators keep within.
 *
 * @module
 */
import { type EditorItem, type EditorState, isSoundItem, itemEndFrame } from "../editor/index.js";
import { TIMELINE_DURATION_MAX_SECONDS } from "../schemas/limits.js";

/** Frames a source may cover: it starts at or after one and ends at or before the other. */
export interface SourceRoom {
  /** Earliest first frame. */
  readonly earliestFrom: number;
  /** Latest end frame. */
  readonly latestEnd: number;
}

/** The most frames linked captions may span. */
function maxSpanFrames(state: EditorState): number {
  return TIMELINE_DURATION_MAX_SECONDS * state.fps;
}

/** Where `item` may go without its linked captions spanning more than 3,600 s. */
export function sourceRoom(state: EditorState, item: EditorItem): SourceRoom {
  let earliestFrom = 0;
  let latestEnd = Number.POSITIVE_INFINITY;
  if (!isSoundItem(item)) return { earliestFrom, latestEnd };
  for (const captionsId of item.captionsItemIds ?? []) {
    const captions = state.items[captionsId];
    if (captions?.type !== "captions") continue;
    const others = (captions.generatedFrom?.sourceItemIds ?? [])
      .filter((id) => id !== item.id)
      .map((id) => state.items[id])
      .filter((other) => other !== undefined);
    if (others.length === 0) continue;
    const othersFrom = Math.min(...others.map((other) => other.from));
    const othersEnd = Math.max(...others.map(itemEndFrame));
    earliestFrom = Math.max(earliestFrom, othersEnd - maxSpanFrames(state));
    latestEnd = Math.min(latestEnd, othersFrom + maxSpanFrames(state));
  }
  return { earliestFrom, latestEnd };
}

/** True when items covering these frames together span at most 3,600 s. */
export function fitsOneCaptionsSpan(
  state: EditorState,
  items: ReadonlyArray<Pick<EditorItem, "from" | "durationInFrames">>,
): boolean {
  if (items.length === 0) return true;
  const from = Math.min(...items.map((item) => item.from));
  const end = Math.max(...items.map(itemEndFrame));
  return end - from <= maxSpanFrames(state);
}
