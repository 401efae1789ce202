/**
 * Tools for editor projects: creating, reading, adding media to and editing timelines.
 *
 * @module
 */
import {
  CHANGES,
  CREATES,
  type McpToolDefinition,
  READ_ONLY,
  restTool,
} from "../tool-definition.js";

/**
 * create_editor_video, list_editor_videos, get_editor_video, add_editor_media,
 * apply_editor_edits, the revision tools undo_editor_edit, redo_editor_edit and
 * list_editor_revisions, and list_editor_fonts.
 */
export const EDITOR_TOOLS: readonly McpToolDefinition[] = [
  restTool("createEditorVideo", {
    name: "create_editor_video",
    title: "Create an editor project",
    description:
      "Creates an empty editor project (a timeline) with an aspect ratio and fps; it is ready at once, which does not mean an MP4 was exported. Free. Add media with add_editor_media or upload_editor_media (add_to_editor), then edit with apply_editor_edits.",
    annotations: CREATES,
  }),
  restTool("listEditorVideos", {
    name: "list_editor_videos",
    title: "Editor projects",
    description: "Lists editor projects, newest first, each with its summary and timeline state.",
    annotations: READ_ONLY,
  }),
  restTool("getEditorVideo", {
    name: "get_editor_video",
    title: "Editor project",
    description:
      "Reads an editor project with its timeline state. The item ids apply_editor_edits takes are the keys of editor.items; track ids are editor.tracks[].id. apply_editor_edits reports the ids it creates and removes; read the project again to see the whole timeline after edits.",
    annotations: READ_ONLY,
  }),
  restTool("addEditorVideoMedia", {
    name: "add_editor_media",
    title: "Add media to a project",
    description:
      "Adds a completed My Media item (media_id) or a direct URL (url) to an editor project's timeline. Without track_id the item goes on a compatible track where its time span is free: a picture in front of the pictures it overlaps (behind text and captions over them), audio on a free audio track. Returns the new item_id and asset_id.",
    annotations: CREATES,
  }),
  restTool("updateEditorVideo", {
    name: "apply_editor_edits",
    title: "Edit a project",
    description:
      "Applies up to 50 edit operations to an editor project atomically: all apply or none do. Each operation's type selects it: timing, trimming, audio levels, animations, transitions, text, captions, sound effects (sound_effect_id from list_editor_sound_effects), voiceovers and more. Read item ids with get_editor_video first. The result's operation_results lists, per operation, created_item_ids and removed_item_ids: chain later edits on those ids (split_item keeps the original id on the left half and creates the right half) instead of reading the project again. remove_item and other edits change the project in place. add_voiceover is paid: send it alone, with a new idempotency_key per new voiceover. Each accepted call is one new revision (the result's revision); pass expected_revision (from get_editor_video or the last result) so that an edit decided on an outdated view is refused with revision_conflict (context.current_revision) instead of applied, then read the project again. Undo with undo_editor_edit.",
    annotations: CHANGES,
  }),
  restTool("undoEditorEdit", {
    name: "undo_editor_edit",
    title: "Undo an edit",
    description:
      "Undoes the latest change of an editor project (an edit, a media addition or a redo) by adding a new revision that restores the state before it; the history keeps both. Call again to undo further back, within the last 100 revisions. Free: undoing a paid voiceover removes it from the timeline and refunds nothing. Fails with nothing_to_undo when nothing is left; pass expected_revision to undo only if nobody changed the project since you looked.",
    annotations: CHANGES,
  }),
  restTool("redoEditorEdit", {
    name: "redo_editor_edit",
    title: "Redo an undone edit",
    description:
      "Applies again the change the latest undo_editor_edit reverted, as a new revision. Any new edit after the undo ends what can be redone (nothing_to_redo). Free. Pass expected_revision as for apply_editor_edits.",
    annotations: CHANGES,
  }),
  restTool("listEditorRevisions", {
    name: "list_editor_revisions",
    title: "Project history",
    description:
      "Lists an editor project's revisions, newest first: number, time, operation types, instructions and who made it (api, mcp, undo, redo). Read a past revision with get_editor_video and revision. Page with limit and cursor (next_cursor of the last page).",
    annotations: READ_ONLY,
  }),
  restTool("listEditorFonts", {
    name: "list_editor_fonts",
    title: "Font families",
    description:
      "Lists the font families a text or caption style's font_family may name (in apply_editor_edits), the default first, each with the weights it has faces for (font_weight 100 to 900 is drawn with the nearest), its styles and its licence. Another family is refused with unknown_font_family. restricted false (and no families) means this server accepts any family.",
    annotations: READ_ONLY,
  }),
];
