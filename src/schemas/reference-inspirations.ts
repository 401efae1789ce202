/**
 * Reference inspirations (spec 2.6, 4.10, 4.11): user media saved against a template
 * target and later used to steer generations; the three read modes of
 * GET /reference-inspirations; and the create request with inline images.
 *
 * @module
 */
import { z } from "zod";
import { referenceTemplateTargetSchema } from "./assets.js";
import {
  idempotencyKeySchema,
  queryBooleanSchema,
  referenceMediaKindSchema,
  templateCategorySchema,
  timestampSchema,
  urlSchema,
  uuidSchema,
} from "./common.js";
import { idempotentReplaySchema } from "./creation-result.js";
import {
  BYTES_PER_MEBIBYTE,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REFERENCE_ANALYSIS_CREDITS_PER_ITEM,
  REFERENCE_DESCRIPTION_MAX_LENGTH,
  REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX,
  REFERENCE_INLINE_IMAGE_MAX_BASE64_LENGTH,
  REFERENCE_INLINE_IMAGE_MAX_BYTES,
  REFERENCE_INLINE_IMAGES_MAX,
  REFERENCE_LIST_LIMIT_MAX,
  REFERENCE_LIST_LIMIT_MIN,
  REFERENCE_SUGGESTION_LIMIT_MAX,
  SLUG_MAX_LENGTH,
} from "./limits.js";
import { decimalIntegerSchema } from "./videos.js";

/** Who can see a saved reference. */
export const referenceVisibilitySchema = z
  .enum(["private", "public"])
  .describe("private (this workspace only) or public.");
/** Visibility of a saved reference. */
export type ReferenceVisibility = z.output<typeof referenceVisibilitySchema>;

/** A saved reference inspiration. Usable as `custom_reference_inspiration_id` once ready. */
export const referenceInspirationSchema = z
  .object({
    id: uuidSchema.describe("Reference id, passed as custom_reference_inspiration_id once ready."),
    organization_id: z.int().describe("Organization that owns the reference."),
    template_slug: z.string().describe("Template target the reference is saved to."),
    template_category: templateCategorySchema.describe("Category of the template target."),
    media_kind: referenceMediaKindSchema.describe(
      "What the reference holds: image, slideshow or video.",
    ),
    visibility: referenceVisibilitySchema,
    label: z.string().describe("Display name."),
    preview_image_url: urlSchema.nullable().describe("Preview image; null until one exists."),
    video_url: urlSchema.nullable().describe("Reference video; null for image references."),
    media_urls: z.array(urlSchema).describe("Stored reference media."),
    analysis_status: z
      .string()
      .describe("State of the analysis queued when the reference was saved."),
    analysis_error: z.string().nullable().describe("Why the analysis failed; null otherwise."),
    public_approval_status: z.string().describe("Review state of a public reference."),
    created_at: timestampSchema.describe("When the reference was saved."),
  })
  .describe("A saved reference inspiration.");
/** A saved reference inspiration. */
export type ReferenceInspiration = z.output<typeof referenceInspirationSchema>;

/**
 * An inline image of POST /reference-inspirations. Only the shape is checked here: the
 * declared type and a base64 length that could still decode within the size limit. The
 * image's real format (magic bytes) and decoded size are checked when it is decoded.
 */
export const inlineReferenceImageSchema = z
  .strictObject({
    filename: z.string().min(1).max(NAME_MAX_LENGTH).describe("File name, such as look.png."),
    content_type: z
      .enum(["image/png", "image/jpeg", "image/webp"])
      .describe("MIME type: image/png, image/jpeg or image/webp."),
    data: z
      .string()
      .min(1)
      .max(REFERENCE_INLINE_IMAGE_MAX_BASE64_LENGTH)
      .describe(
        `Base64 image bytes, with or without a data-URL prefix; at most ${REFERENCE_INLINE_IMAGE_MAX_BYTES / BYTES_PER_MEBIBYTE} MiB decoded.`,
      ),
  })
  .describe("An inline reference image.");
/** An inline reference image. */
export type InlineReferenceImage = z.output<typeof inlineReferenceImageSchema>;

/**
 * The body of POST /reference-inspirations. At least one media source is required among
 * `image_urls`, `images` and `video_url`; each media item costs 30 credits.
 *
 * @example
 * ```ts
 * const body = createReferenceInspirationRequestSchema.parse({
 *   template_slug: "product-hero",
 *   template_category: "static-ads",
 *   image_urls: ["https://cdn.example.com/looks/1.jpg"],
 * });
 * body.visibility; // "private"
 * ```
 */
