/**
 * What POST /editor/videos/{id}/media places (spec 4.18): a completed My Media item of
 * the organization, or a direct URL, read and probed like an upload (`url-media.ts`).
 *
 * @module
 */
import type { MediaPlacementFields, MediaToPlace } from "../../editor/media.js";
import { apiError } from "../../errors/api-error.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { MediaRecord } from "../../ports/records.js";
import type { AddEditorMediaRequest } from "../../schemas/media.js";
import { placedKindOf } from "../my-media/media-kind.js";
import { findCompletedMedia, positiveMetadataNumber } from "../my-media/my-media-lookup.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { readUrlMedia } from "./url-media.js";

// The item's own metadata is measured; the body's width and height only fill its gaps.
function fromMediaItem(record: MediaRecord, body: AddEditorMediaRequest): MediaToPlace {
  const { media } = record;
  return {
    kind: placedKindOf(media.media_type, [media.filename, media.url]),
    url: media.url,
    name: media.filename,
    durationSeconds: positiveMetadataNumber(media.metadata, "duration_seconds"),
    width: positiveMetadataNumber(media.metadata, "width") ?? body.width ?? null,
    height: positiveMetadataNumber(media.metadata, "height") ?? body.height ?? null,
    mediaId: media.id,
    metadata: { ...media.metadata },
  };
}

/**
 * The media the body names: the My Media item `media_id` (404 when the organization has
 * no completed item with that id) or the direct `url`, read and probed (`url-media.ts`:
 * 400 when it cannot be read or is not media, or contradicts `media_type`).
 */
export async function resolveMediaToPlace(
  deps: ServiceDependencies,
  caller: Caller,
  body: AddEditorMediaRequest,
): Promise<Step<MediaToPlace>> {
  if (body.url !== undefined) return readUrlMedia(deps, body, body.url);
  const mediaId = body.media_id ?? "";
  const record = await findCompletedMedia(deps, caller, mediaId);
  if (record === undefined) {
    return halt(
      apiError("not_found", `No completed My Media item ${mediaId} exists in this organization.`, {
        context: { media_id: mediaId },
      }),
    );
  }
  return proceed(fromMediaItem(record, body));
}

/** The placement fields of the body; `item_width`/`item_height` size the item's box. */
export function placementOf(body: AddEditorMediaRequest): MediaPlacementFields {
  const placement: MediaPlacementFields = {
    from_seconds: body.from_seconds,
    source_start_seconds: body.source_start_seconds,
    playback_rate: body.playback_rate,
    fit: body.fit,
  };
  if (body.duration_seconds !== undefined) placement.duration_seconds = body.duration_seconds;
  if (body.track_id !== undefined) placement.track_id = body.track_id;
  if (body.audio_role !== undefined) placement.audio_role = body.audio_role;
  if (body.left !== undefined) placement.left = body.left;
  if (body.top !== undefined) placement.top = body.top;
  if (body.item_width !== undefined) placement.width = body.item_width;
  if (body.item_height !== undefined) placement.height = body.item_height;
  return placement;
}
