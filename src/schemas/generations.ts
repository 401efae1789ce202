/**
 * Generations (spec 2.3, 4.4, 4.5): the request that queues a batch, the batch it
 * returns, and the generation record polled until it completes or fails.
 *
 * @module
 */
import { z } from "zod";
import { idempotencyKeySchema, timestampSchema, urlSchema, uuidSchema } from "./common.js";
import { idempotentReplaySchema } from "./creation-result.js";
import { apiErrorSchema } from "./errors.js";
import {
  ASPECT_RATIO_MAX_LENGTH,
  BRAND_KIT_ID_MIN,
  GENERATION_DURATION_MAX_SECONDS,
  GENERATION_DURATION_MIN_SECONDS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  PRESET_ID_MAX_LENGTH,
  PROMPT_MAX_LENGTH,
  QUALITY_TIER_DEFAULT,
  REFERENCE_IMAGE_URLS_MAX,
  REFERENCE_MEDIA_IDS_MAX,
  REQUEST_COUNT_DEFAULT,
  REQUEST_COUNT_MAX,
  REQUEST_COUNT_MIN,
  RESOLUTION_MAX_LENGTH,
  SLUG_MAX_LENGTH,
} from "./limits.js";

/** What a generation produces; selects whether `template_slug` or `model_slug` is read. */
export const generationTypeSchema = z
  .enum(["static_ad", "video_ad", "ugc_ad", "ai_model"])
  .describe("Kind of output: static_ad, video_ad, ugc_ad (from a template) or ai_model.");
/** Kind of generation. */
export type GenerationType = z.output<typeof generationTypeSchema>;

/** The quality tier a generation is rendered at. */
export const qualityTierIdSchema = z
  .enum(["high", "low"])
  .describe("Quality tier: high or low; see quality_tiers in the catalog.");
/** Quality tier of a generation. */
export type QualityTierId = z.output<typeof qualityTierIdSchema>;

const TEMPLATE_TYPES: ReadonlySet<GenerationType> = new Set(["static_ad", "video_ad", "ugc_ad"]);

// A direct URL and a My Media id name the same input; both at once is ambiguous.
const URL_OR_MEDIA_ID_PAIRS = [
  ["source_video_url", "source_video_media_id"],
  ["motion_video_url", "motion_video_media_id"],
  ["audio_url", "audio_media_id"],
] as const;

/**
 * The body of POST /generations. Only `type` is required. Fields that belong to the
 * other kind of generation (`model_slug` on a template type, `template_slug` on
 * `ai_model`) and a URL given together with its My Media id are rejected, since the
 * server would otherwise silently ignore one of them.
 *
 * @example
 * ```ts
 * const body = createGenerationRequestSchema.parse({
 *   type: "static_ad",
 *   template_slug: "product-hero",
 *   prompt: "A sunlit kitchen counter with our cold brew",
 *   request_count: 2,
 * });
 * body.quality_tier; // "high"
 * ```
 */
