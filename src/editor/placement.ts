/**
 * Placement without overlap (spec 4.14 rule 1). Items on one track occupy half-open frame
 * intervals `[from, from + durationInFrames)` that never overlap, and a track holds either
 * visual items or audio items. Track item lists are sorted by `from`, so every check here
 * is a binary search: its cost does not grow with the number of items on the timeline.
 *
 * A new track is for layer order or overlap needs (rule 1), and placing a visual item
 * respects layer order, so that what is added is seen (DESIGN section 4):
 *
 * - Text and captions go on a front layer, in front of everything (rule 4).
 * - A picture (video, image, GIF, or a solid that does not fill the frame) goes in front
 *   of every picture it overlaps in time, and behind the text and captions shown over
 *   those pictures, so titles and captions stay readable: on the front-most free visual
 *   track between the two, else on a new track directly in front of the front-most
 *   picture it overlaps. Being seen wins over staying under text that some picture
 *   already covers.
 * - A background (a solid that fills the frame at full opacity, which would hide
 *   everything under it) goes behind every visual item it overlaps.
 * - Audio goes on the front-most free audio track, else on a new track at the back.
 *
 * @module
 */
import { ok, type Result } from "../result.js";
import type { EditDraft, ItemReader } from "./draft.js";
import { type EditFailure, editFailure } from "./errors.js";
import { type EditorItem, type EditorItemType, isPictureItem, itemEndFrame } from "./items.js";
import type { Track, TrackKind } from "./state.js";

/** The track kind that can hold an item of `type`: audio items on audio tracks, the rest on visual ones. */
export function trackKindFor(type: EditorItemType): TrackKind {
  return type === "audio" ? "audio" : "visual";
}

function itemAt(reader: ItemReader, track: Track, index: number): EditorItem {
  const id = track.items[index];
  const item = id === undefined ? undefined : reader.item(id);
  if (item === undefined) throw new Error(`Track "${track.id}" lists a missing item at ${index}.`);
  return item;
}

// Smallest index whose item fails `isBefore`; items are sorted, so `isBefore` holds for a
// prefix of the track.
function partitionPoint(
  reader: ItemReader,
  track: Track,
  isBefore: (item: EditorItem) => boolean,
): number {
  let low = 0;
  let high = track.items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBefore(itemAt(reader, track, middle))) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The frames `[fromFrame, endFrame)` on the timeline. */
export interface FrameRange {
  /** First frame. */
  readonly fromFrame: number;
  /** First frame after the range. */
  readonly endFrame: number;
}

/** The frames `[fromFrame, endFrame)` on one track. */
export interface TrackRange extends FrameRange {
  /** The track looked at. */
  readonly track: Track;
}

/**
 * True when no item on the track (other than `ignoreItemId`) overlaps the frames
 * `[fromFrame, endFrame)`. Because items never overlap, only the last item starting
 * before `endFrame` can reach into the span (or the one before it, when that last item
 * is the ignored one).
 */
export function isSpanFree(
  reader: ItemReader,
  { track, fromFrame, endFrame }: TrackRange,
  ignoreItemId?: string,
): boolean {
  let index = partitionPoint(reader, track, (item) => item.from < endFrame) - 1;
  if (index >= 0 && track.items[index] === ignoreItemId) index -= 1;
  return index < 0 || itemEndFrame(itemAt(reader, track, index)) <= fromFrame;
}

/** The items on the track that overlap the frames `[fromFrame, endFrame)`, in `from` order. */
export function itemsOverlapping(
  reader: ItemReader,
  { track, fromFrame, endFrame }: TrackRange,
): EditorItem[] {
  const overlapping: EditorItem[] = [];
  // Ends are sorted too, since items do not overlap: skip those ending at or before the span.
  let index = partitionPoint(reader, track, (item) => itemEndFrame(item) <= fromFrame);
  for (; index < track.items.length; index += 1) {
    const item = itemAt(reader, track, index);
    if (item.from >= endFrame) break;
    overlapping.push(item);
  }
  return overlapping;
}

// True when an item on the track overlapping `[fromFrame, endFrame)` passes `accepts`; it
// stops at the first such item.
function overlapsWhere(
  reader: ItemReader,
  { track, fromFrame, endFrame }: TrackRange,
  accepts: (item: EditorItem) => boolean,
): boolean {
  let index = partitionPoint(reader, track, (item) => itemEndFrame(item) <= fromFrame);
  for (; index < track.items.length; index += 1) {
    const item = itemAt(reader, track, index);
    if (item.from >= endFrame) return false;
    if (accepts(item)) return true;
  }
  return false;
}

/** The front-most track of `kind` whose frames `[fromFrame, endFrame)` are free, if any. */
export function findFreeTrack(
  draft: EditDraft,
  kind: TrackKind,
  { fromFrame, endFrame }: FrameRange,
): Track | undefined {
  return draft.tracks.find(
    (track) => track.kind === kind && isSpanFree(draft, { track, fromFrame, endFrame }),
  );
}

/** An explicit `track_id` and the frames an item of `kind` would take on it. */
export interface ExplicitTrackRequest extends FrameRange {
  /** The track the operation names. */
  readonly trackId: string;
  /** Kind of track the item needs. */
  readonly kind: TrackKind;
  /** An item whose own frames do not count (the item being moved). */
  readonly ignoreItemId?: string | undefined;
}

/**
 * Checks an explicit `track_id`: it must exist, hold items of `kind`, and be free over
 * `[fromFrame, endFrame)` (apart from `ignoreItemId`). Returns the track or the failure.
 */
