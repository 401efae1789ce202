/**
 * POST /editor/videos/{id}/undo and /redo (an extension of spec 4.14): undo reverts the
 * latest change still on the undo stack, redo applies again the latest change undone,
 * each as a new revision, the way a version-control revert does, so history is never
 * rewritten and both show in GET /editor/videos/{id}/revisions. Free, like plain edits:
 * undoing a paid voiceover takes it off the timeline and refunds nothing, and redoing it
 * charges nothing. A redo after a new edit is refused (`nothing_to_redo`), since the new
 * edit was made on the state the undo left.
 *
 * @module
 */
import { isoNow } from "../../clock.js";
import { applyEditorPatches } from "../../editor/patches.js";
import { summarizeEditor } from "../../editor/summary.js";
import { type ApiError, apiError } from "../../errors/api-error.js";
import type { ServiceResult } from "../../ports/contract.js";
import type { NewRevision, ProjectHead, RevisionEntry } from "../../ports/revisions.js";
import { err, ok, type Result } from "../../result.js";
import {
  type EditorRevisionResult,
  editorHistoryRequestSchema,
} from "../../schemas/editor-revisions.js";
import { editorVideoIdParamsSchema } from "../../schemas/editor-videos.js";
import { parseInput } from "../pipeline/input.js";
import { failure, success } from "../pipeline/results.js";
import { type AdmittedCall, authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { editRateRefusal } from "./edit-rate-limit.js";
import { editorProjectNotFound } from "./editor-videos.js";
import {
  etagHeader,
  meetsCondition,
  revisionConditionOf,
  revisionConflict,
} from "./revision-preconditions.js";
import { redoRevision, undoRevision } from "./revision-stacks.js";

type Direction = "undo" | "redo";

function nothingTo(direction: Direction, current: number): ApiError {
  const message =
    direction === "undo"
      ? "There is no change left to undo in the kept history."
      : "There is no undone change to redo; a new edit after an undo ends what can be redone.";
  return apiError(direction === "undo" ? "nothing_to_undo" : "nothing_to_redo", message, {
    context: { current_revision: current },
  });
}

function reverted(
  head: ProjectHead,
  entry: RevisionEntry,
  { direction, createdAt }: { readonly direction: Direction; readonly createdAt: string },
): NewRevision {
  const patches = direction === "undo" ? entry.inverse : entry.forward;
  const state = applyEditorPatches(head.video.editor, patches);
  return direction === "undo"
    ? undoRevision(head, entry, { state, createdAt })
    : redoRevision(head, entry, { state, createdAt });
}

// The revision the move made, or why it was refused.
type Outcome = Result<EditorRevisionResult, ApiError>;

async function moveInHistory(call: AdmittedCall, direction: Direction): Promise<ServiceResult> {
  const { deps, caller, request } = call;
  const params = parseInput(editorVideoIdParamsSchema, request.pathParams, "path");
  if (!params.ok) return params.error;
  const body = parseInput(editorHistoryRequestSchema, request.body ?? {}, "body");
  if (!body.ok) return body.error;
  const condition = revisionConditionOf(request, body.value.expected_revision);
  if (!condition.ok) return condition.error;
  const limited = await editRateRefusal(deps, caller);
  if (limited !== undefined) return limited;
  const videoId = params.value.id;
  const createdAt = isoNow(deps.clock);
  const committed = await deps.stores.videos.commitRevision<Outcome>(
    caller.organization.id,
    videoId,
    async (head, history) => {
      const current = head.video.version;
      if (!meetsCondition(condition.value, current)) {
        return { value: err(revisionConflict(current, condition.value)) };
      }
      const stack = direction === "undo" ? head.undoStack : head.redoStack;
      const target = stack.at(-1);
      const entry = target === undefined ? undefined : await history.entry(target);
      if (entry === undefined) return { value: err(nothingTo(direction, current)) };
      const append = reverted(head, entry, { direction, createdAt });
      const result: EditorRevisionResult = {
        object: "editor_revision_result",
        video_id: videoId,
        action: direction,
        revision: current + 1,
        target_revision: entry.revision,
        editor_summary: summarizeEditor(append.state),
      };
      return { value: ok(result), append };
    },
  );
  if (committed === undefined) return failure(editorProjectNotFound(videoId));
  const outcome = committed.value;
  if (!outcome.ok) return failure(outcome.error);
  return success(outcome.value, etagHeader(committed.revision));
}

/** POST /editor/videos/{id}/undo: reverts the latest change as a new revision. */
export const undoEditorEdit: UseCaseFactory = authenticated("undoEditorEdit", (call) =>
  moveInHistory(call, "undo"),
);

/** POST /editor/videos/{id}/redo: applies the latest undone change again as a new revision. */
export const redoEditorEdit: UseCaseFactory = authenticated("redoEditorEdit", (call) =>
  moveInHistory(call, "redo"),
);
