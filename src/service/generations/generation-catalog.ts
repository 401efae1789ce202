/**
 * What a generation reads of the catalog (spec 2.1) and of its request (spec 4.4) to
 * choose its entry and price it. The types are structural and name only those fields,
 * spelled as on the wire, so the schema's catalog and parsed request satisfy them, and so
 * does a host's own catalog given to `priceGeneration`.
 *
 * @module
 */

/** A quality tier of a video template: its id and what it costs per generation. */
export interface PricedQualityTier {
  /** Tier id, matched against the request's `quality_tier` (`high`, `low`). */
  readonly id: string;
  /** Credits per generation, or null when the catalog leaves it to the default price. */
  readonly credits: number | null;
}

/** A static ad template: priced by the default static ad price. */
export interface PricedTemplate {
  /** Template slug, matched against `template_slug`. */
  readonly slug: string;
}

/** A video or UGC ad template, priced by its quality tiers. */
export interface PricedVideoTemplate extends PricedTemplate {
  /** The tiers a generation can pick with `quality_tier`. */
  readonly quality_tiers: readonly PricedQualityTier[];
}

/** A variant of an AI model: its id and what it costs per generation. */
export interface PricedModelVariant {
  /** Variant id, matched against `variant_id`. */
  readonly id: string;
  /** Credits per generation, or null when the catalog leaves it to the default price. */
  readonly credits: number | null;
}

/** An AI model of the catalog. */
export interface PricedAiModel {
  /** Model slug, matched against `model_slug`. */
  readonly slug: string;
  /** The variant used when the request names none. */
  readonly default_variant_id: string;
  /** Every variant of the model. */
  readonly variants: readonly PricedModelVariant[];
}

/** The parts of the catalog (spec 2.1) a generation's choice and price read. */
export interface PricingCatalog {
  /** Static ad templates. */
  readonly static_ads: readonly PricedTemplate[];
  /** Video ad templates. */
  readonly video_ads: readonly PricedVideoTemplate[];
  /** UGC ad templates. */
  readonly ugc_ads: readonly PricedVideoTemplate[];
  /** AI models. */
  readonly ai_models: readonly PricedAiModel[];
}

/**
 * The fields of a POST /generations body (spec 4.4) that choose its catalog entry and set
 * its price, with the schema's defaults applied (`quality_tier`, `request_count`).
 */
export interface GenerationPricingRequest {
  /** What to generate. */
  readonly type: "static_ad" | "video_ad" | "ugc_ad" | "ai_model";
  /** Template of a static, video or UGC ad. */
  readonly template_slug?: string | undefined;
  /** Model of an `ai_model` generation. */
  readonly model_slug?: string | undefined;
  /** Variant of the model; the model's default when omitted. */
  readonly variant_id?: string | undefined;
  /** Quality tier of a video or UGC ad, defaulted by the request schema. */
  readonly quality_tier: string;
  /** How many generations to queue, defaulted by the request schema. */
  readonly request_count: number;
}
