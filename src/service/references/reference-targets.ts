/**
 * Reading the organization's reference template targets (spec 2.2): finding the one a
 * request names, and narrowing the list by the filters of GET /reference-inspirations.
 *
 * @module
 */
import type { ReferenceTemplateTarget } from "../../schemas/assets.js";
import type { ReferenceMediaKind, TemplateCategory } from "../../schemas/common.js";

/** Filters that narrow targets and references alike; an absent filter keeps everything. */
export interface ReferenceFilter {
  /** Keep only this template slug. */
  readonly template_slug?: string | undefined;
  /** Keep only this category. */
  readonly template_category?: TemplateCategory | undefined;
  /** Keep only targets accepting, or references holding, this media kind. */
  readonly media_kind?: ReferenceMediaKind | undefined;
}

/** True when the target accepts references of the media kind. */
export function targetAccepts(target: ReferenceTemplateTarget, kind: ReferenceMediaKind): boolean {
  return target.accepts_media_kinds.includes(kind);
}

/** The target with this slug and category, or undefined when the workspace has none. */
export function findReferenceTarget(
  targets: readonly ReferenceTemplateTarget[],
  templateSlug: string,
  templateCategory: TemplateCategory,
): ReferenceTemplateTarget | undefined {
  return targets.find(
    (target) =>
      target.template_slug === templateSlug && target.template_category === templateCategory,
  );
}

/** The targets that pass every filter given, in the workspace's order. */
export function filterTargets(
  targets: readonly ReferenceTemplateTarget[],
  filter: ReferenceFilter,
): ReferenceTemplateTarget[] {
  return targets.filter(
    (target) =>
      (filter.template_slug === undefined || target.template_slug === filter.template_slug) &&
      (filter.template_category === undefined ||
        target.template_category === filter.template_category) &&
      (filter.media_kind === undefined || targetAccepts(target, filter.media_kind)),
  );
}
