/**
 * Tools for reference inspirations: where media fits, saving it, listing and
 * recommending saved references (GET and POST /reference-inspirations).
 *
 * @module
 */
import { CREATES, type McpToolDefinition, READ_ONLY, restTool } from "../tool-definition.js";
import { PAID_TOOL_ADVICE } from "./generation-tools.js";

// The mode switches are set by the tool itself; the suggestion inputs belong to one mode.
const MODE_FLAGS = ["recommend", "suggest_targets"];
const SUGGESTION_INPUTS = ["description", "image_url", "video_url"];

/** suggest_reference_template_targets, create_reference_inspiration, list_reference_inspirations, recommend_reference_inspirations. */
export const REFERENCE_TOOLS: readonly McpToolDefinition[] = [
  restTool(
    "listReferenceInspirations",
    {
      name: "suggest_reference_template_targets",
      title: "Suggest reference targets",
      description:
        "Suggests the template targets that reference media fits, best first, each with a score and reason, and the next step. Describe the media (description) and/or give image_url (a list) or video_url. Then save it with create_reference_inspiration. Free.",
      annotations: READ_ONLY,
    },
    { omit: MODE_FLAGS, fixed: { query: { suggest_targets: "true" } } },
  ),
  restTool("createReferenceInspiration", {
    name: "create_reference_inspiration",
    title: "Save a reference",
    description: `Saves image, slideshow or video references to a template target (template_slug and template_category from list_workspace_assets or suggest_reference_template_targets) and queues their analysis. Images come as image_urls or inline base64 images; a video as video_url. 30 credits per media item. ${PAID_TOOL_ADVICE} Once list_reference_inspirations shows analysis_status ready, pass its id as custom_reference_inspiration_id.`,
    annotations: CREATES,
  }),
  restTool(
    "listReferenceInspirations",
    {
      name: "list_reference_inspirations",
      title: "Saved references",
      description:
        "Lists the saved reference inspirations with their analysis_status, filtered by template_slug, template_category or media_kind. A ready reference's id is used as custom_reference_inspiration_id in create_generation or create_slideshow.",
      annotations: READ_ONLY,
    },
    { omit: [...MODE_FLAGS, ...SUGGESTION_INPUTS] },
  ),
  restTool(
    "listReferenceInspirations",
    {
      name: "recommend_reference_inspirations",
      title: "Recommend references",
      description:
        "Recommends saved reference inspirations for a template (template_slug, template_category, media_kind), best first, at most limit (up to 20).",
      annotations: READ_ONLY,
    },
    { omit: [...MODE_FLAGS, ...SUGGESTION_INPUTS], fixed: { query: { recommend: "true" } } },
  ),
];
