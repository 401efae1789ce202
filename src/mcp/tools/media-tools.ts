/**
 * Tools for My Media: listing, uploading inline and importing from a URL, the two forms
 * of POST /editor/media.
 *
 * @module
 */
import {
  CREATES,
  type McpToolDefinition,
  REACHES_OUT,
  READ_ONLY,
  restTool,
} from "../tool-definition.js";

// Fields that only make sense for one upload source.
const URL_ONLY_FIELDS = ["source_url", "filename", "content_type", "preserve_original"];

/** list_editor_media, upload_editor_media, upload_editor_media_from_url. */
export const MEDIA_TOOLS: readonly McpToolDefinition[] = [
  restTool("listEditorMedia", {
    name: "list_editor_media",
    title: "My Media",
    description:
      "Lists or searches My Media, newest first. A completed item's id works as media_id in add_editor_media and publish_media_to_social, and in the media-id fields of create_generation.",
    annotations: READ_ONLY,
  }),
  restTool(
    "uploadEditorMedia",
    {
      name: "upload_editor_media",
      title: "Upload media",
      description:
        "Uploads a small file (at most 3 MiB decoded) into My Media from inline base64: media { filename, content_type, data }. For larger files or files on the web use upload_editor_media_from_url; local file paths are not readable. Optionally adds it to an editor project (video_id, add_to_editor: true, placement).",
      annotations: CREATES,
    },
    { omit: URL_ONLY_FIELDS, required: ["media"] },
  ),
  restTool(
    "uploadEditorMedia",
    {
      name: "upload_editor_media_from_url",
      title: "Import media from a URL",
      description:
        "Imports a file from a public HTTPS URL into My Media (video at most 200 MiB, image and audio at most 50 MiB). Optionally adds it to an editor project (video_id, add_to_editor: true, placement). Downloads can fail or time out; the error says whether retrying may help.",
      annotations: REACHES_OUT,
    },
    { omit: ["media"], required: ["source_url"] },
  ),
];
