/**
 * Adding a sound as an audio item with its own asset: what `add_sound_effect` and
 * `add_voiceover` share.
 *
 * A sound never plays past its end (DESIGN section 4): without `duration_seconds` it runs
 * to the end of the media (at most the 3,600 s an item may last), and a
 * `duration_seconds` longer than the sound left after `source_start_seconds` is an upper
 * bound: the item ends with the sound. Clients rarely know a sound's length before adding
 * it (a voiceover's is unknown until it is synthesized), so that is read as "this long at
 * most", not as a mistake to refuse.
 *
 * @module
 */

import { ok, type Result } from "../result.js";
import { PLAYBACK_RATE_DEFAULT } from "../schemas/limits.js";
import type { AudioRole } from "../vocabulary.js";
import {
  AUDIO_FADE_DEFAULT_SECONDS,
  FROM_DEFAULT_SECONDS,
  OPACITY_DEFAULT,
  SOURCE_START_DEFAULT_SECONDS,
  VOLUME_DB_DEFAULT,
} from "./defaults.js";
import type { EditDraft } from "./draft.js";
import { type EditFailure, editFailure } from "./errors.js";
import { checkSourceStart, clampToMedia, maxItemFrames } from "./media-bounds.js";
import { trackForNewItem } from "./placement.js";
import type { EditorAsset } from "./state.js";
import { secondsSpanToFrames } from "./time.js";

/** Timing, level and track fields of an operation that adds a sound, in wire names. */
export interface AudioClipFields {
  /** Timeline start in seconds; default 0. */
  from_seconds?: number | undefined;
  /** Timeline length in seconds; default the rest of the media after the source offset. */
  duration_seconds?: number | undefined;
  /** Seconds trimmed from the start of the media; default 0. */
  source_start_seconds?: number | undefined;
  /** Gain in decibels; default 0. */
  volume_db?: number | undefined;
  /** Fade-in in seconds; default none. */
  audio_fade_in_seconds?: number | undefined;
  /** Fade-out in seconds; default none. */
  audio_fade_out_seconds?: number | undefined;
  /** Explicit audio track; honoured only when free. */
  track_id?: string | undefined;
}

/** A sound to add: its media (the asset without an id), its role and the operation's fields. */
export interface AudioClipRequest {
  /** The media, stored as a new asset. */
  media: Omit<EditorAsset, "id" | "audioRole">;
  /** What the sound is for. */
  role: AudioRole;
  /** The operation's timing, level and track fields. */
  fields: AudioClipFields;
  /** How messages name the operation, e.g. `add_sound_effect`. */
  operationType: string;
}

// The clip's timeline length in seconds, or why it cannot be known.
function clipSeconds(
  request: AudioClipRequest,
  sourceStartSeconds: number,
): Result<number, EditFailure> {
  const mediaSeconds = request.media.durationSeconds;
  const start = checkSourceStart(mediaSeconds, sourceStartSeconds, request.operationType);
  if (!start.ok) return start;
  const seconds =
    request.fields.duration_seconds ??
    (mediaSeconds === null ? null : mediaSeconds - sourceStartSeconds);
  if (seconds === null) {
    return editFailure(
      "media_unresolved",
      `${request.operationType}: the length of ${request.media.url} is unknown; send duration_seconds.`,
    );
  }
  return ok(seconds);
}

/**
 * Adds the sound as an audio item on a free audio track (or the explicit `track_id` when
 * free), with a new asset carrying its role. Returns the failure when the source offset
 * is past the media, the length is unknown, or the explicit track cannot take it.
 */
export function addAudioClip(
  draft: EditDraft,
  request: AudioClipRequest,
): Result<void, EditFailure> {
  const { fields } = request;
  const sourceStartSeconds = fields.source_start_seconds ?? SOURCE_START_DEFAULT_SECONDS;
  const seconds = clipSeconds(request, sourceStartSeconds);
  if (!seconds.ok) return seconds;
  const fromSeconds = fields.from_seconds ?? FROM_DEFAULT_SECONDS;
  const span = secondsSpanToFrames(fromSeconds, seconds.value, draft.fps);
  const fromFrame = span.from;
  const mediaSeconds = request.media.durationSeconds;
  const length =
    mediaSeconds === null
      ? ok(Math.min(span.durationInFrames, maxItemFrames(draft.fps)))
      : clampToMedia(
          { mediaSeconds, sourceStartSeconds, playbackRate: PLAYBACK_RATE_DEFAULT },
          {
            durationInFrames: Math.min(span.durationInFrames, maxItemFrames(draft.fps)),
            fps: draft.fps,
            subject: request.operationType,
          },
        );
  if (!length.ok) return length;
  const durationInFrames = length.value;
  const track = trackForNewItem(draft, {
    kind: "audio",
    fromFrame,
    endFrame: fromFrame + durationInFrames,
    trackId: fields.track_id,
    layer: "free",
  });
  if (!track.ok) return track;
  const trackId = track.value;
  const assetId = draft.newId();
  draft.addAsset({ ...request.media, id: assetId, audioRole: request.role });
  draft.addItem({
    type: "audio",
    id: draft.newId(),
    trackId,
    from: fromFrame,
    durationInFrames,
    left: 0,
    top: 0,
    width: draft.compositionWidth,
    height: draft.compositionHeight,
    opacity: OPACITY_DEFAULT,
    assetId,
    sourceStartSeconds,
    playbackRate: PLAYBACK_RATE_DEFAULT,
    volumeDb: fields.volume_db ?? VOLUME_DB_DEFAULT,
    audioFadeInSeconds: fields.audio_fade_in_seconds ?? AUDIO_FADE_DEFAULT_SECONDS,
    audioFadeOutSeconds: fields.audio_fade_out_seconds ?? AUDIO_FADE_DEFAULT_SECONDS,
    audioRole: request.role,
  });
  return ok(undefined);
}
