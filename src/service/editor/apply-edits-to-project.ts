/**
 * Applying a batch of edit operations to a stored editor project as one atomic change
 * (spec 4.14, DESIGN principle 5). The engine runs inside the store's `change`, on the
 * project as it is at that moment, so concurrent PATCHes never lose each other's edits;
 * a rejected batch writes nothing.
 *
 * @module
 */
import { applyOperations } from "../../editor/apply.js";
import type { EditError } from "../../editor/errors.js";
import type { ApplyOptions } from "../../editor/options.js";
import type { EditOperation } from "../../schemas/edit-operations.js";
import type { ServiceDependencies } from "../dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/responses.js";
import { isoNow } from "../pipeline/time.js";
import type { VideoRecord } from "../ports/records.js";
import { editorProjectNotFound } from "./add-media-to-project.js";
import { editApiError } from "./edit-errors.js";
import type { AcceptedEdit } from "./edit-result.js";
import { isEditorProject } from "./find-editor-project.js";

/** One PATCH's worth of change to a project. */
export interface ProjectEdit {
  /** The operations, already parsed; applied in order, all or none. */
  readonly operations: readonly EditOperation[];
  /** Instructions to record with the edit; empty or absent records nothing. */
  readonly instructions: string | undefined;
  /** What the outside world already answered: transcripts, speech, media resolutions. */
  readonly inputs: Omit<ApplyOptions, "generateId">;
}

type Outcome = { readonly rejected: EditError } | { readonly accepted: AcceptedEdit };

/**
 * Applies `edit` to the caller's project `videoId`: the accepted edit with the new state,
 * a 404 when the project is missing or not an editor project, or the mapped error of a
 * rejected batch (400 naming the operation, 404 for unresolved media, retryable 500 when a
 * provider result is missing). The version rises only when the state changed.
 */
export async function applyEditsToProject(
  deps: ServiceDependencies,
  caller: Caller,
  videoId: number,
  edit: ProjectEdit,
): Promise<Step<AcceptedEdit>> {
  const now = isoNow(deps.clock);
  const instructions = edit.instructions ?? "";
  let outcome: Outcome | undefined;
  await deps.stores.videos.update(caller.organization.id, videoId, (video): VideoRecord => {
    // The store may run the change again after a conflict; each run starts afresh.
    outcome = undefined;
    if (!isEditorProject(video)) return video;
    const result = applyOperations(video.editor, edit.operations, {
      ...edit.inputs,
      generateId: () => deps.ids.editorId(),
    });
    if (!result.ok) {
      outcome = { rejected: result.error };
      return video;
    }
    const stateChanged = result.state !== video.editor;
    const instructionsRecorded = instructions !== "";
    outcome = {
      accepted: {
        videoId,
        applied: result.applied,
        operationResults: result.operationResults,
        instructionsRecorded,
        state: result.state,
      },
    };
    if (!stateChanged && !instructionsRecorded) return video;
    return {
      ...video,
      title: result.state.title,
      editor: result.state,
      instructions: instructionsRecorded
        ? [...video.instructions, instructions]
        : video.instructions,
      version: stateChanged ? video.version + 1 : video.version,
      updatedAt: now,
    };
  });
  if (outcome === undefined) return halt(editorProjectNotFound(videoId));
  if ("rejected" in outcome) return halt(editApiError(outcome.rejected));
  return proceed(outcome.accepted);
}
