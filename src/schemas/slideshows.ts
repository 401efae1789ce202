/**
 * Slideshows and carousels (spec 2.4, 4.6, 4.7): the request that queues the workflow,
 * its creation result and the record polled afterwards.
 *
 * @module
 */
import { z } from "zod";
import { strictIdempotencyKeyFieldSchema, urlSchema, uuidSchema } from "./common.js";
import { creationResultSchema } from "./creation-result.js";
import {
  BRAND_KIT_ID_MIN,
  LANGUAGE_MAX_LENGTH,
  LONG_TEXT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PRODUCT_IMAGE_URLS_MAX,
  SLIDE_COUNT_DEFAULT,
  SLIDE_COUNT_OPTIONS,
  SLIDESHOW_ASPECT_RATIO_DEFAULT,
  SLIDESHOW_LANGUAGE_DEFAULT,
  SLUG_MAX_LENGTH,
  VIDEO_ID_MIN,
} from "./limits.js";
import { productStepSchema } from "./videos.js";

/** Aspect ratios a slideshow can have. */
export const slideshowAspectRatioSchema = z
  .enum(["9:16", "1:1", "4:5"])
  .describe("Slide aspect ratio: 9:16, 1:1 or 4:5.");
/** Aspect ratio of a slideshow. */
export type SlideshowAspectRatio = z.output<typeof slideshowAspectRatioSchema>;

const slideCountSchema = z.literal(SLIDE_COUNT_OPTIONS);

/**
 * The body of POST /slideshows. No field is required; the server writes the slides from
 * the prompt, product context and images it is given.
 *
 * @example
 * ```ts
 * const body = createSlideshowRequestSchema.parse({
 *   prompt: "5 ways to style a linen shirt",
 *   slide_count: 5,
 *   idempotency_key: "slideshow-2026-01-15-linen",
 * });
 * body.aspect_ratio; // "4:5"
 * ```
 */
export const createSlideshowRequestSchema = z
  .strictObject({
    prompt: z
      .string()
      .max(LONG_TEXT_MAX_LENGTH)
      .optional()
      .describe("What the slideshow is about."),
    title: z.string().max(NAME_MAX_LENGTH).optional().describe("Title of the slideshow."),
    slide_count: slideCountSchema
      .default(SLIDE_COUNT_DEFAULT)
      .describe(
        `Number of slides: ${SLIDE_COUNT_OPTIONS.join(", ")}; default ${SLIDE_COUNT_DEFAULT}.`,
      ),
    aspect_ratio: slideshowAspectRatioSchema
      .default(SLIDESHOW_ASPECT_RATIO_DEFAULT)
      .describe(`9:16, 1:1 or 4:5; default ${SLIDESHOW_ASPECT_RATIO_DEFAULT}.`),
    product_image_urls: z
      .array(urlSchema)
      .max(PRODUCT_IMAGE_URLS_MAX)
      .optional()
      .describe(`Product images to feature, at most ${PRODUCT_IMAGE_URLS_MAX}.`),
    avatar_id: z.string().max(SLUG_MAX_LENGTH).optional().describe("Avatar id from GET /assets."),
    avatar_image_url: urlSchema
      .optional()
      .describe("Image of a person to feature instead of an avatar."),
    brand_kit_id: z
      .int()
      .min(BRAND_KIT_ID_MIN)
      .optional()
      .describe("Brand kit id from GET /assets."),
    custom_reference_inspiration_id: uuidSchema
      .optional()
      .describe("A ready saved reference inspiration that steers the look."),
    language: z
      .string()
      .max(LANGUAGE_MAX_LENGTH)
      .default(SLIDESHOW_LANGUAGE_DEFAULT)
      .describe(`Language of the slide text; default ${SLIDESHOW_LANGUAGE_DEFAULT}.`),
    product_context: z
      .string()
      .max(LONG_TEXT_MAX_LENGTH)
      .optional()
      .describe("Facts about the product the slides may use."),
    generate_text_overlays: z
      .boolean()
      .default(false)
      .describe(
        "true adds an editable text overlay layer; false (default) creates slides without generated overlay text.",
      ),
    idempotency_key: strictIdempotencyKeyFieldSchema,
  })
  .describe("Request body of POST /slideshows.");
/** A parsed POST /slideshows body, defaults applied. */
export type CreateSlideshowRequest = z.output<typeof createSlideshowRequestSchema>;
/** A POST /slideshows body as a client writes it (defaults optional). */
export type CreateSlideshowRequestInput = z.input<typeof createSlideshowRequestSchema>;

/** The response of POST /slideshows. */
export const slideshowCreationResultSchema = creationResultSchema({
  object: "slideshow_generation",
  pollRequest: "GET /slideshows/{id}",
  beforeCharge: {
    slideshow_id: uuidSchema.describe("Slideshow id, polled with GET /slideshows/{id}."),
    video_id: z.int().min(VIDEO_ID_MIN).describe("Video that holds the slideshow's slides."),
    title: z.string().describe("Title of the slideshow."),
    slide_count: slideCountSchema.describe("Number of slides queued."),
  },
  afterCharge: {},
  description: "A queued slideshow.",
});
/** A queued slideshow. */
export type SlideshowCreationResult = z.output<typeof slideshowCreationResultSchema>;

/** One slide of a slideshow as GET /slideshows/{id} reports it (an extension). */
export const slideSchema = z
  .object({
    number: z.int().min(1).describe("The slide's number, from 1."),
    image_url: urlSchema
      .nullable()
      .describe("The slide's stored picture, for posting the slides as images; null until made."),
    text: z
      .string()
      .nullable()
      .describe("The slide's headline overlay; null without generate_text_overlays."),
  })
  .describe("A slide of a slideshow.");
/** A slide of a slideshow as GET /slideshows/{id} reports it. */
export type Slide = z.output<typeof slideSchema>;

/** The response of GET /slideshows/{id}. Extra properties are allowed. */
export const slideshowSchema = z
  .looseObject({
    object: z.literal("slideshow").describe("Always slideshow."),
    id: uuidSchema.describe("Slideshow id."),
    video_id: z.int().min(VIDEO_ID_MIN).describe("Video that holds the slideshow's slides."),
    status: z.string().describe("Workflow status; poll until completed, failed or error."),
    step: productStepSchema
      .nullable()
      .optional()
      .describe(
        "The step of the slideshow's workflow: slides, visuals, project or render while queued or generating, the step that failed on error, done once rendered. An extension of the contract.",
      ),
    slides: z
      .array(slideSchema)
      .optional()
      .describe(
        "The slides once planned, each with its stored picture (once made) and its text overlay. An extension of the contract.",
      ),
  })
  .describe(
    "A slideshow; extra properties allowed. url is the rendered video once completed; its video_id is an editor project holding one picture per slide (and one text item per slide with overlays) once built.",
  );
/** A slideshow record. */
export type Slideshow = z.output<typeof slideshowSchema>;

/**
 * Path parameters of GET /slideshows/{id}.
 *
 * @example
 * ```ts
 * slideshowIdParamsSchema.parse({ id: "0b6c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d" });
 * ```
 */
export const slideshowIdParamsSchema = z
  .strictObject({ id: uuidSchema.describe("Slideshow id (UUID).") })
  .describe("Path parameters of GET /slideshows/{id}.");
/** Path parameters of GET /slideshows/{id}. */
export type SlideshowIdParams = z.output<typeof slideshowIdParamsSchema>;
