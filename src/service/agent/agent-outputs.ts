/**
 * The answers of the agent operations (the MCP tools that have no REST endpoint), as zod
 * schemas built from the REST schemas of what they contain (the catalog, voices, the
 * credit balance). The MCP adapter derives each tool's output schema from these, as it
 * does from the REST response schemas for the other tools.
 *
 * @module
 */
import { z } from "zod";
import { voiceSchema } from "../../schemas/assets.js";
import { catalogSchema } from "../../schemas/catalog.js";
import { uuidSchema } from "../../schemas/common.js";
import { creditBalanceSchema } from "../../schemas/credits.js";
import { apiScopeSchema } from "../../schemas/scopes.js";

/** The answer of `get_workspace`. */
export const workspaceOutputSchema = z
  .object({
    object: z.literal("workspace").describe("Always workspace."),
    organization: z
      .object({
        id: z.int().min(1).describe("Organization id."),
        name: z.string().describe("Display name."),
      })
      .describe("The organization the caller acts for."),
    credits: creditBalanceSchema
      .omit({ object: true })
      .describe("The credit balance, as GET /credits reports it."),
    api_key: z
      .object({
        id: z
          .string()
          .describe("The key's id; for an OAuth access token, oauth_ and its approval's id."),
        scopes: z.array(apiScopeSchema).describe("The scopes the caller may use."),
      })
      .describe("The credential of the call."),
    subscription: z
      .object({
        active: z.boolean().describe("Whether the paid subscription is active."),
        status: z.enum(["active", "inactive"]).describe("active or inactive."),
      })
      .describe("The subscription state; paid tools need it active."),
  })
  .describe("Who the caller acts for, with the balance, scopes and subscription.");

/** The answer of `recommend_voice`. */
export const voiceRecommendationsOutputSchema = z
  .object({
    object: z.literal("voice_recommendations").describe("Always voice_recommendations."),
    description: z.string().describe("The description the voices were ranked against."),
    voices: z
      .array(
        voiceSchema.extend({
          score: z.number().min(0).describe("How well the voice matches; higher is better."),
          reason: z.string().describe("What matched, in words."),
        }),
      )
      .describe("The voices, best first."),
  })
  .describe("Workspace voices ranked against a description.");

/** The answer of `list_editor_sound_effects`. */
export const soundEffectListOutputSchema = z
  .object({
    object: z.literal("sound_effect_list").describe("Always sound_effect_list."),
    sound_effects: z
      .array(
        z.object({
          id: z.string().describe("Passed as sound_effect_id to add_sound_effect."),
          name: z.string().describe("Display name."),
          url: z.string().describe("URL of the audio."),
          duration_seconds: z.number().min(0).describe("Length in seconds."),
          tags: z.array(z.string()).describe("Words that describe it."),
        }),
      )
      .describe("The matching sound effects, in the library's order."),
  })
  .describe("The sound-effect library.");

const socialAccountSchema = z.object({
  object: z.literal("social_account").describe("Always social_account."),
  id: z.string().describe("Passed in social_account_ids."),
  platform: z.string().describe("The network, such as tiktok or instagram."),
  username: z.string().describe("Handle on the network."),
  display_name: z.string().describe("Name shown on the profile."),
  avatar_url: z.string().nullable().describe("Profile picture URL; null without one."),
});

/** The answer of `list_social_accounts`. */
export const socialAccountListOutputSchema = z
  .object({
    object: z.literal("social_account_list").describe("Always social_account_list."),
    accounts: z.array(socialAccountSchema).describe("The connected accounts."),
  })
  .describe("The organization's connected social accounts.");

/** The answer of `publish_media_to_social`: the queued publication. */
export const socialPublicationOutputSchema = z
  .object({
    object: z.literal("social_publication").describe("Always social_publication."),
    id: uuidSchema.describe("Publication id."),
    organization_id: z.int().min(1).describe("The owning organization."),
    status: z.string().describe("queued when accepted, then published or failed."),
    media: z
      .object({
        id: uuidSchema.describe("My Media id."),
        kind: z.enum(["image", "gif", "video"]).describe("What the media is."),
        url: z.string().describe("Where the media is served from."),
      })
      .describe("The published media."),
    caption: z.string().nullable().describe("Post text; null without one."),
    title: z.string().nullable().describe("Post title; null without one."),
    targets: z
      .array(
        z.object({
          social_account_id: z.string().describe("The account's id."),
          platform: z.string().describe("The account's network."),
          username: z.string().describe("The account's handle."),
          status: z.string().describe("queued, then published or failed."),
        }),
      )
      .describe("The accounts, each once."),
    created_at: z.string().describe("When the publication was queued."),
  })
  .describe("A queued social publication.");

/** The answer of `listSocialPublications`. */
export const socialPublicationListOutputSchema = z
  .object({
    object: z.literal("social_publication_list").describe("Always social_publication_list."),
    publications: z.array(socialPublicationOutputSchema).describe("Newest first."),
  })
  .describe("The organization's social publications.");

/** The answer of `list_generation_catalog`: the catalog of GET /models, narrowed. */
export const generationCatalogOutputSchema = catalogSchema;
