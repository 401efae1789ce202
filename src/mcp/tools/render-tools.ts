/**
 * Tools that let an agent see its edit (extensions beyond spec 4.19): a preview of the
 * timeline as an image, and the MP4 export.
 *
 * @module
 */
import { CREATES, type McpToolDefinition, READ_ONLY, restTool } from "../tool-definition.js";

/** preview_editor_video, export_editor_video. */
export const RENDER_TOOLS: readonly McpToolDefinition[] = [
  restTool("getEditorVideoFrame", {
    name: "preview_editor_video",
    title: "Preview a project",
    description:
      "Looks at an editor project's timeline: returns a PNG image of the composition at at_seconds, exactly as the export will draw it, or with several at_seconds (up to 16) a contact sheet of those instants side by side, in order. Use it after apply_editor_edits to check placement, text, captions and timing before exporting or publishing. at_seconds must be before the end of the timeline (editor_summary.totalDurationSeconds of get_editor_video); width is each frame's width in pixels (default 540, or 270 per frame of a sheet). Free, but each call counts against the organization's limit of previews: past it the result is rate_limited with context.limit_name frames; wait retry_after_seconds.",
    annotations: READ_ONLY,
  }),
  restTool("exportEditorVideo", {
    name: "export_editor_video",
    title: "Export a project to MP4",
    description:
      "Renders an editor project's timeline to an MP4 (H.264 and AAC) as queued, paid work: 5 credits per started minute, refunded if the render fails. Poll get_video with the video_id until status is completed (url is the MP4) or error. Exporting an unchanged project again at the same resolution reuses the last file without a charge (reused: true). Send a new idempotency_key per new export; reusing one replays the first answer.",
    annotations: CREATES,
  }),
];
