/**
 * Faceless videos (spec 2.5, 4.8): the request that queues the script → visuals →
 * voiceover → captions → video workflow, and its creation result. The finished video is
 * polled with GET /videos/{id}.
 *
 * @module
 */
import { z } from "zod";
import { strictIdempotencyKeyFieldSchema, urlSchema } from "./common.js";
import { creationResultSchema } from "./creation-result.js";
import {
  BRAND_KIT_ID_MIN,
  FACELESS_ASPECT_RATIO_DEFAULT,
  FACELESS_DURATION_DEFAULT,
  FACELESS_DURATION_MAX_SECONDS,
  FACELESS_DURATION_MIN_SECONDS,
  FACELESS_IMAGE_STYLE_DEFAULT,
  FACELESS_LANGUAGE_DEFAULT,
  FACELESS_VOICE_DEFAULT,
  LANGUAGE_MAX_LENGTH,
  LONG_TEXT_MAX_LENGTH,
  MUSIC_UNDER_VOICE_DB,
  NAME_MAX_LENGTH,
  REFERENCE_IMAGE_URLS_MAX,
  SCRIPT_MAX_LENGTH,
  SELECTED_STYLES_MAX,
  VIDEO_ID_MIN,
  VOICE_ID_MAX_LENGTH,
} from "./limits.js";

/** Aspect ratios a faceless video can have. */
export const facelessAspectRatioSchema = z
  .enum(["9:16", "16:9"])
  .describe("Video aspect ratio: 9:16 or 16:9.");
/** Aspect ratio of a faceless video. */
export type FacelessAspectRatio = z.output<typeof facelessAspectRatioSchema>;

// The contract types duration as a string. Clients (agents especially) also send the
// number, which is unambiguous, so both are read and the canonical string comes out.
// Leading zeros are refused so that every accepted string is the canonical one.
const facelessDurationSchema = z
  .union([z.string().regex(/^[1-9][0-9]*$/, "Expected whole seconds in decimal digits."), z.int()])
  .transform(Number)
  .pipe(z.int().min(FACELESS_DURATION_MIN_SECONDS).max(FACELESS_DURATION_MAX_SECONDS))
  .transform(String);

const styleListSchema = z.array(z.string().max(NAME_MAX_LENGTH)).max(SELECTED_STYLES_MAX);

/**
 * The body of POST /faceless-videos. With no `script` the server writes one from the
 * prompt; the result carries the script that was used.
 *
 * @example
 * ```ts
 * const body = createFacelessVideoRequestSchema.parse({
 *   prompt: "Three facts about deep-sea octopuses",
 *   duration: "45",
 *   idempotency_key: "faceless-octopus-1",
 * });
 * body.voice_id; // "ash"
 * ```
 */
export const createFacelessVideoRequestSchema = z
  .strictObject({
    prompt: z
      .string()
      .max(LONG_TEXT_MAX_LENGTH)
      .optional()
      .describe("Topic used to write the script when no script is supplied."),
    script: z
      .string()
      .max(SCRIPT_MAX_LENGTH)
      .optional()
      .describe("Finished script to narrate as is."),
    title: z.string().max(NAME_MAX_LENGTH).optional().describe("Internal title."),
    aspect_ratio: facelessAspectRatioSchema
      .default(FACELESS_ASPECT_RATIO_DEFAULT)
      .describe(`9:16 or 16:9; default ${FACELESS_ASPECT_RATIO_DEFAULT}.`),
    duration: facelessDurationSchema
      .default(FACELESS_DURATION_DEFAULT)
      .describe(
        `Target length in whole seconds as a string, ${FACELESS_DURATION_MIN_SECONDS} to ${FACELESS_DURATION_MAX_SECONDS}; default "${FACELESS_DURATION_DEFAULT}". An integer is also accepted.`,
      ),
    image_style: z
      .string()
      .max(NAME_MAX_LENGTH)
      .default(FACELESS_IMAGE_STYLE_DEFAULT)
      .describe(`Visual style of the generated images; default ${FACELESS_IMAGE_STYLE_DEFAULT}.`),
    voice_id: z
      .string()
      .max(VOICE_ID_MAX_LENGTH)
      .default(FACELESS_VOICE_DEFAULT)
      .describe(
        `Narrator voice from voices[].id of GET /assets; default ${FACELESS_VOICE_DEFAULT}.`,
      ),
    language: z
      .string()
      .max(LANGUAGE_MAX_LENGTH)
      .default(FACELESS_LANGUAGE_DEFAULT)
      .describe(`Language of script and voiceover; default ${FACELESS_LANGUAGE_DEFAULT}.`),
    reference_image_urls: z
      .array(urlSchema)
      .max(REFERENCE_IMAGE_URLS_MAX)
      .optional()
      .describe(`Product or style images, at most ${REFERENCE_IMAGE_URLS_MAX}.`),
    selected_ai_styles: styleListSchema
      .optional()
      .describe(`AI image styles, at most ${SELECTED_STYLES_MAX}.`),
    selected_flux_dev_styles: styleListSchema
      .optional()
      .describe(`Flux dev image styles, at most ${SELECTED_STYLES_MAX}.`),
    brand_kit_id: z
      .int()
      .min(BRAND_KIT_ID_MIN)
      .optional()
      .describe("Brand kit id from GET /assets."),
    music_url: urlSchema
      .optional()
      .describe(
        `Background music under the narration, such as the url of a My Media audio item: an audio item with audio_role music in the video's project, ${-MUSIC_UNDER_VOICE_DB} dB below its own level. An extension of the contract.`,
      ),
    idempotency_key: strictIdempotencyKeyFieldSchema,
  })
  .describe("Request body of POST /faceless-videos.");
/** A parsed POST /faceless-videos body, defaults applied and `duration` canonical. */
export type CreateFacelessVideoRequest = z.output<typeof createFacelessVideoRequestSchema>;
/** A POST /faceless-videos body as a client writes it (defaults optional). */
export type CreateFacelessVideoRequestInput = z.input<typeof createFacelessVideoRequestSchema>;

/** The response of POST /faceless-videos. */
export const facelessVideoCreationResultSchema = creationResultSchema({
  object: "faceless_video_generation",
  pollRequest: "GET /videos/{video_id}",
  beforeCharge: {
    video_id: z.int().min(VIDEO_ID_MIN).describe("Video id, polled with GET /videos/{id}."),
  },
  afterCharge: { script: z.string().describe("The script the video narrates.") },
  description: "A queued faceless video.",
});
/** A queued faceless video. */
export type FacelessVideoCreationResult = z.output<typeof facelessVideoCreationResultSchema>;
