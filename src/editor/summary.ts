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

/**
 * Counts tracks, items (also per type) and assets, and measures the timeline: it ends
 * where its last item ends, so an empty timeline lasts 0 frames. O(items).
 *
 * @example
 * ```ts
 * summarizeEditor(createEditorState({ aspect_ratio: "1:1", fps: 24 }));
 * // { trackCount: 0, itemCount: 0, assetCount: 0, fps: 24, compositionWidth: 1080,
 * //   compositionHeight: 1080, itemTypes: {}, totalDurationFrames: 0, totalDurationSeconds: 0 }
 * ```
 */
export function summarizeEditor(state: EditorState): EditorSummary {
  const itemTypes: Record<string, number> = {};
  let itemCount = 0;
  let totalDurationFrames = 0;
  for (const item of Object.values(state.items)) {
    itemCount += 1;
    itemTypes[item.type] = (itemTypes[item.type] ?? 0) + 1;
    totalDurationFrames = Math.max(totalDurationFrames, itemEndFrame(item));
  }
  return {
    trackCount: state.tracks.length,
    itemCount,
    assetCount: Object.keys(state.assets).length,
    fps: state.fps,
    compositionWidth: state.compositionWidth,
    compositionHeight: state.compositionHeight,
    itemTypes,
    totalDurationFrames,
    totalDurationSeconds: framesToSeconds(totalDurationFrames, state.fps),
  };
}
