/**
 * The timeline items of the editor state: a discriminated union on `type` with one member
 * per kind of layer (DESIGN section 4). Positions are whole frames; media offsets are
 * seconds; style values keep the spec's wire shapes so an operation's value is stored as
 * sent and read back unchanged.
 *
 * @module
 */

import type {
  AnimationConfig,
  CaptionEntry,
  CaptionStyle,
  Motion,
  SolidStyle,
  TextStyle,
} from "../schemas/edit-values.js";
import type { AudioRole, EditorItemType } from "../vocabulary.js";
import type { TranscriptWord } from "./providers.js";

export type { EditorItemType };

/** How media fills its box: `cover` crops to fill, `contain` letterboxes. */
export type MediaFit = "cover" | "contain";

/**
 * The families of effects whose timing an {@link EffectSpan} stretches, each set by its
 * own operations: enter and exit animations (`set_item_animation`, transitions), motion
 * (`set_item_motion`), a text or captions style's `fade_in_seconds` and
 * `fade_out_seconds` (`update_text`, `update_captions`), and audio fades
 * (`set_item_audio`, `set_audio_levels`).
 */
export type EffectFamily = "animation" | "motion" | "textFade" | "audioFade";

/**
 * How far one family of an item's effects reaches past the item's edges: the item is
 * part of a longer whole (a half of a split item) whose effects it keeps playing where
 * they stand, so its effects are timed over `[start - beforeSeconds, end + afterSeconds)`
 * rather than over the item itself. A fade-in begun `beforeSeconds` before the item
 * starts is that far along when the item starts; a fade-out ends `afterSeconds` after it.
 */
export interface EffectSpan {
  /** Seconds the whole began before the item's start, >= 0. */
  beforeSeconds: number;
  /** Seconds the whole goes on after the item's end, >= 0. */
  afterSeconds: number;
}

/**
 * Per effect family, how far the item's effects reach past its edges; a family absent
 * (the usual case) is timed over the item itself. Written by `split_item`, kept by every
 * operation that moves or trims an item, and dropped side by side when an operation sets
 * that side's effect anew (a new effect starts at the item's own edge).
 */
export type EffectSpans = { [Family in EffectFamily]?: EffectSpan };

/** Fields every item has, whatever its type. */
export interface ItemBase {
  /** Unique id; the key of the item in `EditorState.items` and the `item_id` of operations. */
  id: string;
  /** Id of the one track that lists this item; kept on the item so lookups stay O(1). */
  trackId: string;
  /** First frame on the timeline, an integer >= 0. */
  from: number;
  /** Length on the timeline in frames, an integer >= 1; the item covers `[from, from + durationInFrames)`. */
  durationInFrames: number;
  /** Left edge in composition pixels (ignored for audio). */
  left: number;
  /** Top edge in composition pixels (ignored for audio). */
  top: number;
  /** Box width in composition pixels, > 0 (ignored for audio). */
  width: number;
  /** Box height in composition pixels, > 0 (ignored for audio). */
  height: number;
  /** Opacity from 0 to 1 (ignored for audio). */
  opacity: number;
  /**
   * Effect families that reach past the item's edges (a split half keeps its whole's
   * fades and animations where they stand); absent when every effect is timed over the
   * item itself.
   */
  effectSpans?: EffectSpans;
}

/** Enter, exit and continuous motion of a visual item. */
export interface AnimatedFields {
  /** How the item appears; null for none. */
  enterAnimation: AnimationConfig | null;
  /** How the item leaves; null for none. */
  exitAnimation: AnimationConfig | null;
  /** Continuous motion over the item's lifetime; null for none. */
  motion: Motion | null;
}

/** Where an item's media comes from and how fast it plays. */
export interface SourceFields {
  /** Id of the asset in `EditorState.assets`. */
  assetId: string;
  /** Seconds trimmed from the start of the source. */
  sourceStartSeconds: number;
  /** Playback speed, 1 is normal; the timeline length stays `durationInFrames` whatever the rate. */
  playbackRate: number;
}

/** Level and fades of an item that makes sound, and the captions generated from it. */
export interface SoundFields {
  /**
   * Ids of the generated captions items transcribed from this item, which follow it when
   * it moves, is trimmed, re-timed, split or removed; absent when there are none.
   */
  captionsItemIds?: string[];
  /** Gain in decibels, 0 leaves the source level unchanged. */
  volumeDb: number;
  /** Fade-in at the item's start, in seconds. */
  audioFadeInSeconds: number;
  /** Fade-out at the item's end, in seconds. */
  audioFadeOutSeconds: number;
}

/** A video clip: pictures and its own sound. */
export interface VideoItem extends ItemBase, AnimatedFields, SourceFields, SoundFields {
  /** Discriminant. */
  type: "video";
  /** How the picture fills the box. */
  fit: MediaFit;
}

