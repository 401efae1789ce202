/**
 * Applying a batch of edit operations to a stored editor project as one atomic change
 * (spec 4.14, DESIGN principle 5). The engine runs inside the store's `change`, on the
 * project as it is at that moment, so concurrent PATCHes never lose each other's edits;
 * a rejected batch writes nothing. A rejected batch answers as an API error: an edit
 * that refers to a My Media item that does not exist is a 404, like any missing
 * resource; a provider that cannot transcribe or speak right now is a retryable 500;
 * every other edit error is a 400 that names the failing operation, so the caller can
 * fix that operation and send the batch again.
 *
 * @module
 */

import { isoNow } from "../../clock.js";
import { applyOperations } from "../../editor/apply.js";
import type { EditError, EditErrorCode } from "../../editor/errors.js";
import type { ApplyOptions } from "../../editor/options.js";
import { type ApiError, apiError } from "../../errors/api-error.js";
import type { EditOperation } from "../../schemas/edit-operations.js";
import type { ServiceDependencies } from "../dependencies.js";
import type { Caller } from "../pipeline/authorize.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import type { VideoRecord } from "../ports/records.js";
import type { AcceptedEdit } from "./edit-result.js";
import { editorProjectNotFound, isEditorProject } from "./editor-videos.js";

/** One PATCH's worth of change to a project. */
export interface ProjectEdit {
  /** The operations, already parsed; applied in order, all or none. */
  readonly operations: readonly EditOperation[];
  /** Instructions to record with the edit; empty or absent records nothing. */
  readonly instructions: string | undefined;
  /** What the outside world already answered: transcripts, speech, media resolutions. */
  readonly inputs: Omit<ApplyOptions, "generateId">;
}

type Outcome =
  | { readonly kind: "rejected"; readonly rejected: EditError }
  | { readonly kind: "accepted"; readonly accepted: AcceptedEdit };

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
      outcome = { kind: "rejected", rejected: result.error };
      return video;
    }
    const stateChanged = result.state !== video.editor;
    const instructionsRecorded = instructions !== "";
    outcome = {
      kind: "accepted",
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
  if (outcome.kind === "rejected") return halt(editApiError(outcome.rejected));
  return proceed(outcome.accepted);
}

const PROVIDER_UNAVAILABLE: ReadonlySet<EditErrorCode> = new Set([
  "transcript_unavailable",
  "speech_unavailable",
]);

/** The API error of a rejected edit batch; `context` carries `operation_index` and `edit_code`. */
export function editApiError(error: EditError): ApiError {
  const context = { operation_index: error.operationIndex, edit_code: error.code };
  if (error.code === "media_unresolved") return apiError("not_found", error.message, { context });
  if (PROVIDER_UNAVAILABLE.has(error.code)) {
    return apiError("server_error", error.message, { context, retryable: true });
  }
  return apiError("bad_request", error.message, { context });
}
