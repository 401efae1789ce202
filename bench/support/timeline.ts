/**
 * Large editor states for benchmarks, built directly in the engine's model: building
 * 100,000 items through `add_*` operations would take longer than the benchmark itself.
 *
 * The layout is fixed and deterministic: {@link TIMELINE_TRACK_COUNT} tracks (visual in
 * front, audio behind), each holding the same number of items in a regular rhythm of
 * {@link ITEM_FRAMES}-frame items separated by {@link GAP_FRAMES}-frame gaps, so an edit
 * can move or add an item inside a known free span. Visual tracks mix every visual type;
 * each media item plays its own asset of the matching kind. The state is deeply frozen,
 * as every state the engine returns is.
 *
 * @module
 */
import {
  type AudioItem,
  COMPOSITION_SIZES,
  type EditorAsset,
  type EditorItem,
  type EditorState,
  type Track,
  validateEditorState,
} from "../../src/editor/index.js";
import type { AudioRole } from "../../src/schemas/common.js";

/** Frames per second of benchmark timelines. */
export const TIMELINE_FPS = 30;
/** Tracks of every benchmark timeline, front to back. */
export const TIMELINE_TRACK_COUNT = 20;
/** How many of those tracks, at the back, hold audio. */
export const AUDIO_TRACK_COUNT = 4;
/** Length of every item, in frames (2 s). */
export const ITEM_FRAMES = 60;
/** Free frames after every item (1 s), where edits can move or add things. */
export const GAP_FRAMES = 30;

const SLOT_FRAMES = ITEM_FRAMES + GAP_FRAMES;
const SIZE = COMPOSITION_SIZES["9:16"];
const VISUAL_TYPES = ["video", "image", "text", "gif", "solid", "text"] as const;
const AUDIO_ROLES: readonly AudioRole[] = ["music", "voiceover", "sound_effect", "audio"];
const MEDIA_SECONDS = 60;

type VisualType = (typeof VISUAL_TYPES)[number];

/** Where the next item goes. */
interface Slot {
  id: string;
  trackId: string;
  from: number;
}

function assetFor(id: string, type: EditorAsset["type"]): EditorAsset {
  const pictures = type !== "audio";
  return {
    id,
    type,
    url: `https://cdn.example.com/media/${id}`,
    name: id,
    durationSeconds: type === "image" ? null : MEDIA_SECONDS,
    width: pictures ? SIZE.width : null,
    height: pictures ? SIZE.height : null,
    mediaId: null,
    metadata: {},
  };
}

// The fields every item of the fixture shares. Items are built from it with one spread
// and literal fields: nested spreads of shared parts cost several times more, which shows
// when building 100,000 items.
function baseOf(slot: Slot) {
  return {
    id: slot.id,
    trackId: slot.trackId,
    from: slot.from,
    durationInFrames: ITEM_FRAMES,
    left: 0,
    top: 0,
    width: SIZE.width,
    height: SIZE.height,
    opacity: 1,
  };
}

function visualItem(slot: Slot, type: VisualType, assetId: string): EditorItem {
  const item = { ...baseOf(slot), enterAnimation: null, exitAnimation: null, motion: null };
  switch (type) {
    case "video":
      return {
        ...item,
        type,
        assetId,
        sourceStartSeconds: 0,
        playbackRate: 1,
        volumeDb: 0,
        audioFadeInSeconds: 0,
        audioFadeOutSeconds: 0,
        fit: "cover",
      };
    case "image":
      return { ...item, type, assetId, fit: "cover" };
    case "gif":
      return { ...item, type, assetId, sourceStartSeconds: 0, playbackRate: 1, fit: "contain" };
    case "solid":
      return { ...item, type, style: { color: "#101820" } };
    case "text":
      return {
        ...item,
        type,
        top: 1400,
        height: 180,
        text: `Caption for ${slot.id}`,
        style: { font_size: 64, color: "#ffffff" },
      };
  }
}

function audioItem(slot: Slot, audioRole: AudioRole, assetId: string): AudioItem {
  return {
    ...baseOf(slot),
    type: "audio",
    assetId,
    sourceStartSeconds: 0,
    playbackRate: 1,
    volumeDb: 0,
    audioFadeInSeconds: 0,
    audioFadeOutSeconds: 0,
    audioRole,
  };
}

function deepFreeze<Value>(value: Value): Value {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A valid, deeply frozen state of exactly `itemCount` items spread evenly over
 * {@link TIMELINE_TRACK_COUNT} tracks. Track `t` is `track-t`; its `k`-th item is
 * `item-t-k`, starting at frame `k * 90 + (t % 3) * 10`. Throws if the result breaks an
 * invariant, so a benchmark never measures an invalid state.
 */
export function buildTimeline(itemCount: number): EditorState {
  const tracks: Track[] = [];
  const items: Record<string, EditorItem> = {};
  const assets: Record<string, EditorAsset> = {};
  const visualTrackCount = TIMELINE_TRACK_COUNT - AUDIO_TRACK_COUNT;
  for (let trackIndex = 0; trackIndex < TIMELINE_TRACK_COUNT; trackIndex += 1) {
    const kind = trackIndex < visualTrackCount ? "visual" : "audio";
    const track: Track = { id: `track-${trackIndex}`, kind, items: [] };
    // Spread the remainder over the first tracks so the total is exact.
    const count =
      Math.floor(itemCount / TIMELINE_TRACK_COUNT) +
      (trackIndex < itemCount % TIMELINE_TRACK_COUNT ? 1 : 0);
    for (let index = 0; index < count; index += 1) {
      const id = `item-${trackIndex}-${index}`;
      const slot = { id, trackId: track.id, from: index * SLOT_FRAMES + (trackIndex % 3) * 10 };
      const assetId = `asset-${trackIndex}-${index}`;
      let item: EditorItem;
      if (kind === "audio") {
        item = audioItem(slot, AUDIO_ROLES[index % AUDIO_ROLES.length] ?? "audio", assetId);
      } else {
        const type = VISUAL_TYPES[(index + trackIndex) % VISUAL_TYPES.length] ?? "text";
        item = visualItem(slot, type, assetId);
      }
      if ("assetId" in item) assets[assetId] = assetFor(assetId, item.type as EditorAsset["type"]);
      items[id] = item;
      track.items.push(id);
    }
    tracks.push(track);
  }
  const state: EditorState = {
    title: "Benchmark timeline",
    tracks,
    items,
    assets,
    fps: TIMELINE_FPS,
    compositionWidth: SIZE.width,
    compositionHeight: SIZE.height,
  };
  const problems = validateEditorState(state);
  if (problems.length > 0) {
    const first = problems[0];
    throw new Error(
      `buildTimeline(${itemCount}) made an invalid state (${problems.length} problems; first: ${first?.path}: ${first?.message}).`,
    );
  }
  return deepFreeze(state);
}
