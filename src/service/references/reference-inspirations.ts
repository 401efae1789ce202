/**
 * The reference inspiration endpoints. GET /reference-inspirations (spec 4.10) answers in
 * three modes: the saved references (default), recommendations (`recommend=true`) and
 * template target suggestions (`suggest_targets=true`); the query schema refuses both
 * modes at once, suggestion-only parameters outside suggestion mode, and a limit above
 * the mode's maximum. POST /reference-inspirations (spec 4.11) saves user media to one of
 * the workspace's reference template targets and queues its analysis, at 30 credits per
 * media item; everything that can be refused (the body, the target, every inline image)
 * is checked before the paid part runs, so a refused request never charges.
 *
 * @module
 */
import {
  createReferenceInspirationRequestSchema,
  referenceInspirationQuerySchema,
} from "../../schemas/reference-inspirations.js";
import { parseInput } from "../pipeline/input.js";
import { runPaidRequest } from "../pipeline/paid.js";
import { success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { checkReferenceTarget } from "./check-reference-target.js";
import { listSavedReferences } from "./list-references.js";
import { recommendReferences } from "./recommend-references.js";
import { acceptReferenceImages } from "./reference-images.js";
import { saveReference } from "./save-reference.js";
import { suggestTargets } from "./suggest-targets.js";

/**
 * GET /reference-inspirations: 200 with the list, recommendations or target suggestions
 * result; modes with nothing to show answer empty arrays, never an error.
 */
export const listReferenceInspirations: UseCaseFactory = authenticated(
  "listReferenceInspirations",
  async ({ deps, caller, request }) => {
    const parsed = parseInput(referenceInspirationQuerySchema, request.query, "query");
    if (!parsed.ok) return parsed.error;
    const query = parsed.value;
    const organizationId = caller.organization.id;
    if (query.suggest_targets) return success(await suggestTargets(deps, organizationId, query));
    if (query.recommend) return success(await recommendReferences(deps, organizationId, query));
    return success(await listSavedReferences(deps, organizationId, query));
  },
);

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
    if (!parsed.ok) return parsed.error;
    const assets = await deps.workspace.assets(caller.organization.id);
    const target = checkReferenceTarget(assets.reference_template_targets, parsed.value);
    if (!target.ok) return target.error;
    const images = await acceptReferenceImages(deps, parsed.value.images ?? []);
    if (!images.ok) return images.error;
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