export const createGenerationRequestSchema = z
  .strictObject({
    type: generationTypeSchema,
    prompt: z
      .string()
      .max(PROMPT_MAX_LENGTH)
      .optional()
      .describe(
        "What to generate. Kept as given when preset_id or custom_reference_inspiration_id is set.",
      ),
    template_slug: z
      .string()
      .max(SLUG_MAX_LENGTH)
      .optional()
      .describe("Template from the catalog, for static_ad, video_ad and ugc_ad."),
    model_slug: z
      .string()
      .max(SLUG_MAX_LENGTH)
      .optional()
      .describe("AI model from ai_models[].slug of the catalog, for ai_model."),
    variant_id: z
      .string()
      .max(SLUG_MAX_LENGTH)
      .optional()
      .describe("Variant from ai_models[].variants[].id; the model's default when omitted."),
    preset_id: z
      .string()
      .max(PRESET_ID_MAX_LENGTH)
      .nullable()
      .optional()
      .describe("Preset from the template's presets[].id; null for none."),
    aspect_ratio: z
      .string()
      .max(ASPECT_RATIO_MAX_LENGTH)
      .optional()
      .describe(
        "Aspect ratio such as 1:1, 9:16, 16:9, 4:5 or auto; the template default when omitted.",
      ),
    duration: z
      .int()
      .min(GENERATION_DURATION_MIN_SECONDS)
      .max(GENERATION_DURATION_MAX_SECONDS)
      .optional()
      .describe(
        "Length in seconds, where the template or variant supports it; must fit the selected quality tier.",
      ),
    resolution: z
      .string()
      .max(RESOLUTION_MAX_LENGTH)
      .optional()
      .describe("Output resolution; static ads usually use 1K."),
    quality_tier: qualityTierIdSchema
      .default(QUALITY_TIER_DEFAULT)
      .describe(`high or low; default ${QUALITY_TIER_DEFAULT}.`),
    brand_kit_id: z
      .int()
      .min(BRAND_KIT_ID_MIN)
      .optional()
      .describe("Brand kit id from GET /assets."),
    avatar_id: z
      .string()
      .max(SLUG_MAX_LENGTH)
      .optional()
      .describe("Custom or public avatar id from GET /assets."),
    custom_reference_inspiration_id: uuidSchema
      .nullable()
      .optional()
      .describe("A ready saved reference inspiration that steers the output; null for none."),
    reference_image_urls: z
      .array(urlSchema)
      .max(REFERENCE_IMAGE_URLS_MAX)
      .optional()
      .describe("Product, brand, person, scene, style or first/last-frame reference images."),
    reference_media_ids: z
      .array(uuidSchema)
      .max(REFERENCE_MEDIA_IDS_MAX)
      .optional()
      .describe("Completed My Media image ids, appended to reference_image_urls."),
    source_video_url: urlSchema
      .optional()
      .describe("Source video for edit or video-to-video variants."),
    source_video_media_id: uuidSchema
      .optional()
      .describe("Completed My Media video used instead of source_video_url."),
    motion_video_url: urlSchema.optional().describe("Motion video for motion-control variants."),
    motion_video_media_id: uuidSchema
      .optional()
      .describe("Completed My Media video used instead of motion_video_url."),
    audio_url: urlSchema.optional().describe("Audio for audio-driven variants."),
    audio_media_id: uuidSchema
      .optional()
      .describe("Completed My Media audio used instead of audio_url."),
    generate_audio: z
      .boolean()
      .default(true)
      .describe("Generate audio where the variant supports it; default true."),
    request_count: z
      .int()
      .min(REQUEST_COUNT_MIN)
      .max(REQUEST_COUNT_MAX)
      .default(REQUEST_COUNT_DEFAULT)
      .describe(
        `How many outputs to queue, ${REQUEST_COUNT_MIN} to ${REQUEST_COUNT_MAX}; default ${REQUEST_COUNT_DEFAULT}. Each is charged.`,
      ),
    idempotency_key: idempotencyKeySchema
      .optional()
      .describe(
        `Idempotency key, used when the Idempotency-Key header is absent; at most ${IDEMPOTENCY_KEY_MAX_LENGTH} chars.`,
      ),
  })
  .superRefine((body, context) => {
    const usesTemplate = TEMPLATE_TYPES.has(body.type);
    const misplaced = usesTemplate
      ? (["model_slug", "variant_id"] as const).filter((field) => body[field] !== undefined)
      : (["template_slug", "preset_id"] as const).filter((field) => body[field] != null);
    for (const field of misplaced) {
      context.addIssue({
        code: "custom",
        path: [field],
        message: usesTemplate
          ? `${field} applies only to type ai_model; use template_slug for ${body.type}.`
          : `${field} applies only to template types; use model_slug for ai_model.`,
      });
    }
    for (const [urlField, mediaIdField] of URL_OR_MEDIA_ID_PAIRS) {
      if (body[urlField] !== undefined && body[mediaIdField] !== undefined) {
        context.addIssue({
          code: "custom",
          path: [mediaIdField],
          message: `Give ${urlField} or ${mediaIdField}, not both.`,
        });
      }
    }
  })
  .describe("Request body of POST /generations.");
/** A parsed POST /generations body, defaults applied. */
export type CreateGenerationRequest = z.output<typeof createGenerationRequestSchema>;
/** A POST /generations body as a client writes it (defaults optional). */
export type CreateGenerationRequestInput = z.input<typeof createGenerationRequestSchema>;

/** Where a generation stands; `completed` and `error` are final. */
export const generationStatusSchema = z
  .enum(["generating", "completed", "error"])
  .describe("generating, then completed or error. Poll until it is completed or error.");
/** Status of a generation. */
export type GenerationStatus = z.output<typeof generationStatusSchema>;

