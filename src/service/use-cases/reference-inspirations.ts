/**
 * GET /reference-inspirations (spec 4.10) in its three modes: the saved references
 * (default), recommendations (`recommend=true`) and template target suggestions
 * (`suggest_targets=true`). The query schema refuses both modes at once, suggestion-only
 * parameters outside suggestion mode, and a limit above the mode's maximum.
 *
 * @module
 */
import { referenceInspirationQuerySchema } from "../../schemas/reference-inspirations.js";
import { parseInput } from "../pipeline/parse.js";
import { okResponse } from "../pipeline/responses.js";
import { listSavedReferences } from "../references/list-references.js";
import { recommendReferences } from "../references/recommend-references.js";
import { suggestTargets } from "../references/suggest-targets.js";
import { authenticated, type UseCaseFactory } from "../use-case.js";

/**
 * GET /reference-inspirations: 200 with the list, recommendations or target suggestions
 * result; modes with nothing to show answer empty arrays, never an error.
 */
export const listReferenceInspirations: UseCaseFactory = authenticated(
  "listReferenceInspirations",
  async ({ deps, caller, request }) => {
    const parsed = parseInput(referenceInspirationQuerySchema, request.query, "query");
    if (!parsed.ok) return parsed.response;
    const query = parsed.value;
    const organizationId = caller.organization.id;
    if (query.suggest_targets) return okResponse(await suggestTargets(deps, organizationId, query));
    if (query.recommend) return okResponse(await recommendReferences(deps, organizationId, query));
    return okResponse(await listSavedReferences(deps, organizationId, query));
  },
);
