/**
 * Every MCP tool of spec 4.19, in the order of the spec's list, then the extensions.
 *
 * @module
 */
import type { McpToolDefinition } from "../tool-definition.js";
import { EDITOR_TOOLS } from "./editor-tools.js";
import { GENERATION_TOOLS } from "./generation-tools.js";
import { MEDIA_TOOLS } from "./media-tools.js";
import { REFERENCE_TOOLS } from "./reference-tools.js";
import { RENDER_TOOLS } from "./render-tools.js";
import { SOCIAL_TOOLS } from "./social-tools.js";
import { WORKSPACE_TOOLS } from "./workspace-tools.js";

const SPEC_ORDER = [
  "get_workspace",
  "list_generation_catalog",
  "list_workspace_assets",
  "create_generation",
  "get_generation",
  "create_slideshow",
  "get_slideshow",
  "create_faceless_video",
  "get_video",
  "suggest_reference_template_targets",
  "create_reference_inspiration",
  "list_reference_inspirations",
  "recommend_reference_inspirations",
  "create_editor_video",
  "list_editor_videos",
  "get_editor_video",
  "list_editor_media",
  "upload_editor_media",
  "upload_editor_media_from_url",
  "add_editor_media",
  "apply_editor_edits",
  "list_social_accounts",
  "publish_media_to_social",
  "recommend_voice",
  "list_editor_sound_effects",
  // Extensions beyond the spec's list.
  "preview_editor_video",
  "export_editor_video",
  "undo_editor_edit",
  "redo_editor_edit",
  "list_editor_revisions",
  "list_editor_fonts",
];

function bySpecOrder(left: McpToolDefinition, right: McpToolDefinition): number {
  return SPEC_ORDER.indexOf(left.name) - SPEC_ORDER.indexOf(right.name);
}

/**
 * The 25 tools of spec 4.19 and the 6 extensions (preview and export, so an agent sees
 * its edit; undo, redo and the revision history; the font families a style may name),
 * each over one REST endpoint or one agent operation.
 */
export const MCP_TOOLS: readonly McpToolDefinition[] = [
  ...WORKSPACE_TOOLS,
  ...GENERATION_TOOLS,
  ...REFERENCE_TOOLS,
  ...EDITOR_TOOLS,
  ...MEDIA_TOOLS,
  ...SOCIAL_TOOLS,
  ...RENDER_TOOLS,
].sort(bySpecOrder);