/** A still image. */
export interface ImageItem extends ItemBase, AnimatedFields {
  /** Discriminant. */
  type: "image";
  /** Id of the asset in `EditorState.assets`. */
  assetId: string;
  /** How the picture fills the box. */
  fit: MediaFit;
}

/** An animated GIF; it loops, and plays from a source offset at a rate like a video. */
export interface GifItem extends ItemBase, AnimatedFields, SourceFields {
  /** Discriminant. */
  type: "gif";
  /** How the picture fills the box. */
  fit: MediaFit;
}

/**
 * A sound on the timeline: music, a voiceover, a voice asset, a sound effect or other
 * audio. Items written by the engine always carry `audioRole`; items of older states may
 * lack it, in which case the role is inferred from the asset and written when an
 * operation matches the item.
 */
export interface AudioItem extends ItemBase, SourceFields, SoundFields {
  /** Discriminant. */
  type: "audio";
  /** What the sound is for; absent only on items of older states (see above). */
  audioRole?: AudioRole;
}

/** A text overlay. */
export interface TextItem extends ItemBase, AnimatedFields {
  /** Discriminant. */
  type: "text";
  /** The text shown. */
  text: string;
  /** Look of the text, as sent in `add_text` and `update_text`. */
  style: TextStyle;
}

/**
 * Where generated captions come from: what keeps them in sync with the items they were
 * transcribed from.
 */
export interface CaptionsSource {
  /** Ids of the video and audio items transcribed; each lists the captions in `captionsItemIds`. */
  sourceItemIds: string[];
  /**
   * The transcript of each source's media, keyed by asset id: every word, in milliseconds
   * of the media (not of the timeline), in time order.
   */
  transcripts: Record<string, TranscriptWord[]>;
}

/**
 * Timed captions. Entry times are milliseconds on the captions' own clock, which starts at
 * `style.caption_start_seconds` (default 0) when the item starts and runs at
 * `style.playback_rate` (default 1), the way a video plays its source.
 */
export interface CaptionsItem extends ItemBase, AnimatedFields {
  /** Discriminant. */
  type: "captions";
  /** Caption entries in non-decreasing `startMs` order. */
  captions: CaptionEntry[];
  /** Look and paging of the captions. */
  style: CaptionStyle;
  /** Spoken language of generated captions; null when unknown or supplied by hand. */
  language: string | null;
  /**
   * For captions generated from items and still following them: their sources and
   * transcripts. Absent for captions supplied or edited by hand.
   */
  generatedFrom?: CaptionsSource;
}

/** A solid-colour rectangle; its opacity is the item's `opacity`. */
export interface SolidItem extends ItemBase, AnimatedFields {
  /** Discriminant. */
  type: "solid";
  /** Fill colour, corner radius and rotation, as sent in `add_solid` (`opacity` lives on the item). */
  style: Omit<SolidStyle, "opacity">;
}

/** One timeline item; narrow on `type`. */
export type EditorItem =
  | VideoItem
  | ImageItem
  | GifItem
  | AudioItem
  | TextItem
  | CaptionsItem
  | SolidItem;

/** Items that play media from an asset. */
export type MediaItem = VideoItem | ImageItem | GifItem | AudioItem;

/** Items with a source offset and a playback rate. */
export type SourceTimedItem = VideoItem | GifItem | AudioItem;

/** Items that make sound. */
export type SoundItem = VideoItem | AudioItem;

/** Items drawn on screen. */
export type VisualItem = Exclude<EditorItem, AudioItem>;

/** True for items that play media from an asset. */
export function isMediaItem(item: EditorItem): item is MediaItem {
  return (
    item.type === "video" || item.type === "image" || item.type === "gif" || item.type === "audio"
  );
}

/** True for items with a source offset and a playback rate. */
export function isSourceTimedItem(item: EditorItem): item is SourceTimedItem {
  return item.type === "video" || item.type === "gif" || item.type === "audio";
}

/** True for items that make sound. */
export function isSoundItem(item: EditorItem): item is SoundItem {
  return item.type === "video" || item.type === "audio";
}

/**
 * True for pictures: videos, images, GIFs and solids, which a new picture goes in front
 * of. Text and captions are read over pictures, so they are not pictures here.
 */
export function isPictureItem(item: EditorItem): boolean {
  return (
    item.type === "video" || item.type === "image" || item.type === "gif" || item.type === "solid"
  );
}

/** True for items drawn on screen. */
export function isVisualItem(item: EditorItem): item is VisualItem {
  return item.type !== "audio";
}

/** First frame after the item: the end of its half-open interval. */
export function itemEndFrame(item: Pick<ItemBase, "from" | "durationInFrames">): number {
  return item.from + item.durationInFrames;
}
