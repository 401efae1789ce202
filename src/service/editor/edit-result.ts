/**
 * The edit result of spec 2.8 (`editor_edit_result`), answered by PATCH
 * /editor/videos/{id}, with the ids each operation created and removed.
 *
 * @module
 */
import type { OperationResult } from "../../editor/apply.js";
import type { EditorState } from "../../editor/state.js";
import { summarizeEditor } from "../../editor/summary.js";
import type { EditResult } from "../../schemas/editor-videos.js";

/** What an accepted PATCH did, in the terms of the edit result. */
export interface AcceptedEdit {
  /** The edited project. */
  readonly videoId: number;
  /** The `type` of each applied operation, in order. */
  readonly applied: readonly string[];
  /** The items each applied operation created and removed, in order. */
  readonly operationResults: readonly OperationResult[];
  /** True when non-empty instructions were recorded with the edit. */
  readonly instructionsRecorded: boolean;
  /** The project's state after the edit. */
  readonly state: EditorState;
  /** The project's revision after the edit. */
  readonly revision: number;
}

/**
 * The `editor_edit_result` body of an accepted edit; the summary is of the new state.
 * `operation_results` (an extension) carries the ids each operation created and removed.
 */
export function editResultOf(edit: AcceptedEdit): EditResult {
  return {
    object: "editor_edit_result",
    video_id: edit.videoId,
    applied: [...edit.applied],
    operation_results: edit.operationResults.map((result) => ({
      type: result.type,
      created_item_ids: [...result.createdItemIds],
      removed_item_ids: [...result.removedItemIds],
    })),
    instructions_recorded: edit.instructionsRecorded,
    revision: edit.revision,
    editor_summary: { ...summarizeEditor(edit.state) },
  };
}
