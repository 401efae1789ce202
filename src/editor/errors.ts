/**
 * The expected failures of edit operations: a closed set of codes, returned as values.
 * A failure rejects the whole batch; a broken invariant is a bug and throws instead.
 *
 * @module
 */
import { type Err, err } from "../result.js";

/** Every code an edit can fail with. */
export const EDIT_ERROR_CODES = [
  "unknown_operation",
  "item_not_found",
  "track_not_found",
  "track_incompatible",
  "track_occupied",
  "unsupported_item_type",
  "source_out_of_range",
  "split_out_of_range",
  "invalid_transition",
  "invalid_captions",
  "no_matching_items",
  "source_not_transcribable",
  "transcript_unavailable",
  "transcript_empty",
  "media_unresolved",
  "speech_unavailable",
  "voiceover_not_alone",
  "voiceover_too_long",
  "unknown_font_family",
] as const;

/**
 * Why an edit failed:
 *
 * - `unknown_operation`: the `type` names no operation.
 * - `item_not_found`: an `item_id` (or `captions_item_id`, `source_item_ids` entry) names no item.
 * - `track_not_found`: a `track_id` names no track.
 * - `track_incompatible`: the track holds the other kind of item (visual versus audio).
 * - `track_occupied`: the item would overlap another item on the requested track.
 * - `unsupported_item_type`: the operation does not apply to the item's type.
 * - `source_out_of_range`: the item would play outside its media: an offset at or past the
 *   end, a length longer than the media left, or a head lengthened past the media's start.
 * - `split_out_of_range`: the cut falls at or outside the item's edges.
 * - `invalid_transition`: the two items cannot be overlapped as asked (the incoming item
 *   would have to move later, or would last longer than an item may).
 * - `invalid_captions`: caption entries or words are out of order or end before they start,
 *   or captions would last longer than an item may.
 * - `no_matching_items`: `set_audio_levels` selected no item.
 * - `source_not_transcribable`: a caption source is not a video or audio item with remote media.
 * - `transcript_unavailable`: no transcript was supplied for a caption source.
 * - `transcript_empty`: the transcripts hold no word inside the sources' visible ranges.
 * - `media_unresolved`: a sound effect's source could not be resolved to playable media.
 * - `speech_unavailable`: no synthesized speech was supplied for `add_voiceover`.
 * - `voiceover_not_alone`: `add_voiceover` shares its batch with other operations.
 * - `voiceover_too_long`: the voiceover text has more spoken words than allowed.
 * - `unknown_font_family`: a style names a font family the renderer does not have (an
 *   extension; checked only when the caller passes the list, the message names it).
 */
export type EditErrorCode = (typeof EDIT_ERROR_CODES)[number];

/** Why an operation cannot apply: the `error` of a failed edit step. */
export interface EditFailure {
  /** Why, from the closed set. */
  readonly code: EditErrorCode;
  /** A sentence a person or an agent can act on, naming the offending ids and values. */
  readonly message: string;
}

/** Why a batch was rejected, and which operation rejected it. */
export interface EditError {
  /** Why, from the closed set. */
  readonly code: EditErrorCode;
  /** A sentence a person or an agent can act on, naming the offending ids and values. */
  readonly message: string;
  /** Zero-based index of the failing operation in the batch. */
  readonly operationIndex: number;
}

/** The failed outcome of an edit step: an {@link EditFailure} with `code` and `message`. */
export function editFailure(code: EditErrorCode, message: string): Err<EditFailure> {
  return err({ code, message });
}

/** The {@link EditError} that reports `failure` as the batch's operation `operationIndex`. */
export function editError(failure: EditFailure, operationIndex: number): EditError {
  return { code: failure.code, message: failure.message, operationIndex };
}