export const createReferenceInspirationRequestSchema = z
  .strictObject({
    template_slug: z
      .string()
      .max(SLUG_MAX_LENGTH)
      .describe("Template target from reference_template_targets of GET /assets."),
    template_category: templateCategorySchema.describe(
      "Category of the target: static-ads, video-templates or slideshow-carousel.",
    ),
    media_kind: referenceMediaKindSchema
      .default("image")
      .describe("image, slideshow or video; default image."),
    visibility: referenceVisibilitySchema
      .default("private")
      .describe("private or public; default private."),
    label: z.string().max(NAME_MAX_LENGTH).optional().describe("Display name."),
    image_urls: z
      .array(urlSchema)
      .max(REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX)
      .optional()
      .describe(`Reference image URLs, at most ${REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX}.`),
    images: z
      .array(inlineReferenceImageSchema)
      .max(REFERENCE_INLINE_IMAGES_MAX)
      .optional()
      .describe(`Inline PNG, JPEG or WebP images, at most ${REFERENCE_INLINE_IMAGES_MAX}.`),
    video_url: urlSchema.optional().describe("Reference video URL."),
    idempotency_key: idempotencyKeySchema
      .optional()
      .describe(
        `Idempotency key, used when the Idempotency-Key header is absent; at most ${IDEMPOTENCY_KEY_MAX_LENGTH} chars.`,
      ),
  })
  .superRefine((body, context) => {
    const hasMedia =
      (body.image_urls?.length ?? 0) > 0 ||
      (body.images?.length ?? 0) > 0 ||
      body.video_url !== undefined;
    if (!hasMedia) {
      context.addIssue({
        code: "custom",
        path: [],
        message: "Give at least one media source: image_urls, images or video_url.",
      });
    }
  })
  .describe("Request body of POST /reference-inspirations.");
/** A parsed POST /reference-inspirations body, defaults applied. */
export type CreateReferenceInspirationRequest = z.output<
  typeof createReferenceInspirationRequestSchema
>;
/** A POST /reference-inspirations body as a client writes it (defaults optional). */
export type CreateReferenceInspirationRequestInput = z.input<
  typeof createReferenceInspirationRequestSchema
>;

const SUGGESTION_ONLY_PARAMETERS = ["description", "image_url", "video_url"] as const;

// A repeated query key arrives as an array and a single one as a string; both come out as
// an array. The count is checked after the merge so too many reads as `too_big`.
const repeatableImageUrlSchema = z
  .union([urlSchema, z.array(urlSchema)])
  .transform((value) => (typeof value === "string" ? [value] : value))
  .pipe(z.array(z.string()).max(REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX));

/**
 * The query of GET /reference-inspirations. The mode is chosen by `recommend` or
 * `suggest_targets` (never both); `description`, `image_url` and `video_url` are read
 * only in target-suggestion mode, where `limit` is at most 12 instead of 20. When `limit`
 * is omitted the server returns up to the mode's maximum.
 *
 * @example
 * ```ts
 * const query = referenceInspirationQuerySchema.parse({
 *   suggest_targets: "true",
 *   description: "Flat-lay photos of skincare bottles",
 *   image_url: ["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.jpg"],
 *   limit: "5",
 * });
 * query.limit; // 5
 * ```
 */
export const referenceInspirationQuerySchema = z
  .strictObject({
    recommend: queryBooleanSchema
      .default(false)
      .describe("true returns recommendations instead of the saved list; default false."),
    suggest_targets: queryBooleanSchema
      .default(false)
      .describe("true returns template targets suited to the described media; default false."),
    template_slug: z
      .string()
      .max(SLUG_MAX_LENGTH)
      .optional()
      .describe("Filter, and recommendation input."),
    template_category: templateCategorySchema.optional().describe("Filter by template category."),
    media_kind: referenceMediaKindSchema.optional().describe("Filter by media kind."),
    description: z
      .string()
      .max(REFERENCE_DESCRIPTION_MAX_LENGTH)
      .optional()
      .describe(
        `What the media shows, at most ${REFERENCE_DESCRIPTION_MAX_LENGTH} chars; only with suggest_targets=true.`,
      ),
    image_url: repeatableImageUrlSchema
      .optional()
      .describe(
        `Image to place; repeat the parameter for several (at most ${REFERENCE_IMAGE_URLS_PER_INSPIRATION_MAX}). Only with suggest_targets=true.`,
      ),
    video_url: urlSchema.optional().describe("Video to place; only with suggest_targets=true."),
    limit: decimalIntegerSchema(REFERENCE_LIST_LIMIT_MIN, REFERENCE_LIST_LIMIT_MAX)
      .optional()
      .describe(
        `Most results, ${REFERENCE_LIST_LIMIT_MIN} to ${REFERENCE_LIST_LIMIT_MAX} (at most ${REFERENCE_SUGGESTION_LIMIT_MAX} with suggest_targets=true); the mode's maximum when omitted.`,
      ),
  })
  .superRefine((query, context) => {
    if (query.recommend && query.suggest_targets) {
      context.addIssue({
        code: "custom",
        path: ["suggest_targets"],
        message: "recommend and suggest_targets are mutually exclusive; set at most one to true.",
      });
    }
    if (!query.suggest_targets) {
      for (const name of SUGGESTION_ONLY_PARAMETERS) {
        if (query[name] !== undefined) {
          context.addIssue({
            code: "custom",
            path: [name],
            message: `${name} is read only with suggest_targets=true.`,
          });
        }
      }
    }
    if (
      query.suggest_targets &&
      query.limit !== undefined &&
      query.limit > REFERENCE_SUGGESTION_LIMIT_MAX &&
      // Past the overall maximum the limit was already reported once.
      query.limit <= REFERENCE_LIST_LIMIT_MAX
    ) {
      context.addIssue({
        code: "too_big",
        origin: "number",
        maximum: REFERENCE_SUGGESTION_LIMIT_MAX,
        inclusive: true,
        input: query.limit,
        path: ["limit"],
        message: `limit is at most ${REFERENCE_SUGGESTION_LIMIT_MAX} with suggest_targets=true.`,
      });
    }
  })
  .describe("Query of GET /reference-inspirations.");
