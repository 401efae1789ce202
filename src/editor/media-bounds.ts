/**
 * Media bounds (DESIGN section 4): an item never plays past the end of its media when the
 * media's length is known. An item plays `durationInFrames / fps × playbackRate` seconds
 * of its asset from `sourceStartSeconds`; that must end by the asset's `durationSeconds`.
 *
 * Videos and audio are bound. GIFs loop, so only their offset must fall inside the
 * media; images, solids, text and captions have no source length. Media of unknown length
 * binds nothing. What an operation does when asked for more than the media holds is its
 * own decision, stated in its module: operations that add media end the item where the
 * media ends; `set_item_source` (trim the head, change the speed) does the same;
 * `set_item_timing` refuses with `source_out_of_range`.
 *
 * @module
 */
import { ok, type Result } from "../result.js";
import { TIMELINE_DURATION_MAX_SECONDS } from "../schemas/limits.js";
import type { EditDraft } from "./draft.js";
import { type EditFailure, editFailure } from "./errors.js";
import { type EditorItem, isSourceTimedItem } from "./items.js";

// Lengths are written in decimal seconds, and their frames come from rounding: a request
// that passes the media by less than this is exact, not too long.
const MEDIA_END_TOLERANCE_SECONDS = 1e-6;
// Whole frames of media are counted with this much slack, so that 0.7 s at 30 fps
// (20.999999999999996 frames in binary floating point) is 21 frames.
const FRAME_COUNT_SLACK = 1e-6;

/** Where an item reads its media: its offset and rate, and the media's length. */
export interface MediaWindow {
  /** Length of the media in seconds. */
  readonly mediaSeconds: number;
  /** Seconds trimmed from the start of the media. */
  readonly sourceStartSeconds: number;
  /** Playback speed. */
  readonly playbackRate: number;
}

/** Seconds, written short for messages: at most three decimals. */
export function shortSeconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * The media window that bounds `item`, with its offset and rate replaced by `source` when
 * given: for videos and audio of known length; null for GIFs (they loop), items without a
 * source and media of unknown length.
 */
export function mediaWindowOf(
  draft: EditDraft,
  item: EditorItem,
  source: Partial<Pick<MediaWindow, "sourceStartSeconds" | "playbackRate">> = {},
): MediaWindow | null {
  if (!isSourceTimedItem(item) || item.type === "gif") return null;
  const mediaSeconds = draft.asset(item.assetId)?.durationSeconds ?? null;
  if (mediaSeconds === null) return null;
  return {
    mediaSeconds,
    sourceStartSeconds: source.sourceStartSeconds ?? item.sourceStartSeconds,
    playbackRate: source.playbackRate ?? item.playbackRate,
  };
}

/** Seconds of media left after the offset. */
function remainingSeconds(window: MediaWindow): number {
  return window.mediaSeconds - window.sourceStartSeconds;
}

/** The most whole frames an item can last before its media ends (0 when less than one). */
export function playableFrames(window: MediaWindow, fps: number): number {
  const frames = (remainingSeconds(window) / window.playbackRate) * fps;
  return Math.max(0, Math.floor(frames + FRAME_COUNT_SLACK));
}

/** The most frames any item may last: the 3,600 s limit of timeline durations. */
export function maxItemFrames(fps: number): number {
  return TIMELINE_DURATION_MAX_SECONDS * fps;
}

function describeWindow(window: MediaWindow): string {
  return `${shortSeconds(remainingSeconds(window))} s of its ${shortSeconds(window.mediaSeconds)} s media left after source_start_seconds ${shortSeconds(window.sourceStartSeconds)}`;
}

/** A length in frames to hold against a media window, and how a failure names its item. */
export interface MediaLengthCheck {
  /** The length asked for, in frames. */
  readonly durationInFrames: number;
  /** Frames per second of the project. */
  readonly fps: number;
  /** What a failure message names: `The media`, `Item "i1"`, an operation type. */
  readonly subject: string;
}

/**
 * `durationInFrames` shortened to what the media holds, for operations that end an item
 * where its media ends. Fails with `source_out_of_range` when not even one frame is left.
 */
export function clampToMedia(
  window: MediaWindow,
  { durationInFrames, fps, subject }: MediaLengthCheck,
): Result<number, EditFailure> {
  const playable = playableFrames(window, fps);
  if (playable < 1) {
    return editFailure(
      "source_out_of_range",
      `${subject} has ${describeWindow(window)}: less than one frame at playback_rate ${shortSeconds(window.playbackRate)}.`,
    );
  }
  return ok(Math.min(durationInFrames, playable));
}

/**
 * Checks a length a client asked for (`requestedSeconds` on the timeline, which became
 * `durationInFrames`) against the media: more than the media holds fails with
 * `source_out_of_range`; a length that fits in seconds but gained a frame from rounding
 * its ends is shortened to the frames the media holds.
 */
export function fitRequestedLength(
  window: MediaWindow,
  requestedSeconds: number,
  length: MediaLengthCheck,
): Result<number, EditFailure> {
  const { subject } = length;
  const neededSeconds = requestedSeconds * window.playbackRate;
  if (neededSeconds > remainingSeconds(window) + MEDIA_END_TOLERANCE_SECONDS) {
    const most = remainingSeconds(window) / window.playbackRate;
    return editFailure(
      "source_out_of_range",
      `${subject} has ${describeWindow(window)}: at playback_rate ${shortSeconds(window.playbackRate)} it can last at most ${shortSeconds(most)} s, not ${shortSeconds(requestedSeconds)} s.`,
    );
  }
  return clampToMedia(window, length);
}

/** `source_out_of_range` when an offset lies at or past the end of the media. */
export function checkSourceStart(
  mediaSeconds: number | null,
  sourceStartSeconds: number,
  subject: string,
): Result<void, EditFailure> {
  if (mediaSeconds === null || sourceStartSeconds < mediaSeconds) return ok(undefined);
  return editFailure(
    "source_out_of_range",
    `${subject}: source_start_seconds ${shortSeconds(sourceStartSeconds)} is at or past the end of the ${shortSeconds(mediaSeconds)} s media.`,
  );
}
