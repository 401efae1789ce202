/**
 * `addMediaItem`: places existing media on the timeline, for POST
 * /editor/videos/{id}/media and uploads with `add_to_editor` (spec 4.16, 4.18). It follows
 * rule 1 like the add operations: an explicit `track_id` only when compatible and free;
 * without one, audio on the front-most free audio track, and a video, image or GIF in
 * front of every picture it overlaps in time and behind the text and captions shown over
 * them, so that it is seen (on a free track there, else on a new track directly in front
 * of those pictures).
 *
 * Media never plays past its end (DESIGN section 4). Without `duration_seconds` the item
 * plays the rest of the media at its rate, at most the 3,600 s an item may last; a
 * `duration_seconds` longer than the video or audio left after `source_start_seconds` at
 * its rate is an upper bound, and the item ends with its media. A GIF loops, so it takes
 * any length, and lasts 5 seconds, as a still does, unless told otherwise.
 *
 * @module
 */
import type { Patch } from "immer";
import { type Err, err, type Ok, ok, type Result } from "../result.js";
import { ADDED_ITEM_DURATION_DEFAULT_SECONDS, PLAYBACK_RATE_DEFAULT } from "../schemas/limits.js";
import type { AudioRole } from "../vocabulary.js";
import { commitDraft } from "./commit.js";
import {
  AUDIO_FADE_DEFAULT_SECONDS,
  FROM_DEFAULT_SECONDS,
  MEDIA_FIT_DEFAULT,
  OPACITY_DEFAULT,
  SOURCE_START_DEFAULT_SECONDS,
  VOLUME_DB_DEFAULT,
} from "./defaults.js";
import { EditDraft } from "./draft.js";
import { type EditError, type EditFailure, editError } from "./errors.js";
import type { EditorItem, MediaFit } from "./items.js";
import { checkSourceStart, clampToMedia, maxItemFrames } from "./media-bounds.js";
import { trackForNewItem, trackKindFor } from "./placement.js";
import { randomEditorId } from "./random-id.js";
import type { EditorAsset, EditorState } from "./state.js";
import { type FrameSpan, secondsSpanToFrames } from "./time.js";
import { noAnimation } from "./visual-items.js";

/** The media to place, already resolved by the service (a My Media item or a direct URL). */
export interface MediaToPlace {
  /** What the media is; `voice` is audio whose default role is `voice`. */
  kind: "video" | "image" | "gif" | "audio" | "voice";
  /** Absolute URL of the media. */
  url: string;
  /** Display or file name, if any. */
  name?: string | null;
  /** Length in seconds; null for images and when unknown. */
  durationSeconds?: number | null;
  /** Pixel width of pictures, if known. */
  width?: number | null;
  /** Pixel height of pictures, if known. */
  height?: number | null;
  /** My Media id, when the media is a My Media item. */
  mediaId?: string | null;
  /** Free-form facts to keep on the asset. */
  metadata?: Record<string, unknown>;
}

/** Where and how to place it: the placement object of spec 4.16, in wire names. */
export interface MediaPlacementFields {
  /** Timeline start in seconds; default 0. */
  from_seconds?: number;
  /** Timeline length in seconds; default the rest of the media at its rate, or 5 s for stills and unknown lengths. */
  duration_seconds?: number;
  /** Seconds trimmed from the start of the media; default 0. */
  source_start_seconds?: number;
  /** Playback speed; default 1. */
  playback_rate?: number;
  /** Explicit track, honoured only when compatible and free. */
  track_id?: string;
  /** Role of audio; default `voice` for voice media and `audio` otherwise. */
  audio_role?: AudioRole;
  /** How pictures fill their box; default cover. */
  fit?: MediaFit;
  /** Left edge of the box; default 0. */
  left?: number;
  /** Top edge of the box; default 0. */
  top?: number;
  /** Box width; default the composition width. */
  width?: number;
  /** Box height; default the composition height. */
  height?: number;
}