/** A parsed GET /reference-inspirations query. */
export type ReferenceInspirationQuery = z.output<typeof referenceInspirationQuerySchema>;

/** The response of POST /reference-inspirations. */
export const referenceInspirationCreateResultSchema = z
  .object({
    object: z.literal("reference_inspiration").describe("Always reference_inspiration."),
    reference: referenceInspirationSchema,
    credits_deducted: z
      .int()
      .min(0)
      .describe(`Credits charged: ${REFERENCE_ANALYSIS_CREDITS_PER_ITEM} per media item.`),
    remaining_credits: z
      .int()
      .min(0)
      .nullable()
      .describe("Credit balance after the charge; null when it could not be read."),
    idempotent_replay: idempotentReplaySchema,
  })
  .describe("A saved reference inspiration and its charge.");
/** A saved reference inspiration and its charge. */
export type ReferenceInspirationCreateResult = z.output<
  typeof referenceInspirationCreateResultSchema
>;

/** The default response of GET /reference-inspirations. */
export const referenceInspirationListSchema = z
  .object({
    object: z.literal("reference_inspiration_list").describe("Always reference_inspiration_list."),
    template_targets: z
      .array(referenceTemplateTargetSchema)
      .describe("Places where references can be saved."),
    references: z.array(referenceInspirationSchema).describe("Saved references."),
  })
  .describe("Saved references and the targets they can be saved to.");
/** Saved references and their targets. */
export type ReferenceInspirationList = z.output<typeof referenceInspirationListSchema>;

/** The response of GET /reference-inspirations?recommend=true. */
export const referenceInspirationRecommendationsSchema = z
  .object({
    object: z
      .literal("reference_inspiration_recommendations")
      .describe("Always reference_inspiration_recommendations."),
    references: z.array(referenceInspirationSchema).describe("Recommended references, best first."),
  })
  .describe("Recommended references.");
/** Recommended references. */
export type ReferenceInspirationRecommendations = z.output<
  typeof referenceInspirationRecommendationsSchema
>;

/** A template target suggested for described media, with its score and reason. */
export const referenceTargetSuggestionSchema = referenceTemplateTargetSchema
  .extend({
    score: z.number().describe("How well the media fits this target; higher is better."),
    reason: z.string().describe("Why the target fits, in one sentence."),
  })
  .describe("A suggested reference template target.");
/** A suggested reference template target. */
export type ReferenceTargetSuggestion = z.output<typeof referenceTargetSuggestionSchema>;

/** The response of GET /reference-inspirations?suggest_targets=true. */
export const referenceTargetSuggestionsSchema = z
  .object({
    object: z
      .literal("reference_template_target_suggestions")
      .describe("Always reference_template_target_suggestions."),
    media_kind: referenceMediaKindSchema.describe("Media kind inferred from the inputs."),
    image_count: z.int().min(0).describe("Number of images considered."),
    has_video: z.boolean().describe("Whether a video was given."),
    suggestions: z
      .array(referenceTargetSuggestionSchema)
      .describe("Suggested targets, best first."),
    next_step: z.string().describe("What to do next, such as which create call to make."),
  })
  .describe("Template targets suggested for described media.");
/** Template targets suggested for described media. */
export type ReferenceTargetSuggestions = z.output<typeof referenceTargetSuggestionsSchema>;
