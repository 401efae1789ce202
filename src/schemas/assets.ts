/**
 * Workspace assets of GET /assets (spec 2.2): brand kits, avatars, voices and the
 * template targets reference media can be saved to. Ids read here are what clients pass
 * as `brand_kit_id`, `avatar_id`, `voice_id` and reference `template_slug`.
 *
 * @module
 */
import { z } from "zod";
import {
  integerIdSchema,
  referenceMediaKindSchema,
  templateCategorySchema,
  timestampSchema,
  urlSchema,
} from "./common.js";
import {
  NARRATION_WORDS_PER_SECOND_DEFAULT,
  NARRATION_WORDS_PER_SECOND_MAX,
  NARRATION_WORDS_PER_SECOND_MIN,
} from "./limits.js";

/** A brand kit. Extra properties are allowed: kits carry fields the contract does not list. */
export const brandKitSchema = z
  .looseObject({
    id: integerIdSchema.describe("Brand kit id, passed as brand_kit_id."),
    brand_id: z.int().describe("Brand the kit belongs to."),
    kit_name: z.string().describe("Display name."),
    kit_data: z
      .record(z.string(), z.unknown())
      .describe("Free-form kit contents: colours, fonts, logos, tone."),
    training_status: z
      .string()
      .nullable()
      .describe("State of the kit's training; null when it was never trained."),
    created_at: timestampSchema.describe("When the kit was created."),
    updated_at: timestampSchema.describe("When the kit last changed."),
  })
  .describe("A brand kit; extra properties allowed.");
/** A brand kit of the workspace. */
export type BrandKit = z.output<typeof brandKitSchema>;

/** An avatar (a presenter for UGC ads and slideshows). Wire names are camelCase here. */
export const avatarSchema = z
  .object({
    id: z.string().describe("Avatar id, passed as avatar_id."),
    name: z.string().describe("Display name."),
    imageUrl: urlSchema.describe("Still image of the avatar."),
    videoUrl: urlSchema.describe("Sample video of the avatar."),
    isCustom: z
      .boolean()
      .describe("True for avatars the workspace created; false for public ones."),
  })
  .describe("An avatar.");
/** An avatar of the workspace or a public one. */
export type Avatar = z.output<typeof avatarSchema>;

/** A voice for faceless videos and voiceovers: built-in or a ready custom clone. */
export const voiceSchema = z
  .object({
    id: z.string().describe("Voice id, passed as voice_id on POST /faceless-videos."),
    name: z.string().describe("Display name."),
    preview_url: urlSchema.describe("Audio sample of the voice."),
    source: z
      .enum(["built_in", "custom_clone"])
      .describe("built_in, or custom_clone for a voice cloned by the workspace."),
    locale: z.array(z.string()).describe("Locales the voice speaks, such as en-US."),
    credits_9_16: z.int().min(0).describe("Credits of a 9:16 faceless video with this voice."),
    credits_16_9: z.int().min(0).describe("Credits of a 16:9 faceless video with this voice."),
    gender: z.string().describe("Perceived gender of the voice."),
    age: z.string().describe("Perceived age group of the voice."),
    style_tags: z.array(z.string()).describe("Style keywords such as calm or energetic."),
    recommendation_summary: z.string().describe("When to choose this voice, in one sentence."),
    words_per_second: z
      .number()
      .min(NARRATION_WORDS_PER_SECOND_MIN)
      .max(NARRATION_WORDS_PER_SECOND_MAX)
      .optional()
      .describe(
        `Spoken words per second of the voice, ${NARRATION_WORDS_PER_SECOND_MIN} to ${NARRATION_WORDS_PER_SECOND_MAX}: a faceless-video script is sized to its duration at this pace (${NARRATION_WORDS_PER_SECOND_DEFAULT} when absent). An extension of the contract.`,
      ),
  })
  .describe("A voice.");
/** A voice. */
export type Voice = z.output<typeof voiceSchema>;

/** A place reference media can be saved to (POST /reference-inspirations). */
export const referenceTemplateTargetSchema = z
  .object({
    template_slug: z.string().describe("Template slug, passed as template_slug."),
    template_category: templateCategorySchema.describe(
      "Category of the template, passed as template_category.",
    ),
    label: z.string().describe("Display name."),
    accepts_media_kinds: z
      .array(referenceMediaKindSchema)
      .describe("Media kinds this target accepts: image, slideshow, video."),
  })
  .describe("A reference template target.");
/** A reference template target. */
export type ReferenceTemplateTarget = z.output<typeof referenceTemplateTargetSchema>;

/** The response of GET /assets. */
export const workspaceAssetsSchema = z
  .object({
    object: z.literal("workspace_assets").describe("Always workspace_assets."),
    brand_kits: z.array(brandKitSchema).describe("Brand kits of the workspace."),
    avatars: z.array(avatarSchema).describe("Custom and public avatars."),
    voices: z
      .array(voiceSchema)
      .describe("Built-in voices and ready custom cloned voices; id is used as voice_id."),
    reference_template_targets: z
      .array(referenceTemplateTargetSchema)
      .describe("Valid places where reference media can be saved."),
  })
  .describe("The workspace's brand kits, avatars, voices and reference targets.");
/** The workspace assets. */
export type WorkspaceAssets = z.output<typeof workspaceAssetsSchema>;