/** What placing media produced. */
export interface AddedMedia {
  /** The next state. */
  readonly state: EditorState;
  /** Id of the new asset. */
  readonly assetId: string;
  /** Id of the new item. */
  readonly itemId: string;
  /** Patches from the input to `state`. */
  readonly patches: Patch[];
  /** Patches from `state` back to the input. */
  readonly inverse: Patch[];
}

/** How `addMediaItem` places media, and how it names what it creates. */
export interface AddMediaOptions {
  /** Where and how the media plays, in the wire fields of `add_media`; defaults apply to what is left out. */
  readonly placement?: MediaPlacementFields;
  /** Makes the new asset and item ids; random ids by default. */
  readonly generateId?: () => string;
}

/** Media that was placed. */
export type AddMediaSuccess = Ok<AddedMedia>;

/** Media that could not be placed; `error.operationIndex` is 0. */
export type AddMediaFailure = Err<EditError>;

/** The outcome of `addMediaItem`: the {@link AddedMedia}, or the {@link EditError} that prevented it. */
export type AddMediaResult = Result<AddedMedia, EditError>;

// The media to place and how the request places it.
interface MediaRequest {
  readonly media: MediaToPlace;
  readonly placement: MediaPlacementFields;
}

function timelineSeconds({ media, placement }: MediaRequest, sourceStartSeconds: number): number {
  const mediaSeconds = media.durationSeconds ?? null;
  if (placement.duration_seconds !== undefined) return placement.duration_seconds;
  // A GIF loops, so its own length says nothing of how long it should show.
  if (mediaSeconds === null || media.kind === "image" || media.kind === "gif") {
    return ADDED_ITEM_DURATION_DEFAULT_SECONDS;
  }
  return (mediaSeconds - sourceStartSeconds) / (placement.playback_rate ?? PLAYBACK_RATE_DEFAULT);
}

// The item's frames: the placement's span, at most an hour, and for video and audio of
// known length at most what the media holds from the offset at the rate. A GIF loops.
function timelineSpan(
  draft: EditDraft,
  request: MediaRequest,
  sourceStartSeconds: number,
): Result<FrameSpan, EditFailure> {
  const { media, placement } = request;
  const mediaSeconds = media.durationSeconds ?? null;
  const start = checkSourceStart(mediaSeconds, sourceStartSeconds, "The media");
  if (!start.ok) return start;
  const span = secondsSpanToFrames(
    placement.from_seconds ?? FROM_DEFAULT_SECONDS,
    timelineSeconds(request, sourceStartSeconds),
    draft.fps,
  );
  const capped = Math.min(span.durationInFrames, maxItemFrames(draft.fps));
  if (mediaSeconds === null || media.kind === "image" || media.kind === "gif") {
    return ok({ from: span.from, durationInFrames: capped });
  }
  const playbackRate = placement.playback_rate ?? PLAYBACK_RATE_DEFAULT;
  const window = { mediaSeconds, sourceStartSeconds, playbackRate };
  const durationInFrames = clampToMedia(window, {
    durationInFrames: capped,
    fps: draft.fps,
    subject: "The media",
  });
  if (!durationInFrames.ok) return durationInFrames;
  return ok({ from: span.from, durationInFrames: durationInFrames.value });
}

function audioRoleOf(media: MediaToPlace, placement: MediaPlacementFields): AudioRole {
  return placement.audio_role ?? (media.kind === "voice" ? "voice" : "audio");
}

// Where the new item sits and what it plays, decided before its type is known.
interface ItemSlot extends Pick<EditorItem, "id" | "trackId" | "from" | "durationInFrames"> {
  readonly assetId: string;
  readonly sourceStartSeconds: number;
}

