/**
 * The generation catalog of GET /models (spec 2.1): templates with their presets and
 * quality tiers, and AI models with their variants. Ids read here are what clients pass
 * as `template_slug`, `preset_id`, `quality_tier`, `model_slug` and `variant_id`.
 *
 * @module
 */
import { z } from "zod";
import { urlSchema } from "./common.js";

/** The template sections of the catalog; also each template's `section`. */
export const catalogSectionSchema = z
  .enum(["static_ads", "video_ads", "ugc_ads"])
  .describe("Catalog section a template belongs to.");
/** A template section of the catalog. */
export type CatalogSection = z.output<typeof catalogSectionSchema>;

const creditsEstimateSchema = z
  .int()
  .min(0)
  .nullable()
  .describe("Estimated credits per output; null when the server prices it per request.");

/** A preset of a template: a ready-made look the user can pick. */
export const presetSchema = z
  .object({
    id: z.string().describe("Preset id, passed as preset_id on POST /generations."),
    label: z.string().describe("Display name."),
    preview_image_url: urlSchema.describe("Preview image of the preset."),
    poster_image_url: urlSchema.describe("Poster image of the preset."),
  })
  .describe("A template preset.");
/** A template preset. */
export type Preset = z.output<typeof presetSchema>;

/** A quality tier of a video template: model, durations and price. */
export const qualityTierSchema = z
  .object({
    id: z.string().describe("Tier id, passed as quality_tier (high or low)."),
    label: z.string().describe("Display name."),
    model: z.string().describe("Model that renders this tier."),
    default_duration: z.int().min(0).describe("Duration in seconds used when none is given."),
    duration_options: z
      .array(z.int().min(0))
      .describe("Durations in seconds this tier accepts; duration must be one of them."),
    resolution: z.string().describe("Output resolution, for example 720p."),
    credits: creditsEstimateSchema,
  })
  .describe("A quality tier of a video template.");
/** A quality tier of a video template. */
export type QualityTier = z.output<typeof qualityTierSchema>;

/** A static ad template (and the shared fields of video templates). */
export const templateItemSchema = z
  .object({
    slug: z.string().describe("Template slug, passed as template_slug on POST /generations."),
    title: z.string().describe("Display name."),
    preview_image_url: urlSchema.describe("Preview image of the template."),
    section: catalogSectionSchema,
    default_aspect_ratio: z.string().describe("Aspect ratio used when none is given, e.g. 1:1."),
    default_resolution: z.string().describe("Resolution used when none is given, e.g. 1K."),
    presets: z.array(presetSchema).describe("Presets of this template."),
  })
  .describe("A catalog template.");
/** A catalog template. */
export type TemplateItem = z.output<typeof templateItemSchema>;

/** A video ad or UGC ad template: a template with a type and quality tiers. */
export const videoTemplateItemSchema = templateItemSchema
  .extend({
    type: z
      .enum(["video_ad", "ugc_ad"])
      .describe("Generation type this template is used with, passed as type."),
    quality_tiers: z.array(qualityTierSchema).describe("Quality tiers, high and low."),
  })
  .describe("A video or UGC ad template.");
/** A video or UGC ad template. */
export type VideoTemplateItem = z.output<typeof videoTemplateItemSchema>;

/** A variant of an AI model: one way of running it (input mode, defaults, price). */
export const aiModelVariantSchema = z
  .object({
    id: z.string().describe("Variant id, passed as variant_id on POST /generations."),
    label: z.string().describe("Display name."),
    model: z.string().describe("Underlying model."),
    input_mode: z
      .string()
      .describe("What the variant takes as input, such as text, image, video or audio."),
    default_aspect_ratio: z.string().describe("Aspect ratio used when none is given."),
    default_duration: z.int().min(0).describe("Duration in seconds used when none is given."),
    default_resolution: z.string().describe("Resolution used when none is given."),
    credits: creditsEstimateSchema,
  })
  .describe("A variant of an AI model.");
/** A variant of an AI model. */
export type AiModelVariant = z.output<typeof aiModelVariantSchema>;

/** An AI model of the catalog, used with generation type `ai_model`. */
export const aiModelItemSchema = z
  .object({
    slug: z.string().describe("Model slug, passed as model_slug on POST /generations."),
    title: z.string().describe("Display name."),
    description: z.string().describe("What the model is good at."),
    default_variant_id: z.string().describe("Variant used when variant_id is omitted."),
    variants: z.array(aiModelVariantSchema).describe("Variants of this model."),
  })
  .describe("An AI model.");
/** An AI model of the catalog. */
export type AiModelItem = z.output<typeof aiModelItemSchema>;

/** The response of GET /models. */
export const catalogSchema = z
  .object({
    object: z.literal("catalog").describe("Always catalog."),
    static_ads: z.array(templateItemSchema).describe("Static ad templates."),
    video_ads: z.array(videoTemplateItemSchema).describe("Video ad templates."),
    ugc_ads: z.array(videoTemplateItemSchema).describe("UGC ad templates."),
    ai_models: z.array(aiModelItemSchema).describe("AI models, used with type ai_model."),
  })
  .describe("The generation catalog of templates, presets and AI models.");
/** The generation catalog. */
export type Catalog = z.output<typeof catalogSchema>;
