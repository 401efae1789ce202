/**
 * The editor video record of spec 2.7, built from a stored video record. Title and
 * composition size are read from the editor state, so `set_title` shows at once.
 *
 * @module
 */
import { summarizeEditor } from "../../editor/summary.js";
import type { EditorVideoRecord } from "../../schemas/editor-videos.js";
import type { VideoRecord } from "../ports/records.js";

/** The wire record of an editor project; throws for a video that has no editor state. */
export function editorVideoRecordOf(video: VideoRecord): EditorVideoRecord {
  const editor = video.editor;
  if (editor === null) throw new TypeError(`Video ${video.id} is not an editor project.`);
  return {
    id: video.id,
    title: editor.title,
    status: video.status,
    video_type: "editor",
    aspect_ratio: { width: editor.compositionWidth, height: editor.compositionHeight },
    created_at: video.createdAt,
    editor_summary: summarizeEditor(editor),
    editor: editor as unknown as EditorVideoRecord["editor"],
  };
}
