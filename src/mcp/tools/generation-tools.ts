/**
 * Tools for paid generation work and its status: generations, slideshows, faceless
 * videos and videos.
 *
 * @module
 */
import { CREATES, type McpToolDefinition, READ_ONLY, restTool } from "../tool-definition.js";

/** How every paid tool is retried safely; part of each paid tool's description. */
export const PAID_TOOL_ADVICE =
  "Paid: credits are deducted before the work is queued. Pass a new idempotency_key with every new request and reuse it only to retry the same request: the retry returns the first result with idempotent_replay: true and charges nothing.";

/** create_generation, get_generation, create_slideshow, get_slideshow, create_faceless_video, get_video. */
export const GENERATION_TOOLS: readonly McpToolDefinition[] = [
  restTool("createGeneration", {
    name: "create_generation",
    title: "Create generations",
    description: `Queues 1 to 10 generations: static_ad, video_ad or ugc_ad with a template_slug from list_generation_catalog, or ai_model with a model_slug. ${PAID_TOOL_ADVICE} A partial batch queued only some generations; do not retry it with a new key unless more outputs are wanted. Poll each generations[].id with get_generation.`,
    annotations: CREATES,
  }),
  restTool("getGeneration", {
    name: "get_generation",
    title: "Generation status",
    description:
      "Reads a generation by id. Poll until status is completed (url holds the asset) or error (error says why, whether retrying may help and whether credits were returned).",
    annotations: READ_ONLY,
  }),
  restTool("createSlideshow", {
    name: "create_slideshow",
    title: "Create a slideshow",
    description: `Queues a slideshow or carousel of 3 to 10 slides from a prompt and optional product images, avatar, brand kit or saved reference. ${PAID_TOOL_ADVICE} Poll get_slideshow with slideshow_id (its slides list each slide's stored image and text); its video is video_id (get_video), an editor project once built (get_editor_video, apply_editor_edits).`,
    annotations: CREATES,
  }),
  restTool("getSlideshow", {
    name: "get_slideshow",
    title: "Slideshow status",
    description:
      "Reads a slideshow by id: its status, its workflow step, its slides and, once completed, url. Poll until status is completed, failed or error.",
    annotations: READ_ONLY,
  }),
  restTool("createFacelessVideo", {
    name: "create_faceless_video",
    title: "Create a faceless video",
    description: `Queues a faceless video: a script (written from prompt unless script is given), visuals, a voiceover (voice_id from list_workspace_assets or recommend_voice), captions and the final video, built as an editor project with the same id that stays editable. ${PAID_TOOL_ADVICE} Poll get_video with video_id.`,
    annotations: CREATES,
  }),
  restTool("getVideo", {
    name: "get_video",
    title: "Video status",
    description:
      "Reads a video by its integer id: a faceless video, a slideshow's video or an editor project. Poll until status is completed (url holds the final video), failed or error; step says which step of its workflow a faceless video or slideshow is in (scenes, visuals, voice, word_timing, project, render, done). For an editor project, export_revision is the revision the exported file shows and export_outdated is true once the project has moved past it (export again for the current timeline).",
    annotations: READ_ONLY,
  }),
];
