/**
 * The editor summary of spec 2.7, derived from the state every time so it can never
 * disagree with it.
 *
 * @module
 */
import type { EditorSummary } from "../schemas/editor-videos.js";
import { itemEndFrame } from "./items.js";
import type { EditorState } from "./state.js";
import { framesToSeconds } from "./time.js";

interface ItemFigures {
  readonly itemCount: number;
  readonly itemTypes: Readonly<Record<string, number>>;
  readonly totalDurationFrames: number;
}

// States are never mutated, and a batch that leaves every item alone (a title, a track
// order) keeps the same `items` record, so its figures are counted once per record: an
// edit of a large project does not pay a pass over all its items to report the summary.
const itemFiguresByRecord = new WeakMap<EditorState["items"], ItemFigures>();
const assetCountByRecord = new WeakMap<EditorState["assets"], number>();

function itemFiguresOf(items: EditorState["items"]): ItemFigures {
  const known = itemFiguresByRecord.get(items);
  if (known !== undefined) return known;
  const itemTypes: Record<string, number> = {};
  let itemCount = 0;
  let totalDurationFrames = 0;
  for (const item of Object.values(items)) {
    itemCount += 1;
    itemTypes[item.type] = (itemTypes[item.type] ?? 0) + 1;
    totalDurationFrames = Math.max(totalDurationFrames, itemEndFrame(item));
  }
  const figures = { itemCount, itemTypes, totalDurationFrames };
  itemFiguresByRecord.set(items, figures);
  return figures;
}

function assetCountOf(assets: EditorState["assets"]): number {
  let count = assetCountByRecord.get(assets);
  if (count === undefined) {
    count = Object.keys(assets).length;
    assetCountByRecord.set(assets, count);
  }
  return count;
}

/**
 * Counts tracks, items (also per type) and assets, and measures the timeline: it ends
 * where its last item ends, so an empty timeline lasts 0 frames. O(items) the first time a
 * set of items is seen; states that share their items record share the count.
 *
 * @example
 * ```ts
 * summarizeEditor(createEditorState({ aspect_ratio: "1:1", fps: 24 }));
 * // { trackCount: 0, itemCount: 0, assetCount: 0, fps: 24, compositionWidth: 1080,
 * //   compositionHeight: 1080, itemTypes: {}, totalDurationFrames: 0, totalDurationSeconds: 0 }
 * ```
 */
export function summarizeEditor(state: EditorState): EditorSummary {
  const { itemCount, itemTypes, totalDurationFrames } = itemFiguresOf(state.items);
  return {
    trackCount: state.tracks.length,
    itemCount,
    assetCount: assetCountOf(state.assets),
    fps: state.fps,
    compositionWidth: state.compositionWidth,
    compositionHeight: state.compositionHeight,
    itemTypes: { ...itemTypes },
    totalDurationFrames,
    totalDurationSeconds: framesToSeconds(totalDurationFrames, state.fps),
  };
}
