/**
 * What a generation request picks from the catalog (spec 2.1): the template and its
 * quality tier for template types, the model variant for `ai_model`, and the checks of
 * the options that belong to them (preset, duration). Pricing has already confirmed that
 * the template, tier, model and variant exist.
 *
 * @module
 */
import type {
  AiModelVariant,
  Catalog,
  QualityTier,
  TemplateItem,
  VideoTemplateItem,
} from "../../schemas/catalog.js";
import type { CreateGenerationRequest } from "../../schemas/generations.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { referenceNotFoundError, unusableFieldError } from "./reference-errors.js";

/** The catalog entries a generation request chose. */
export interface CatalogChoice {
  /** The template of a `static_ad`, `video_ad` or `ugc_ad` generation. */
  readonly template: TemplateItem | undefined;
  /** The quality tier of a `video_ad` or `ugc_ad` generation. */
  readonly qualityTier: QualityTier | undefined;
  /** The model variant of an `ai_model` generation, the model's default when none is named. */
  readonly variant: AiModelVariant | undefined;
}

function videoTemplatesOf(
  catalog: Catalog,
  type: CreateGenerationRequest["type"],
): readonly VideoTemplateItem[] {
  if (type === "video_ad") return catalog.video_ads;
  return type === "ugc_ad" ? catalog.ugc_ads : [];
}

/** The catalog entries of a request; entries the catalog lacks are undefined. */
export function catalogChoiceOf(catalog: Catalog, request: CreateGenerationRequest): CatalogChoice {
  const slug = request.template_slug;
  const videoTemplate = videoTemplatesOf(catalog, request.type).find((t) => t.slug === slug);
  const template =
    request.type === "static_ad" ? catalog.static_ads.find((t) => t.slug === slug) : videoTemplate;
  const qualityTier = videoTemplate?.quality_tiers.find((tier) => tier.id === request.quality_tier);
  const model = catalog.ai_models.find((candidate) => candidate.slug === request.model_slug);
  const variantId = request.variant_id ?? model?.default_variant_id;
  const variant = model?.variants.find((candidate) => candidate.id === variantId);
  return { template, qualityTier, variant };
}

/**
 * 404 when `preset_id` is not one of the template's presets; 400 when `duration` is not
 * one of the quality tier's `duration_options` (spec 4.4: it must fit the tier).
 */
export function checkTemplateOptions(
  request: CreateGenerationRequest,
  choice: CatalogChoice,
): Step<void> {
  const presetId = request.preset_id;
  const presets = choice.template?.presets ?? [];
  if (presetId !== undefined && presetId !== null && !presets.some((p) => p.id === presetId)) {
    return halt(
      referenceNotFoundError(
        "preset_id",
        `Template ${request.template_slug ?? ""} has no preset ${presetId}.`,
      ),
    );
  }
  const duration = request.duration;
  const tier = choice.qualityTier;
  if (duration !== undefined && tier !== undefined && !tier.duration_options.includes(duration)) {
    const message = `Quality tier ${tier.id} of template ${request.template_slug ?? ""} takes a duration of ${tier.duration_options.join(", ")} seconds.`;
    return halt(unusableFieldError({ field: "duration", message, reason: "unsupported_by_tier" }));
  }
  return proceed(undefined);
}
