/**
 * The inputs of the agent operations (the MCP tools that have no REST endpoint), as zod
 * schemas. The MCP adapter derives its tool input schemas from these, as it does from
 * the REST schemas for the other tools, so a tool's advertised input and the service's
 * parse cannot disagree.
 *
 * @module
 */
import { z } from "zod";
import { catalogSectionSchema } from "../../schemas/catalog.js";
import { uuidSchema } from "../../schemas/common.js";
import {
  EDITOR_LIST_LIMIT_DEFAULT,
  EDITOR_LIST_LIMIT_MAX,
  EDITOR_LIST_LIMIT_MIN,
  MEDIA_QUERY_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REFERENCE_DESCRIPTION_MAX_LENGTH,
  SLUG_MAX_LENGTH,
} from "../../schemas/limits.js";

/** Most voices `recommend_voice` returns. */
export const VOICE_RECOMMENDATIONS_MAX = 20;
/** Voices `recommend_voice` returns when `limit` is omitted. */
export const VOICE_RECOMMENDATIONS_DEFAULT = 5;
/** Most distinct accounts one publication goes to. */
export const SOCIAL_TARGETS_MAX = 20;
/** Longest post caption: the longest any common network accepts. */
export const SOCIAL_CAPTION_MAX_LENGTH = 2200;
/** Longest social account id. */
export const SOCIAL_ACCOUNT_ID_MAX_LENGTH = 160;

const listLimitSchema = z
  .int()
  .min(EDITOR_LIST_LIMIT_MIN)
  .max(EDITOR_LIST_LIMIT_MAX)
  .default(EDITOR_LIST_LIMIT_DEFAULT)
  .describe(
    `Most results, ${EDITOR_LIST_LIMIT_MIN} to ${EDITOR_LIST_LIMIT_MAX}; default ${EDITOR_LIST_LIMIT_DEFAULT}.`,
  );

/** Sections of the catalog that `list_generation_catalog` can narrow to. */
export const catalogPartSchema = z
  .enum([...catalogSectionSchema.options, "ai_models"])
  .describe("static_ads, video_ads, ugc_ads or ai_models.");

/** Input of `list_generation_catalog`: which part of the catalog to return. */
export const listGenerationCatalogInputSchema = z
  .strictObject({
    section: catalogPartSchema
      .optional()
      .describe(
        "Only this section: static_ads, video_ads, ugc_ads or ai_models; all when omitted.",
      ),
    template_slug: z
      .string()
      .min(1)
      .max(SLUG_MAX_LENGTH)
      .optional()
      .describe(
        "Only the template with this slug, with its presets and quality tiers; AI models are left out.",
      ),
  })
  .describe("Which part of the generation catalog to return.");

/** Input of `recommend_voice`. */
export const recommendVoiceInputSchema = z
  .strictObject({
    description: z
      .string()
      .min(1)
      .max(REFERENCE_DESCRIPTION_MAX_LENGTH)
      .describe(
        "The voice wanted, in words: language or accent, gender, age and style, such as 'warm British female narrator for a skincare ad'.",
      ),
    limit: z
      .int()
      .min(1)
      .max(VOICE_RECOMMENDATIONS_MAX)
      .default(VOICE_RECOMMENDATIONS_DEFAULT)
      .describe(
        `Most voices to return, 1 to ${VOICE_RECOMMENDATIONS_MAX}; default ${VOICE_RECOMMENDATIONS_DEFAULT}.`,
      ),
  })
  .describe("A description of the voice wanted.");

/** Input of `list_editor_sound_effects`. */
export const listSoundEffectsInputSchema = z
  .strictObject({
    query: z
      .string()
      .max(MEDIA_QUERY_MAX_LENGTH)
      .optional()
      .describe("Search text matched against names and tags, such as 'whoosh' or 'sale'."),
    limit: listLimitSchema,
  })
  .describe("Which sound effects to list.");

/** Input of `publish_media_to_social`. */
export const publishMediaToSocialInputSchema = z
  .strictObject({
    media_id: uuidSchema.describe(
      "A completed My Media image, GIF or video (not audio), from list_editor_media or an upload.",
    ),
    social_account_ids: z
      .array(z.string().min(1).max(SOCIAL_ACCOUNT_ID_MAX_LENGTH))
      .min(1)
      .max(SOCIAL_TARGETS_MAX)
      .describe(
        `Ids from list_social_accounts, 1 to ${SOCIAL_TARGETS_MAX}; a repeated id is published to once.`,
      ),
    caption: z
      .string()
      .max(SOCIAL_CAPTION_MAX_LENGTH)
      .optional()
      .describe(`Post text, at most ${SOCIAL_CAPTION_MAX_LENGTH} chars.`),
    title: z
      .string()
      .max(NAME_MAX_LENGTH)
      .optional()
      .describe("Post title, for networks that show one (YouTube)."),
  })
  .describe("What to publish, and where.");

/** Input of `listSocialPublications`. */
export const listSocialPublicationsInputSchema = z
  .strictObject({ limit: listLimitSchema })
  .describe("How many publications to list.");
