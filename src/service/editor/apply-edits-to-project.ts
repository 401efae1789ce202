/**
 * Applying a batch of edit operations to a stored editor project as one atomic change
 * (spec 4.14, DESIGN principle 5) and one new revision. The engine runs inside the store's
 * `commitRevision`, on the latest revision as it is at that moment, so concurrent PATCHes
 * never lose each other's edits; a rejected or stale batch writes nothing. A rejected batch answers as an API error: an edit
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
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { RevisionActor } from "../../ports/revisions.js";
import { err, ok, type Result } from "../../result.js";
import type { EditOperation } from "../../schemas/edit-operations.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import type { AcceptedEdit } from "./edit-result.js";
import { type CallerProject, editorProjectNotFound } from "./editor-videos.js";
import { projectBoundRefusal } from "./project-bounds.js";
import {
  meetsCondition,
  type RevisionCondition,
  revisionConflict,
} from "./revision-preconditions.js";
import { editRevision } from "./revision-stacks.js";

/** One PATCH's worth of change to a project. */
export interface ProjectEdit {
  /** The operations, already parsed; applied in order, all or none. */
  readonly operations: readonly EditOperation[];
  /** Instructions to record with the edit; empty or absent records nothing. */
  readonly instructions: string | undefined;
  /** What the outside world already answered: transcripts, speech, media resolutions. */
  readonly inputs: Omit<ApplyOptions, "generateId">;
  /** The revisions the edit may apply on (`If-Match`, `expected_revision`); any when undefined. */
  readonly condition?: RevisionCondition;
  /** Who makes the edit. */
  readonly actor: RevisionActor;
}

// The accepted edit (its revision is the one the store commits), or why it was rejected.
type Outcome = Result<Omit<AcceptedEdit, "revision">, ApiError>;

/**
 * Applies `edit` to the caller's project `videoId` as one new revision, on the latest
 * revision as the store holds it: the accepted edit with the new state and revision, a
 * 404 when the project is missing or not an editor project, a 409 `revision_conflict` when
 * the edit's condition names another revision, the mapped error of a rejected batch
 * (400 naming the operation, 404 for unresolved media, retryable 500 when a provider
 * result is missing), or a 400 when the batch would grow the project past its bounds
 * (`project-bounds.ts`). Every accepted batch is a revision, even one that changes nothing
 * but the instructions recorded.
 */
export async function applyEditsToProject(
  deps: ServiceDependencies,
  { caller, videoId }: CallerProject,
  edit: ProjectEdit,
): Promise<Step<AcceptedEdit>> {
  const createdAt = isoNow(deps.clock);
  const instructions = edit.instructions ?? "";
  const committed = await deps.stores.videos.commitRevision<Outcome>(
    caller.organization.id,
    videoId,
    async (head) => {
      const current = head.video.version;
      if (!meetsCondition(edit.condition, current)) {
        return { value: err(revisionConflict(current, edit.condition)) };
      }
      const result = applyOperations(head.video.editor, edit.operations, {
        ...edit.inputs,
        generateId: () => deps.ids.editorId(),
        fontFamilies: deps.renderer?.fontFamilies?.map((info) => info.family),
      });
      if (!result.ok) return { value: err(editApiError(result.error)) };
      const outOfBounds = projectBoundRefusal(head.video.editor, result.value.state);
      if (outOfBounds !== undefined) return { value: err(outOfBounds) };
      const accepted = {
        videoId,
        applied: result.value.applied,
        operationResults: result.value.operationResults,
        instructionsRecorded: instructions !== "",
        state: result.value.state,
      };
      const append = editRevision(
        head,
        { state: result.value.state, forward: result.value.patches, inverse: result.value.inverse },
        {
          actor: edit.actor,
          operationTypes: result.value.applied,
          instructions: instructions === "" ? null : instructions,
          createdAt,
        },
      );
      return { value: ok(accepted), append };
    },
  );
  if (committed === undefined) return halt(editorProjectNotFound(videoId));
  const outcome = committed.value;
  if (!outcome.ok) return halt(outcome.error);
  return proceed({ ...outcome.value, revision: committed.revision });
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
