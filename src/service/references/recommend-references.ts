/**
 * Recommendation mode of GET /reference-inspirations (spec 4.10): the organization's
 * ready references, those saved to the same template first, then to the same category,
 * then holding the same media kind, newest first within each rank.
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import { REFERENCE_LIST_LIMIT_MAX } from "../../schemas/limits.js";
import type {
  ReferenceInspiration,
  ReferenceInspirationQuery,
  ReferenceInspirationRecommendations,
} from "../../schemas/reference-inspirations.js";
import type { ReferenceFilter } from "./reference-targets.js";

/**
 * How many of the newest ready references are ranked. Ranking needs every candidate at
 * once, so the scan is bounded; older references are not recommended past this many.
 */
export const RECOMMENDATION_CANDIDATES_MAX = 500;

// Each criterion outweighs all the later ones together: 4 > 2 + 1, 2 > 1.
function relevance(reference: ReferenceInspiration, wanted: ReferenceFilter): number {
  const slug = reference.template_slug === wanted.template_slug ? 4 : 0;
  const category = reference.template_category === wanted.template_category ? 2 : 0;
  const kind = reference.media_kind === wanted.media_kind ? 1 : 0;
  return slug + category + kind;
}

/**
 * Orders references by relevance to the wanted template, category and media kind; the
 * sort is stable, so references of equal relevance keep their order (newest first).
 */
export function rankReferences(
  references: readonly ReferenceInspiration[],
  wanted: ReferenceFilter,
): ReferenceInspiration[] {
  return references
    .map((reference) => ({ reference, score: relevance(reference, wanted) }))
    .sort((left, right) => right.score - left.score)
    .map((ranked) => ranked.reference);
}

/** The recommendations result: up to `limit` (20 when omitted) ready references, best first. */
export async function recommendReferences(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  query: ReferenceInspirationQuery,
): Promise<ReferenceInspirationRecommendations> {
  const rows = await deps.stores.references.list(organizationId, {
    limit: RECOMMENDATION_CANDIDATES_MAX,
    filter: (row) => row.reference.analysis_status === "ready",
  });
  const ranked = rankReferences(
    rows.map((row) => row.reference),
    query,
  );
  return {
    object: "reference_inspiration_recommendations",
    references: ranked.slice(0, query.limit ?? REFERENCE_LIST_LIMIT_MAX),
  };
}
