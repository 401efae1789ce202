/**
 * Hand-built editor states for engine tests: items of every type with sensible defaults,
 * and a builder that lists them on tracks in `from` order.
 */
import type {
  AudioItem,
  CaptionsItem,
  EditorAsset,
  EditorItem,
  EditorState,
  GifItem,
  ImageItem,
  SolidItem,
  TextItem,
  TrackKind,
  VideoItem,
} from "../../../src/editor/index.js";
import { createEditorState } from "../../../src/editor/index.js";

type Placed = { id: string; from: number; durationInFrames: number };

const box = { left: 0, top: 0, width: 1080, height: 1920, opacity: 1 };
const still = { enterAnimation: null, exitAnimation: null, motion: null };
const sound = { volumeDb: 0, audioFadeInSeconds: 0, audioFadeOutSeconds: 0 };

/** A video item on asset `video-asset` unless told otherwise. */
export function video(placed: Placed, extra: Partial<VideoItem> = {}): VideoItem {
  return {
    type: "video",
    trackId: "",
    ...box,
    ...still,
    ...sound,
    assetId: "video-asset",
    sourceStartSeconds: 0,
    playbackRate: 1,
    fit: "cover",
    ...placed,
    ...extra,
  };
}

/** An audio item with role `music` on asset `music-asset` unless told otherwise. */
export function audio(placed: Placed, extra: Partial<AudioItem> = {}): AudioItem {
  return {
    type: "audio",
    trackId: "",
    ...box,
    ...sound,
    assetId: "music-asset",
    sourceStartSeconds: 0,
    playbackRate: 1,
    audioRole: "music",
    ...placed,
    ...extra,
  };
}

/** An image item on asset `image-asset`. */
export function image(placed: Placed, extra: Partial<ImageItem> = {}): ImageItem {
  return {
    type: "image",
    trackId: "",
    ...box,
    ...still,
    assetId: "image-asset",
    fit: "cover",
    ...placed,
    ...extra,
  };
}

/** A GIF item on asset `gif-asset`. */
export function gif(placed: Placed, extra: Partial<GifItem> = {}): GifItem {
  return {
    type: "gif",
    trackId: "",
    ...box,
    ...still,
    assetId: "gif-asset",
    sourceStartSeconds: 0,
    playbackRate: 1,
    fit: "cover",
    ...placed,
    ...extra,
  };
}

/** A text item, 100 px tall at the top of the composition. */
export function text(placed: Placed, extra: Partial<TextItem> = {}): TextItem {
  return {
    type: "text",
    trackId: "",
    ...box,
    top: 0,
    height: 100,
    ...still,
    text: "Hello",
    style: {},
    ...placed,
    ...extra,
  };
}

/** A captions item with one entry, 100 px tall. */
export function captions(placed: Placed, extra: Partial<CaptionsItem> = {}): CaptionsItem {
  return {
    type: "captions",
    trackId: "",
    ...box,
    top: 0,
    height: 100,
    ...still,
    captions: [{ text: "Hi", startMs: 0, endMs: 500 }],
    style: {},
    language: null,
    ...placed,
    ...extra,
  };
}

/** A black solid. */
export function solid(placed: Placed, extra: Partial<SolidItem> = {}): SolidItem {
  return {
    type: "solid",
    trackId: "",
    ...box,
    ...still,
    style: { color: "#000000" },
    ...placed,
    ...extra,
  };
}

/** An asset; media of known length unless `durationSeconds` says otherwise. */
export function asset(
  id: string,
  type: EditorAsset["type"],
  extra: Partial<EditorAsset> = {},
): EditorAsset {
  return {
    id,
    type,
    url: `https://cdn.example.com/${id}`,
    name: null,
    durationSeconds: type === "image" ? null : 60,
    width: null,
    height: null,
    mediaId: null,
    metadata: {},
    ...extra,
  };
}

/** The assets the item builders name by default. */
export const DEFAULT_ASSETS: EditorAsset[] = [
  asset("video-asset", "video"),
  asset("music-asset", "audio", { audioRole: "music" }),
  asset("image-asset", "image"),
  asset("gif-asset", "gif"),
];

/** A track to build: its id, kind and items (in any order). */
export interface TrackSpec {
  id: string;
  kind?: TrackKind;
  items: EditorItem[];
}

/** Builds a state whose tracks list the given items in `from` order, front track first. */
export function stateOf(
  tracks: TrackSpec[],
  options: { fps?: number; assets?: EditorAsset[]; title?: string } = {},
): EditorState {
  const state = createEditorState({ fps: options.fps ?? 30, title: options.title ?? "Test" });
  for (const spec of tracks) {
    const items = [...spec.items].sort((left, right) => left.from - right.from);
    const kind = spec.kind ?? (items[0]?.type === "audio" ? "audio" : "visual");
    state.tracks.push({ id: spec.id, kind, items: items.map((item) => item.id) });
    for (const item of items) state.items[item.id] = { ...item, trackId: spec.id };
  }
  for (const media of options.assets ?? DEFAULT_ASSETS) state.assets[media.id] = media;
  return state;
}
