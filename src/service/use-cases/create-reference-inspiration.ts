/**
 * POST /reference-inspirations (spec 4.11): saves user media to one of the workspace's
 * reference template targets and queues its analysis, at 30 credits per media item.
 * Everything that can be refused (the body, the target, every inline image) is checked
 * before the paid part runs, so a refused request never charges.
 *
 * @module
 */
import { createReferenceInspirationRequestSchema } from "../../schemas/reference-inspirations.js";
import { runPaidRequest } from "../pipeline/paid.js";
import { parseInput } from "../pipeline/parse.js";
import { checkReferenceTarget } from "../references/check-reference-target.js";
import { acceptReferenceImages } from "../references/inline-image-intake.js";
import { saveReference } from "../references/save-reference.js";
import { authenticated, type UseCaseFactory } from "../use-case.js";

/**
 * POST /reference-inspirations: 200 with `{ object: "reference_inspiration", reference,
 * credits_deducted, remaining_credits }`; 400 for bad input, an unknown target, a media
 * kind the target refuses or an inline image that is not PNG, JPEG or WebP within about
 * 10 MB; 402 when the credits do not cover the media; 409 and 429 as for every paid
 * creation.
 */
export const createReferenceInspiration: UseCaseFactory = authenticated(
  "createReferenceInspiration",
  async ({ deps, endpoint, caller, request }) => {
    const parsed = parseInput(createReferenceInspirationRequestSchema, request.body, "body");
    if (!parsed.ok) return parsed.response;
    const assets = await deps.workspace.assets(caller.organization.id);
    const target = checkReferenceTarget(assets.reference_template_targets, parsed.value);
    if (!target.ok) return target.response;
    const images = acceptReferenceImages(parsed.value.images ?? []);
    if (!images.ok) return images.response;
    const toSave = { request: parsed.value, target: target.value, images: images.value };
    return runPaidRequest({
      deps,
      endpoint,
      caller,
      request,
      action: () => saveReference(deps, caller, toSave),
    });
  },
);
