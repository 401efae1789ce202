/**
 * Checks that a create request fits the workspace before anything is charged: its target
 * is one of the organization's reference template targets, the target accepts the media
 * kind, and the media given match that kind.
 *
 * @module
 */

import { fieldError } from "../../errors/validation.js";
import type { ReferenceTemplateTarget } from "../../schemas/assets.js";
import type { CreateReferenceInspirationRequest } from "../../schemas/reference-inspirations.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { findReferenceTarget, targetAccepts } from "./reference-targets.js";

function unknownTarget(request: CreateReferenceInspirationRequest): Step<never> {
  const named = `${request.template_category}/${request.template_slug}`;
  const message = `No reference template target ${named} in this workspace; pick one from reference_template_targets of GET /assets.`;
  // The contract lists no 404 for this endpoint, so an unknown target is bad input.
  return halt(
    fieldError({
      message,
      fields: [
        { path: "template_slug", message },
        { path: "template_category", message },
      ],
    }),
  );
}

// A video reference is its video; image and slideshow references are their images.
function mediaMismatch(request: CreateReferenceInspirationRequest): Step<never> | undefined {
  const imageCount = (request.image_urls?.length ?? 0) + (request.images?.length ?? 0);
  if (request.media_kind === "video" && request.video_url === undefined) {
    const message = "media_kind video needs a video_url.";
    return halt(fieldError({ message, fields: [{ path: "video_url", message }] }));
  }
  if (request.media_kind !== "video" && request.video_url !== undefined) {
    const message = `video_url is accepted only with media_kind video, not ${request.media_kind}.`;
    return halt(fieldError({ message, fields: [{ path: "video_url", message }] }));
  }
  if (request.media_kind !== "video" && imageCount === 0) {
    const message = `media_kind ${request.media_kind} needs image_urls or images.`;
    return halt(fieldError({ message, fields: [{ path: "image_urls", message }] }));
  }
  return undefined;
}

/**
 * The target a create request names, or the 400 saying why the request does not fit it.
 */
export function checkReferenceTarget(
  targets: readonly ReferenceTemplateTarget[],
  request: CreateReferenceInspirationRequest,
): Step<ReferenceTemplateTarget> {
  const target = findReferenceTarget(targets, request.template_slug, request.template_category);
  if (target === undefined) return unknownTarget(request);
  if (!targetAccepts(target, request.media_kind)) {
    const accepted = target.accepts_media_kinds.join(", ");
    const message = `The target ${target.template_slug} accepts ${accepted} media, not ${request.media_kind}.`;
    return halt(fieldError({ message, fields: [{ path: "media_kind", message }] }));
  }
  return mediaMismatch(request) ?? proceed(target);
}
