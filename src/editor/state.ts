/**
 * The editor state (DESIGN section 4, spec 2.7): tracks in layer order, items and assets
 * by id, the frame rate and the composition size, plus the project title so a service can
 * store the state as its single source of truth.
 *
 * @module
 */

import { EDITOR_ASPECT_RATIO_DEFAULT, FPS_DEFAULT, FPS_MAX, FPS_MIN } from "../schemas/limits.js";
import type { AudioRole, EditorAspectRatio, EditorAssetType } from "../vocabulary.js";
import type { EditorItem } from "./items.js";

/** What a track can hold: pictures (every item but audio) or sound (audio items). */
export type TrackKind = "visual" | "audio";

/** One layer of the timeline. */
export interface Track {
  /** Unique track id; the `track_id` of operations. */
  id: string;
  /** Whether the track holds visual items or audio items; never both. */
  kind: TrackKind;
  /** Ids of the track's items, ordered by `from`; their frame intervals never overlap. */
  items: string[];
}

export type { EditorAssetType };

/** A media file that items play. Several items may share one asset (a split clip does). */
export interface EditorAsset {
  /** Unique asset id; the `assetId` of media items. */
  id: string;
  /** Kind of media. */
  type: EditorAssetType;
  /** Where the media lives: an absolute URL. */
  url: string;
  /** Display or file name; null when unknown. */
  name: string | null;
  /** Length of the media in seconds; null for images and when unknown. */
  durationSeconds: number | null;
  /** Pixel width of pictures; null for audio and when unknown. */
  width: number | null;
  /** Pixel height of pictures; null for audio and when unknown. */
  height: number | null;
  /** Id of the My Media item the asset came from; null for direct URLs and library sounds. */
  mediaId: string | null;
  /** What the sound is for, on sound assets added by the engine. */
  audioRole?: AudioRole;
  /** Free-form facts about the media (sound effect id, voice id, spoken text, ...). */
  metadata: Record<string, unknown>;
}

/** The timeline of an editor project. States are immutable values: every edit returns a new one. */
export interface EditorState {
  /** Project title; null when untitled. */
  title: string | null;
  /** Tracks, front-most layer first: `tracks[0]` renders above every other track. */
  tracks: Track[];
  /** Every item by id; each sits in exactly one track. */
  items: Record<string, EditorItem>;
  /** Every asset by id. */
  assets: Record<string, EditorAsset>;
  /** Frames per second, an integer from 1 to 120. */
  fps: number;
  /** Composition width in pixels. */
  compositionWidth: number;
  /** Composition height in pixels. */
  compositionHeight: number;
}

/** A width and a height in pixels. */
export interface CompositionSize {
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
}

/** The composition size of each aspect ratio (DESIGN section 4). */
export const COMPOSITION_SIZES: { readonly [Ratio in EditorAspectRatio]: CompositionSize } = {
  "9:16": { width: 1080, height: 1920 },
  "16:9": { width: 1920, height: 1080 },
  "1:1": { width: 1080, height: 1080 },
  "4:5": { width: 1080, height: 1350 },
};

/** Options of {@link createEditorState}, in the wire names of POST /editor/videos. */
export interface CreateEditorStateOptions {
  /** Aspect ratio; sets the composition size. Default 9:16. */
  aspect_ratio?: EditorAspectRatio;
  /** Frames per second, an integer from 1 to 120. Default 30. */
  fps?: number;
  /** Project title; default none. */
  title?: string;
}

/**
 * Creates an empty, valid editor state. An out-of-range `fps` is a caller bug (the request
 * schema bounds it), so it throws a `RangeError` rather than returning a value.
 *
 * @example
 * ```ts
 * const state = createEditorState({ aspect_ratio: "16:9", fps: 25, title: "Launch" });
 * state.compositionWidth; // 1920
 * state.tracks; // []
 * ```
 */
export function createEditorState(options: CreateEditorStateOptions = {}): EditorState {
  const fps = options.fps ?? FPS_DEFAULT;
  if (!Number.isInteger(fps) || fps < FPS_MIN || fps > FPS_MAX) {
    throw new RangeError(`fps must be an integer from ${FPS_MIN} to ${FPS_MAX}, got ${fps}.`);
  }
  const size = COMPOSITION_SIZES[options.aspect_ratio ?? EDITOR_ASPECT_RATIO_DEFAULT];
  return {
    title: options.title ?? null,
    tracks: [],
    items: {},
    assets: {},
    fps,
    compositionWidth: size.width,
    compositionHeight: size.height,
  };
}
