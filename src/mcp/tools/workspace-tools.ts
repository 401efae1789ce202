/**
 * Tools that tell an agent what it works with: the workspace, the catalog, the assets,
 * voices and sound effects.
 *
 * @module
 */
import { agentTool, type McpToolDefinition, READ_ONLY, restTool } from "../tool-definition.js";

/** get_workspace, list_generation_catalog, list_workspace_assets, recommend_voice, list_editor_sound_effects. */
export const WORKSPACE_TOOLS: readonly McpToolDefinition[] = [
  agentTool("getWorkspace", {
    name: "get_workspace",
    title: "Workspace",
    description:
      "Start here. Returns the organization this API key acts for, its credit balance (available, pending, posted), the key's scopes and whether the subscription is active. Paid tools need an active subscription and enough available credits; a tool whose scope the key lacks answers forbidden.",
    annotations: READ_ONLY,
  }),
  agentTool("listGenerationCatalog", {
    name: "list_generation_catalog",
    title: "Generation catalog",
    description:
      "Lists templates (static_ads, video_ads, ugc_ads) with their presets and quality tiers, and AI models with their variants. Narrow it with section or template_slug to keep the answer short. In create_generation use a template's slug as template_slug, presets[].id as preset_id, quality_tiers[].id as quality_tier, ai_models[].slug as model_slug and variants[].id as variant_id. Credit amounts here are estimates.",
    annotations: READ_ONLY,
  }),
  restTool("listWorkspaceAssets", {
    name: "list_workspace_assets",
    title: "Workspace assets",
    description:
      "Lists brand kits, avatars, voices and reference template targets. Use brand_kits[].id as brand_kit_id, avatars[].id as avatar_id, voices[].id as voice_id (create_faceless_video, add_voiceover edits), and reference_template_targets as the template_slug and template_category of create_reference_inspiration.",
    annotations: READ_ONLY,
  }),
  agentTool("recommendVoice", {
    name: "recommend_voice",
    title: "Recommend a voice",
    description:
      "Ranks the workspace voices against a description of the voice wanted (language or accent, gender, age, style), best first, each with a score and the reason. Pass the chosen id as voice_id to create_faceless_video or to an add_voiceover operation of apply_editor_edits.",
    annotations: READ_ONLY,
  }),
  agentTool("listSoundEffects", {
    name: "list_editor_sound_effects",
    title: "Sound effects",
    description:
      "Lists the sound-effect library, optionally searched by query. Pass an id as sound_effect_id in an add_sound_effect operation of apply_editor_edits.",
    annotations: READ_ONLY,
  }),
];