/** Why a generation failed (spec 7.3), and whether the credits came back. */
export const generationErrorSchema = z
  .object({
    code: z.literal("generation_failed").describe("Always generation_failed."),
    message: z.string().describe("Human-readable explanation."),
    retryable: z
      .boolean()
      .describe(
        "Follows the stored failure: false for a confirmed content-policy rejection, possibly true for a provider outage. A retry is a new paid action unless it reuses the original idempotency key.",
      ),
    category: z.string().describe("Stored failure category."),
    credits_returned: z
      .boolean()
      .nullable()
      .describe("Whether the credits were refunded; null when the record does not establish it."),
    context: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Structured details of the failure."),
  })
  .describe("Failure details of a generation.");
/** Failure details of a generation. */
export type GenerationError = z.output<typeof generationErrorSchema>;

/**
 * The response of GET /generations/{id}. `url` is always present and null until the
 * generation completes; `error` is non-null exactly when the status is `error`.
 */
export const generationSchema = z
  .object({
    id: uuidSchema.describe("Generation id."),
    object: z.literal("generation").describe("Always generation."),
    type: generationTypeSchema,
    status: generationStatusSchema,
    url: urlSchema
      .nullable()
      .describe("Final asset URL once status is completed; null before that and on error."),
    error: generationErrorSchema
      .nullable()
      .describe("Failure details when status is error; null otherwise."),
    created_at: timestampSchema.describe("When the generation was queued."),
    updated_at: timestampSchema.describe("When the generation last changed."),
  })
  .superRefine((generation, context) => {
    if ((generation.status === "completed") !== (generation.url !== null)) {
      context.addIssue({
        code: "custom",
        path: ["url"],
        message: "url is set exactly when status is completed.",
      });
    }
    if ((generation.status === "error") !== (generation.error !== null)) {
      context.addIssue({
        code: "custom",
        path: ["error"],
        message: "error is set exactly when status is error.",
      });
    }
  })
  .describe("A generation and its status.");
/** A generation and its status. */
export type Generation = z.output<typeof generationSchema>;

/** One generation of a freshly queued batch. */
export const generationBatchItemSchema = z
  .object({
    id: uuidSchema.describe("Generation id, polled with GET /generations/{id}."),
    object: z.literal("generation").describe("Always generation."),
    status: generationStatusSchema,
    credits_deducted: z.int().min(0).describe("Credits charged for this generation."),
  })
  .describe("A queued generation of a batch.");
/** A queued generation of a batch. */
export type GenerationBatchItem = z.output<typeof generationBatchItemSchema>;

/** Whether every requested generation of a batch was queued (`queued`) or only some (`partial`). */
export const generationBatchStatusSchema = z
  .enum(["queued", "partial"])
  .describe(
    "queued when every requested generation was queued; partial when only some were. Do not retry a partial batch with a new idempotency key unless more outputs are wanted.",
  );
/** Status of a generation batch. */
export type GenerationBatchStatus = z.output<typeof generationBatchStatusSchema>;

/** The response of POST /generations. */
export const generationBatchSchema = z
  .object({
    object: z.literal("generation_batch").describe("Always generation_batch."),
    status: generationBatchStatusSchema,
    request_count: z
      .int()
      .min(REQUEST_COUNT_MIN)
      .max(REQUEST_COUNT_MAX)
      .describe("Generations requested."),
    credits_deducted: z.int().min(0).describe("Credits charged for the whole batch."),
    remaining_credits: z.int().min(0).describe("Credit balance after the charge."),
    generations: z
      .array(generationBatchItemSchema)
      .describe(
        "Every requested generation with its status; one the queue refused shows error and 0 credits.",
      ),
    error: apiErrorSchema
      .nullable()
      .describe("Why some generations were not queued, for a partial batch; null otherwise."),
    idempotent_replay: idempotentReplaySchema,
  })
  .describe("A queued batch of generations.");
/** A queued batch of generations. */
export type GenerationBatch = z.output<typeof generationBatchSchema>;

/**
 * Path parameters of GET /generations/{id}.
 *
 * @example
 * ```ts
 * generationIdParamsSchema.parse({ id: "7d3f2c1e-8a4b-4c5d-9e6f-0a1b2c3d4e5f" });
 * ```
 */
export const generationIdParamsSchema = z
  .strictObject({ id: uuidSchema.describe("Generation id (UUID).") })
  .describe("Path parameters of GET /generations/{id}.");
/** Path parameters of GET /generations/{id}. */
export type GenerationIdParams = z.output<typeof generationIdParamsSchema>;