export function checkExplicitTrack(
  draft: EditDraft,
  { trackId, kind, fromFrame, endFrame, ignoreItemId }: ExplicitTrackRequest,
): Result<Track, EditFailure> {
  const track = draft.track(trackId);
  if (track === undefined) {
    return editFailure("track_not_found", `No track "${trackId}" in this project.`);
  }
  if (track.kind !== kind) {
    return editFailure(
      "track_incompatible",
      `Track "${trackId}" holds ${track.kind} items and cannot take a ${kind} item.`,
    );
  }
  if (!isSpanFree(draft, { track, fromFrame, endFrame }, ignoreItemId)) {
    return editFailure(
      "track_occupied",
      `Track "${trackId}" already has an item between frames ${fromFrame} and ${endFrame}.`,
    );
  }
  return ok(track);
}

/** How a new item without an explicit track finds one. */
export type NewItemLayer =
  /** Text and captions: the front-most track when visual and free there, else a new front track (rule 4). */
  | "front"
  /** A picture: in front of the pictures it overlaps, behind the text over them (see the module). */
  | "picture"
  /** A background: behind every visual item it overlaps. */
  | "background"
  /** Audio: the front-most free audio track, else a new track at the back (rule 1). */
  | "free";

/** Where a new item should go. */
export interface NewItemPlacement {
  /** Kind of track the item needs. */
  kind: TrackKind;
  /** First frame of the item. */
  fromFrame: number;
  /** First frame after the item. */
  endFrame: number;
  /** Explicit track from the operation; honoured only when compatible and free. */
  trackId?: string | undefined;
  /** Strategy when `trackId` is absent. */
  layer: NewItemLayer;
}

/** Chooses, and if needed creates, the track for a new item. Returns its id or the failure. */
export function trackForNewItem(
  draft: EditDraft,
  placement: NewItemPlacement,
): Result<string, EditFailure> {
  const { kind, fromFrame, endFrame, trackId } = placement;
  if (trackId === undefined) return ok(trackOnLayer(draft, placement));
  const track = checkExplicitTrack(draft, { trackId, kind, fromFrame, endFrame });
  return track.ok ? ok(track.value.id) : track;
}

// The track a new item without an explicit one takes, by its layer; created when needed.
function trackOnLayer(
  draft: EditDraft,
  { kind, fromFrame, endFrame, layer }: NewItemPlacement,
): string {
  switch (layer) {
    case "front": {
      const front = draft.tracks[0];
      if (front?.kind === kind && isSpanFree(draft, { track: front, fromFrame, endFrame })) {
        return front.id;
      }
      return draft.createTrack(kind, 0);
    }
    case "picture":
      return pictureTrack(draft, fromFrame, endFrame);
    case "background":
      return backgroundTrack(draft, fromFrame, endFrame);
    case "free":
      return (
        findFreeTrack(draft, kind, { fromFrame, endFrame })?.id ??
        draft.createTrack(kind, draft.tracks.length)
      );
  }
}

// Scans the visual tracks front to back up to the front-most one where a picture overlaps
// the span. Every visual track between the last one showing text over the span and that
// one is free, and in front of the pictures and behind the text: the front-most of them
// takes the picture, else a new track goes directly in front of the pictures.
function pictureTrack(draft: EditDraft, fromFrame: number, endFrame: number): string {
  const tracks = draft.tracks;
  let behindText = 0;
  let candidate: Track | undefined;
  let position = 0;
  for (; position < tracks.length; position += 1) {
    const track = tracks[position];
    if (track === undefined || track.kind !== "visual") continue;
    const range = { track, fromFrame, endFrame };
    if (overlapsWhere(draft, range, isPictureItem)) break;
    if (overlapsWhere(draft, range, () => true)) {
      behindText = position + 1;
      candidate = undefined;
    } else {
      candidate ??= track;
    }
  }
  if (candidate !== undefined) return candidate.id;
  return draft.createTrack("visual", position < tracks.length ? position : behindText);
}

// Behind every visual item overlapping the span: the back-most visual track when it is
// free there (nothing visual lies behind it), else a new track at the back.
function backgroundTrack(draft: EditDraft, fromFrame: number, endFrame: number): string {
  const back = draft.tracks.findLast((track) => track.kind === "visual");
  if (back !== undefined && isSpanFree(draft, { track: back, fromFrame, endFrame })) return back.id;
  return draft.createTrack("visual", draft.tracks.length);
}

/** New timing for an item, in frames. */
export interface ItemTiming {
  /** First frame. */
  readonly fromFrame: number;
  /** Length in frames. */
  readonly durationInFrames: number;
}

/**
 * Gives an existing item new timing without overlap, keeping its layer: it stays on its
 * track when the new frames are free there; otherwise it moves to the track directly in
 * front when that one is compatible and free, or else to a new track inserted directly
 * in front of its own. Either way it keeps its place relative to every item it overlaps
 * in time, apart from the one it collided with, which it now covers.
 */
export function retimeItem<Item extends EditorItem>(
  draft: EditDraft,
  item: Item,
  { fromFrame, durationInFrames }: ItemTiming,
): Item {
  const endFrame = fromFrame + durationInFrames;
  const position = draft.trackPosition(item.trackId);
  const track = position === undefined ? undefined : draft.tracks[position];
  if (position === undefined || track === undefined) {
    throw new Error(`Item "${item.id}" names a missing track "${item.trackId}".`);
  }
  if (isSpanFree(draft, { track, fromFrame, endFrame }, item.id)) {
    return draft.moveItem(item, { trackId: track.id, from: fromFrame, durationInFrames });
  }
  const inFront = draft.tracks[position - 1];
  const trackId =
    inFront?.kind === track.kind && isSpanFree(draft, { track: inFront, fromFrame, endFrame })
      ? inFront.id
      : draft.createTrack(track.kind, position);
  return draft.moveItem(item, { trackId, from: fromFrame, durationInFrames });
}
