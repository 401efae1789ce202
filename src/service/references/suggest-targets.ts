/**
 * Target-suggestion mode of GET /reference-inspirations (spec 4.10): which of the
 * workspace's reference template targets suit the media a caller describes. Only targets
 * accepting the media's kind are suggested; the description's words raise the score of
 * targets whose label, slug or category they name.
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { ReferenceTemplateTarget } from "../../schemas/assets.js";
import type { ReferenceMediaKind } from "../../schemas/common.js";
import { REFERENCE_SUGGESTION_LIMIT_MAX } from "../../schemas/limits.js";
import type {
  ReferenceInspirationQuery,
  ReferenceTargetSuggestion,
  ReferenceTargetSuggestions,
} from "../../schemas/reference-inspirations.js";
import { meaningfulWords } from "./description-words.js";
import { filterTargets } from "./reference-targets.js";
import { scoreTarget } from "./score-target.js";

/**
 * The media kind of described media: an explicit `media_kind` wins; otherwise `video`
 * with a video, `slideshow` with two or more images, else `image`.
 */
export function inferMediaKind(query: ReferenceInspirationQuery): ReferenceMediaKind {
  if (query.media_kind !== undefined) return query.media_kind;
  if (query.video_url !== undefined) return "video";
  return (query.image_url?.length ?? 0) >= 2 ? "slideshow" : "image";
}

/** The sentence telling the caller which create call to make next. */
export function nextStepFor(
  kind: ReferenceMediaKind,
  suggestions: readonly ReferenceTargetSuggestion[],
): string {
  if (suggestions.length === 0) {
    return `No reference template target of this workspace accepts ${kind} media; see reference_template_targets of GET /assets, then POST /reference-inspirations with a target that accepts your media.`;
  }
  return `Pick a suggestion and POST /reference-inspirations with its template_slug and template_category, media_kind ${kind}, and your media (image_urls, images or video_url); each media item costs 30 credits.`;
}

/** Ranks the targets accepting `kind` by how well the description names them, best first. */
export function rankTargets(
  targets: readonly ReferenceTemplateTarget[],
  kind: ReferenceMediaKind,
  description: string | undefined,
): ReferenceTargetSuggestion[] {
  const words = description === undefined ? undefined : meaningfulWords(description);
  return filterTargets(targets, { media_kind: kind })
    .map((target) => ({ ...target, ...scoreTarget(target, kind, words) }))
    .sort((left, right) => right.score - left.score);
}

/** The target suggestions result: up to `limit` (12 when omitted) targets, best first. */
export async function suggestTargets(
  deps: ServiceDependencies,
  organizationId: OrganizationId,
  query: ReferenceInspirationQuery,
): Promise<ReferenceTargetSuggestions> {
  const assets = await deps.workspace.assets(organizationId);
  const kind = inferMediaKind(query);
  const candidates = filterTargets(assets.reference_template_targets, {
    template_slug: query.template_slug,
    template_category: query.template_category,
  });
  const suggestions = rankTargets(candidates, kind, query.description).slice(
    0,
    query.limit ?? REFERENCE_SUGGESTION_LIMIT_MAX,
  );
  return {
    object: "reference_template_target_suggestions",
    media_kind: kind,
    image_count: query.image_url?.length ?? 0,
    has_video: query.video_url !== undefined,
    suggestions,
    next_step: nextStepFor(kind, suggestions),
  };
}
