/**
 * Source offsets, rates and lengths the engine accepts. No item plays past the end of
 * media of known length (`source_out_of_range` otherwise): an offset must leave at least
 * a frame of media at the item's rate, and a requested length must fit in what is left.
 * Positions stay within the wire limit.
 *
 * @module
 */
import { type EditorItem, type EditorState, isSourceTimedItem } from "../editor/index.js";
import {
  PLAYBACK_RATE_MIN,
  TIMELINE_DURATION_MAX_SECONDS,
  TIMELINE_DURATION_MIN_SECONDS,
  TIMELINE_POSITION_MAX_SECONDS,
} from "../schemas/limits.js";
import { assetOf } from "./state-view.js";

// Frames of media an offset leaves at least: more than one, so that rounding never
// leaves less than the one frame the engine needs.
const FRAMES_LEFT = 1.5;

/** Seconds of media one item frame plays, with room to spare, at `fps` and `playbackRate`. */
export function mediaFrameSeconds(fps: number, playbackRate: number): number {
  return (FRAMES_LEFT * playbackRate) / fps;
}

/** `mediaSeconds` lengthened, when needed, to hold a couple of item frames at `fps` at rate 1. */
export function playableMediaSeconds(mediaSeconds: number, fps: number): number {
  return Math.max(mediaSeconds, 2 * mediaFrameSeconds(fps, 1));
}

/** A drawn offset and the media and window it must fit. */
export interface SourceOffsetDraw {
  /** The drawn position, from 0 to 1, within the room there is. */
  readonly unit: number;
  /** Length of the media, or null when unknown. */
  readonly mediaSeconds: number | null;
  /** The window to draw in when the media length is unknown. */
  readonly timelineSeconds: number;
  /** Media that must be left after the offset. Default 0. */
  readonly leaveSeconds?: number;
}

/**
 * A source offset that leaves at least `leaveSeconds` of media lasting `mediaSeconds`
 * (anywhere in the window when the length is unknown), or undefined when no offset does.
 */
export function sourceOffsetSeconds({
  unit,
  mediaSeconds,
  timelineSeconds,
  leaveSeconds = 0,
}: SourceOffsetDraw): number | undefined {
  if (mediaSeconds === null) return Math.min(unit * timelineSeconds, TIMELINE_POSITION_MAX_SECONDS);
  const room = mediaSeconds - leaveSeconds;
  if (!(room > 0)) return undefined;
  const offset = Math.min(unit * room, TIMELINE_POSITION_MAX_SECONDS);
  // Rounding can carry unit * room up to the room itself, which may leave too little.
  return offset < room ? offset : 0;
}

/** The media an item is bound by: videos and audio of known length (GIFs loop). */
export interface BoundMedia {
  /** Length of the media in seconds. */
  readonly mediaSeconds: number;
  /** The item's offset into it. */
  readonly sourceStartSeconds: number;
  /** The item's playback rate. */
  readonly playbackRate: number;
}

/** The media `item` is bound by, or undefined when nothing bounds its length. */
export function boundMediaOf(state: EditorState, item: EditorItem): BoundMedia | undefined {
  if (!isSourceTimedItem(item) || item.type === "gif") return undefined;
  const mediaSeconds = assetOf(state, item)?.durationSeconds ?? null;
  if (mediaSeconds === null) return undefined;
  return {
    mediaSeconds,
    sourceStartSeconds: item.sourceStartSeconds,
    playbackRate: item.playbackRate,
  };
}

/**
 * `durationSeconds` shortened to the longest timeline length `item` can take before its
 * media ends, or undefined when even the shortest wire length does not fit.
 */
export function lengthWithinMedia(
  state: EditorState,
  item: EditorItem,
  durationSeconds: number,
): number | undefined {
  const media = boundMediaOf(state, item);
  if (media === undefined) return durationSeconds;
  const longest = (media.mediaSeconds - media.sourceStartSeconds) / media.playbackRate;
  const length = Math.min(durationSeconds, longest, TIMELINE_DURATION_MAX_SECONDS);
  return length >= TIMELINE_DURATION_MIN_SECONDS ? length : undefined;
}

/** How an item would play its media: from where, how fast, at what frame rate. */
export interface MediaPlayback {
  /** The offset into the media. */
  readonly sourceStartSeconds: number;
  /** The wanted playback rate. */
  readonly playbackRate: number;
  /** The project's frames per second. */
  readonly fps: number;
}

/**
 * `playbackRate` lowered, when needed, so that the media left after `sourceStartSeconds`
 * still holds a frame at `fps`; undefined when even the lowest rate does not.
 */
export function rateWithinMedia(
  media: Pick<BoundMedia, "mediaSeconds">,
  { sourceStartSeconds, playbackRate, fps }: MediaPlayback,
): number | undefined {
  const fastest = (media.mediaSeconds - sourceStartSeconds) / mediaFrameSeconds(fps, 1);
  const rate = Math.min(playbackRate, fastest);
  return rate >= PLAYBACK_RATE_MIN ? rate : undefined;
}
