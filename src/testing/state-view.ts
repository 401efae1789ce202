/**
 * Reading a state the way the generators need it: the items and tracks an operation may
 * name, free spans on tracks, and picking one candidate with a drawn index.
 *
 * @module
 */
import {
  type EditorAsset,
  type EditorItem,
  type EditorState,
  itemEndFrame,
  type Track,
  type TrackKind,
} from "../editor/index.js";
import type { PlanContext } from "./plans.js";

/** The element at `index`, wrapping around; undefined for an empty list. */
export function pick<Value>(list: readonly Value[], index: number): Value | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}

/** The items the operation may name that pass `accepts`, in a stable order. */
export function nameableItems<Item extends EditorItem>(
  context: PlanContext,
  accepts: (item: EditorItem) => item is Item,
): Item[];
/** The items the operation may name, in a stable order. */
export function nameableItems(context: PlanContext): EditorItem[];
export function nameableItems(
  context: PlanContext,
  accepts: (item: EditorItem) => boolean = () => true,
): EditorItem[] {
  return Object.values(context.state.items).filter(
    (item) => context.canName(item.id) && accepts(item),
  );
}

/** The tracks of `kind` the operation may name, front first. */
export function nameableTracks(context: PlanContext, kind: TrackKind): Track[] {
  return context.state.tracks.filter((track) => track.kind === kind && context.canName(track.id));
}

/** The frames `[fromFrame, endFrame)` a new or moved item would cover. */
export interface FrameSpan {
  /** The first frame covered. */
  readonly fromFrame: number;
  /** The first frame after the span. */
  readonly endFrame: number;
}

/** A span to test a track over, and the item whose own frames do not count. */
export interface TrackSpan extends FrameSpan {
  /** The item that may overlap the span, usually the one being moved. */
  readonly ignoreId?: string;
}

/** True when no item on `track` other than `ignoreId` overlaps `[fromFrame, endFrame)`. */
export function isTrackFree(
  state: EditorState,
  track: Track,
  { fromFrame, endFrame, ignoreId }: TrackSpan,
): boolean {
  return track.items.every((id) => {
    const item = state.items[id];
    if (item === undefined || id === ignoreId) return true;
    return itemEndFrame(item) <= fromFrame || item.from >= endFrame;
  });
}

/** The kind of track a new item needs, where it goes, and the drawn index that picks one. */
export interface FreeTrackRequest extends FrameSpan {
  /** The kind of track the new item goes on. */
  readonly kind: TrackKind;
  /** The drawn index that picks among the free tracks. */
  readonly trackIndex: number;
}

/**
 * An explicit `track_id` for a new item of `kind` over `[fromFrame, endFrame)`: a nameable
 * track free there, chosen with `trackIndex`, or undefined when none is free (the operation
 * then lets the engine choose).
 */
export function freeTrackId(
  context: PlanContext,
  { kind, fromFrame, endFrame, trackIndex }: FreeTrackRequest,
): string | undefined {
  const free = nameableTracks(context, kind).filter((track) =>
    isTrackFree(context.state, track, { fromFrame, endFrame }),
  );
  return pick(free, trackIndex)?.id;
}

/** The asset an item plays, if any. */
export function assetOf(state: EditorState, item: EditorItem): EditorAsset | undefined {
  if (!("assetId" in item)) return undefined;
  return Object.hasOwn(state.assets, item.assetId) ? state.assets[item.assetId] : undefined;
}

/** Frames to seconds for an operation field; exact enough that rounding gives the frame back. */
export function frameSeconds(frame: number, fps: number): number {
  return frame / fps;
}
