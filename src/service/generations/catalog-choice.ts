/**
 * The one choice of catalog entry a generation request makes (spec 2.1, 4.4): the template
 * and its quality tier for `static_ad`, `video_ad` and `ugc_ad`, the model and its variant
 * (the model's default when the request names none) for `ai_model`. The price and the job
 * both read the entry chosen here; a template, tier, model or variant the catalog lacks is
 * an {@link UnknownCatalogOption}, a 400 `bad_request` naming the field (spec 7.2).
 *
 * @module
 */
import type { PricingFailure } from "../../credits/pricing.js";
import { err, ok, type Result } from "../../result.js";
import type { Catalog } from "../../schemas/catalog.js";
import type {
  GenerationPricingRequest,
  PricedTemplate,
  PricingCatalog,
} from "./generation-catalog.js";

/** A template, tier, model or variant the request names and the catalog lacks. */
export interface UnknownCatalogOption extends PricingFailure {
  /** Always `bad_request`: an unsupported option (spec 7.2). */
  readonly code: "bad_request";
  /** The request field at fault. */
  readonly field: "template_slug" | "quality_tier" | "model_slug" | "variant_id";
}

/**
 * The catalog entry a generation request chose, typed by the catalog it was chosen from:
 * the entries keep every field that catalog gives them (presets, duration options, input
 * modes).
 */
export type CatalogChoice<Entries extends PricingCatalog = Catalog> =
  | {
      /** A static ad, priced by the price table. */
      readonly type: "static_ad";
      /** The chosen template. */
      readonly template: Entries["static_ads"][number];
    }
  | {
      /** A video or UGC ad, priced by its quality tier. */
      readonly type: "video_ad" | "ugc_ad";
      /** The chosen template. */
      readonly template: Entries["video_ads" | "ugc_ads"][number];
      /** The chosen quality tier of the template. */
      readonly qualityTier: Entries["video_ads" | "ugc_ads"][number]["quality_tiers"][number];
    }
  | {
      /** An AI model generation, priced by its variant. */
      readonly type: "ai_model";
      /** The chosen model. */
      readonly model: Entries["ai_models"][number];
      /** The chosen variant, the model's default when the request names none. */
      readonly variant: Entries["ai_models"][number]["variants"][number];
    };

function unknownOption(
  field: UnknownCatalogOption["field"],
  message: string,
): Result<never, UnknownCatalogOption> {
  return err({ code: "bad_request", field, message });
}

function chooseTemplate<Template extends PricedTemplate>(
  templates: readonly Template[],
  request: GenerationPricingRequest,
): Result<Template, UnknownCatalogOption> {
  const slug = request.template_slug;
  if (slug === undefined) {
    return unknownOption("template_slug", `A ${request.type} generation needs template_slug.`);
  }
  const template = templates.find((candidate) => candidate.slug === slug);
  if (template === undefined) {
    return unknownOption("template_slug", `The catalog has no ${request.type} template ${slug}.`);
  }
  return ok(template);
}

function chooseVideoTier<Entries extends PricingCatalog>(
  catalog: Entries,
  request: GenerationPricingRequest & { readonly type: "video_ad" | "ugc_ad" },
): Result<CatalogChoice<Entries>, UnknownCatalogOption> {
  const templates = request.type === "video_ad" ? catalog.video_ads : catalog.ugc_ads;
  const found = chooseTemplate(templates, request);
  if (!found.ok) return found;
  const template = found.value;
  const tierId = request.quality_tier;
  const qualityTier = template.quality_tiers.find((candidate) => candidate.id === tierId);
  if (qualityTier === undefined) {
    return unknownOption(
      "quality_tier",
      `Template ${template.slug} has no quality tier ${tierId}.`,
    );
  }
  return ok({ type: request.type, template, qualityTier });
}

function chooseModelVariant<Entries extends PricingCatalog>(
  catalog: Entries,
  request: GenerationPricingRequest,
): Result<CatalogChoice<Entries>, UnknownCatalogOption> {
  const slug = request.model_slug;
  if (slug === undefined) {
    return unknownOption("model_slug", "An ai_model generation needs model_slug.");
  }
  const model = catalog.ai_models.find((candidate) => candidate.slug === slug);
  if (model === undefined) {
    return unknownOption("model_slug", `The catalog has no AI model ${slug}.`);
  }
  const variantId = request.variant_id ?? model.default_variant_id;
  const variant = model.variants.find((candidate) => candidate.id === variantId);
  if (variant === undefined) {
    return unknownOption("variant_id", `Model ${model.slug} has no variant ${variantId}.`);
  }
  return ok({ type: "ai_model", model, variant });
}

/**
 * Chooses the catalog entry of a generation request, once per request; the price and the
 * job input both read the choice.
 *
 * @example
 * ```ts
 * const choice = chooseCatalogEntry(catalog, { type: "ai_model", model_slug: "veo", quality_tier: "high", request_count: 1 });
 * if (choice.ok && choice.value.type === "ai_model") choice.value.variant.id; // the model's default variant
 * ```
 */
export function chooseCatalogEntry<Entries extends PricingCatalog>(
  catalog: Entries,
  request: GenerationPricingRequest,
): Result<CatalogChoice<Entries>, UnknownCatalogOption> {
  const { type } = request;
  switch (type) {
    case "static_ad": {
      const template = chooseTemplate(catalog.static_ads, request);
      return template.ok ? ok({ type, template: template.value }) : template;
    }
    case "video_ad":
    case "ugc_ad":
      return chooseVideoTier(catalog, { ...request, type });
    case "ai_model":
      return chooseModelVariant(catalog, request);
  }
}