function mediaItem(
  draft: EditDraft,
  { media, placement }: MediaRequest,
  slot: ItemSlot,
): EditorItem {
  const { assetId, sourceStartSeconds, ...frame } = slot;
  const base = {
    ...frame,
    left: placement.left ?? 0,
    top: placement.top ?? 0,
    width: placement.width ?? draft.compositionWidth,
    height: placement.height ?? draft.compositionHeight,
    opacity: OPACITY_DEFAULT,
    assetId,
  };
  const source = {
    sourceStartSeconds,
    playbackRate: placement.playback_rate ?? PLAYBACK_RATE_DEFAULT,
  };
  const sound = {
    volumeDb: VOLUME_DB_DEFAULT,
    audioFadeInSeconds: AUDIO_FADE_DEFAULT_SECONDS,
    audioFadeOutSeconds: AUDIO_FADE_DEFAULT_SECONDS,
  };
  const fit = placement.fit ?? MEDIA_FIT_DEFAULT;
  switch (media.kind) {
    case "video":
      return { type: "video", ...base, ...source, ...sound, fit, ...noAnimation() };
    case "image":
      return { type: "image", ...base, fit, ...noAnimation() };
    case "gif":
      return { type: "gif", ...base, ...source, fit, ...noAnimation() };
    default:
      return {
        type: "audio",
        ...base,
        ...source,
        ...sound,
        audioRole: audioRoleOf(media, placement),
      };
  }
}

function placeMedia(
  draft: EditDraft,
  request: MediaRequest,
): Result<{ assetId: string; itemId: string }, EditFailure> {
  const { media, placement } = request;
  const sourceStartSeconds = placement.source_start_seconds ?? SOURCE_START_DEFAULT_SECONDS;
  const span = timelineSpan(draft, request, sourceStartSeconds);
  if (!span.ok) return span;
  const { from, durationInFrames } = span.value;
  const itemType = media.kind === "voice" ? "audio" : media.kind;
  const trackId = trackForNewItem(draft, {
    kind: trackKindFor(itemType),
    fromFrame: from,
    endFrame: from + durationInFrames,
    trackId: placement.track_id,
    layer: itemType === "audio" ? "free" : "picture",
  });
  if (!trackId.ok) return trackId;
  const assetId = draft.newId();
  const asset: EditorAsset = {
    id: assetId,
    type: itemType,
    url: media.url,
    name: media.name ?? null,
    durationSeconds: media.durationSeconds ?? null,
    width: media.width ?? null,
    height: media.height ?? null,
    mediaId: media.mediaId ?? null,
    metadata: media.metadata ?? {},
  };
  if (itemType === "audio") asset.audioRole = audioRoleOf(media, placement);
  draft.addAsset(asset);
  const itemId = draft.newId();
  const slot = {
    id: itemId,
    trackId: trackId.value,
    from,
    durationInFrames,
    assetId,
    sourceStartSeconds,
  };
  draft.addItem(mediaItem(draft, request, slot));
  return ok({ assetId, itemId });
}

/**
 * Adds `media` to the timeline as a new asset and item: video, image and GIF on a visual
 * track, audio and voice on an audio track with an audio role. Without `duration_seconds`
 * the item plays the rest of the media at its rate (stills, GIFs and media of unknown
 * length last 5 seconds). Pictures fill the whole composition unless a box is given.
 *
 * @example
 * ```ts
 * const result = addMediaItem(
 *   state,
 *   { kind: "audio", url: "https://cdn.example/song.mp3", durationSeconds: 30 },
 *   { placement: { audio_role: "music", duration_seconds: 12 } },
 * );
 * if (result.ok) result.value.state.items[result.value.itemId]; // the music item, 12 s long
 * ```
 */
export function addMediaItem(
  state: EditorState,
  media: MediaToPlace,
  { placement = {}, generateId = randomEditorId }: AddMediaOptions = {},
): AddMediaResult {
  const draft = new EditDraft(state, generateId);
  const placed = placeMedia(draft, { media, placement });
  if (!placed.ok) return err(editError(placed.error, 0));
  return ok({ ...placed.value, ...commitDraft(draft) });
}
