/**
 * The default mode of GET /reference-inspirations (spec 4.10): the organization's saved
 * references, newest first, and the targets they can be saved to, both narrowed by the
 * same filters.
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import { REFERENCE_LIST_LIMIT_MAX } from "../../schemas/limits.js";
import type {
  ReferenceInspiration,
  ReferenceInspirationList,
  ReferenceInspirationQuery,
} from "../../schemas/reference-inspirations.js";
import { filterTargets, type ReferenceFilter } from "./reference-targets.js";

/** True when the reference passes every filter given. */
export function referenceMatches(
  reference: ReferenceInspiration,
  filter: ReferenceFilter,
): boolean {
  return (
    (filter.template_slug === undefined || reference.template_slug === filter.template_slug) &&
    (filter.template_category === undefined ||
      reference.template_category === filter.template_category) &&
    (filter.media_kind === undefined || reference.media_kind === filter.media_kind)
  );
}

/** The list result: saved references (up to `limit`, 20 when omitted) and their targets. */
export async function listSavedReferences(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  query: ReferenceInspirationQuery,
): Promise<ReferenceInspirationList> {
  const assets = await deps.workspace.assets(organizationId);
  const rows = await deps.stores.references.list(organizationId, {
    limit: query.limit ?? REFERENCE_LIST_LIMIT_MAX,
    filter: (row) => referenceMatches(row.reference, query),
  });
  return {
    object: "reference_inspiration_list",
    template_targets: filterTargets(assets.reference_template_targets, query),
    references: rows.map((row) => row.reference),
  };
}
