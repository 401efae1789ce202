/**
 * The My Media ids of a generation (spec 4.4), resolved to the URLs the provider reads.
 * Each must name a completed item of the organization with the right media type; any
 * other id answers 404, with `context.reason` saying whether the item is missing, not
 * completed, or of another media type.
 *
 * @module
 */

import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { MediaType } from "../../schemas/common.js";
import type { CreateGenerationRequest } from "../../schemas/generations.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { referenceNotFoundError } from "./reference-errors.js";

/** The status of a My Media item that can be used as input (spec 2.8). */
export const MEDIA_COMPLETED_STATUS = "completed";

/** The media inputs of a generation as URLs, media ids replaced by their items' URLs. */
export interface ResolvedMediaInputs {
  /** `reference_image_urls`, then the URLs of `reference_media_ids` (spec 4.4: appended). */
  readonly referenceImageUrls: readonly string[];
  /** `source_video_url`, or the URL of `source_video_media_id`. */
  readonly sourceVideoUrl: string | undefined;
  /** `motion_video_url`, or the URL of `motion_video_media_id`. */
  readonly motionVideoUrl: string | undefined;
  /** `audio_url`, or the URL of `audio_media_id`. */
  readonly audioUrl: string | undefined;
}

// What each media-id field accepts; a voice asset is audio (spec 4.15).
const IMAGE: readonly MediaType[] = ["image"];
const VIDEO: readonly MediaType[] = ["video"];
const AUDIO: readonly MediaType[] = ["audio", "voice"];

// One media-id field of a request: its name, the id it holds and the kinds it accepts.
interface MediaField<Id extends string | undefined> {
  readonly field: string;
  readonly mediaId: Id;
  readonly accepted: readonly MediaType[];
}

async function completedMediaUrl(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  { field, mediaId, accepted }: MediaField<string>,
): Promise<Step<string>> {
  const record = await deps.stores.media.get(organizationId, mediaId);
  if (record === undefined) {
    return halt(
      referenceNotFoundError(field, `No My Media item has id ${mediaId}.`, {
        media_id: mediaId,
        reason: "missing",
      }),
    );
  }
  const { status, media_type: mediaType, url } = record.media;
  if (status !== MEDIA_COMPLETED_STATUS) {
    return halt(
      referenceNotFoundError(
        field,
        `My Media item ${mediaId} is not completed (status ${status}); only completed media can be used.`,
        { media_id: mediaId, reason: "not_completed" },
      ),
    );
  }
  if (!accepted.includes(mediaType)) {
    return halt(
      referenceNotFoundError(
        field,
        `My Media item ${mediaId} is ${mediaType} media; ${field} takes ${accepted.join(" or ")} media.`,
        { media_id: mediaId, reason: "wrong_media_type" },
      ),
    );
  }
  return proceed(url);
}

async function optionalMediaUrl(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  wanted: MediaField<string | undefined>,
): Promise<Step<string | undefined>> {
  const { mediaId } = wanted;
  if (mediaId === undefined) return proceed(undefined);
  return completedMediaUrl(deps, organizationId, { ...wanted, mediaId });
}

async function referenceImageUrls(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  request: CreateGenerationRequest,
): Promise<Step<readonly string[]>> {
  const urls = [...(request.reference_image_urls ?? [])];
  const mediaIds = request.reference_media_ids ?? [];
  for (const [index, mediaId] of mediaIds.entries()) {
    const field = `reference_media_ids.${index}`;
    const url = await completedMediaUrl(deps, organizationId, { field, mediaId, accepted: IMAGE });
    if (!url.ok) return url;
    urls.push(url.value);
  }
  return proceed(urls);
}

/** Resolves every My Media id of a generation request, or answers the first 404. */
export async function resolveMediaInputs(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  request: CreateGenerationRequest,
): Promise<Step<ResolvedMediaInputs>> {
  const images = await referenceImageUrls(deps, organizationId, request);
  if (!images.ok) return images;
  const source = await optionalMediaUrl(deps, organizationId, {
    field: "source_video_media_id",
    mediaId: request.source_video_media_id,
    accepted: VIDEO,
  });
  if (!source.ok) return source;
  const motion = await optionalMediaUrl(deps, organizationId, {
    field: "motion_video_media_id",
    mediaId: request.motion_video_media_id,
    accepted: VIDEO,
  });
  if (!motion.ok) return motion;
  const audio = await optionalMediaUrl(deps, organizationId, {
    field: "audio_media_id",
    mediaId: request.audio_media_id,
    accepted: AUDIO,
  });
  if (!audio.ok) return audio;
  return proceed({
    referenceImageUrls: images.value,
    sourceVideoUrl: request.source_video_url ?? source.value,
    motionVideoUrl: request.motion_video_url ?? motion.value,
    audioUrl: request.audio_url ?? audio.value,
  });
}
