/**
 * PATCH /editor/videos/{id} (spec 4.14): instructions to record and up to 50 edit
 * operations applied atomically. Plain edits are free and need no idempotency key; a
 * request whose one operation is `add_voiceover` is paid and idempotent (rule 3). Each
 * accepted request is one new revision; `If-Match` or `expected_revision` naming another
 * revision answers 409 `revision_conflict` and changes and charges nothing.
 *
 * @module
 */

import type { ServiceRequest, ServiceResult } from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { AddVoiceoverOperation, EditOperation } from "../../schemas/edit-operations.js";
import {
  editorVideoIdParamsSchema,
  type PatchEditorVideoRequest,
  patchEditorVideoRequestSchema,
} from "../../schemas/editor-videos.js";
import type { Caller } from "../pipeline/authorize.js";
import { parseInput } from "../pipeline/input.js";
import { runPaidRequest } from "../pipeline/paid.js";
import { halt, proceed, type Step, success } from "../pipeline/results.js";
import { type AdmittedCall, authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { applyEditsToProject, type ProjectEdit } from "./apply-edits-to-project.js";
import { fetchCaptionTranscripts } from "./caption-transcripts.js";
import { editRateRefusal } from "./edit-rate-limit.js";
import { editResultOf } from "./edit-result.js";
import { findEditorProject } from "./editor-videos.js";
import {
  editActorOf,
  etagHeader,
  meetsCondition,
  revisionConditionOf,
  revisionConflict,
} from "./revision-preconditions.js";
import { resolveSoundEffectSources } from "./sound-effect-sources.js";
import { runVoiceoverEdit } from "./voiceover-edit.js";

/** What every edit of one request carries: its revision condition and who makes it. */
type EditPrecondition = Pick<ProjectEdit, "condition" | "actor">;

// The schema already refuses an add_voiceover that shares its request with other edits.
function voiceoverOf(operations: readonly EditOperation[]): AddVoiceoverOperation | undefined {
  const [only] = operations;
  return operations.length === 1 && only?.type === "add_voiceover" ? only : undefined;
}

// The operations that ask the outside world (media lookups, transcription) before the
// engine runs; only these need the project read ahead of the change.
const NEEDS_OUTSIDE_INPUTS: ReadonlySet<EditOperation["type"]> = new Set([
  "add_sound_effect",
  "generate_captions_from_items",
]);

// What the engine needs from the outside, resolved against the project as it is now; a
// stale edit is refused before the outside world is asked for anything (the store checks
// again when it applies the batch).
async function resolveOutsideInputs(
  deps: ServiceDependencies,
  caller: Caller,
  edit: {
    readonly videoId: number;
    readonly operations: readonly EditOperation[];
    readonly precondition: EditPrecondition;
  },
): Promise<Step<ProjectEdit["inputs"]>> {
  const { videoId, operations, precondition } = edit;
  if (!operations.some((operation) => NEEDS_OUTSIDE_INPUTS.has(operation.type))) {
    return proceed({});
  }
  const project = await findEditorProject(deps, { caller, videoId });
  if (!project.ok) return project;
  const current = project.value.version;
  if (!meetsCondition(precondition.condition, current)) {
    return halt(revisionConflict(current, precondition.condition));
  }
  const [media, transcripts] = await Promise.all([
    resolveSoundEffectSources(deps, caller, operations),
    fetchCaptionTranscripts(deps, project.value.editor, operations),
  ]);
  if (!transcripts.ok) return transcripts;
  return proceed({ media, transcripts: transcripts.value });
}

/**
 * A free edit: everything the engine needs from the outside (sound sources, transcripts)
 * is resolved against the project as it is now, then the batch is applied atomically to
 * the project as it is when the store runs the change. An edit that needs nothing from
 * the outside goes straight to the store, which answers a missing project and a stale
 * revision the same way.
 */
async function applyPlainEdit(
  deps: ServiceDependencies,
  caller: Caller,
  edit: {
    readonly videoId: number;
    readonly body: PatchEditorVideoRequest;
    readonly precondition: EditPrecondition;
  },
): Promise<ServiceResult> {
  const { videoId, body, precondition } = edit;
  const operations = body.operations ?? [];
  const inputs = await resolveOutsideInputs(deps, caller, { videoId, operations, precondition });
  if (!inputs.ok) return inputs.error;
  const accepted = await applyEditsToProject(
    deps,
    { caller, videoId },
    {
      operations,
      instructions: body.instructions,
      inputs: inputs.value,
      ...precondition,
    },
  );
  if (!accepted.ok) return accepted.error;
  return success(editResultOf(accepted.value), etagHeader(accepted.value.revision));
}

/**
 * The request with the project id added to what its idempotency key's fingerprint
 * covers (the body only, otherwise), so that one key reused on another project is a
 * conflict, not a replay of the first.
 */
export function withProjectInFingerprint(request: ServiceRequest, videoId: number): ServiceRequest {
  const body = request.body as Record<string, unknown>;
  return { ...request, body: { ...body, video_id: videoId } };
}

async function updateEditorVideoCall(call: AdmittedCall): Promise<ServiceResult> {
  const { deps, endpoint, caller, request } = call;
  const params = parseInput(editorVideoIdParamsSchema, request.pathParams, "path");
  if (!params.ok) return params.error;
  const body = parseInput(patchEditorVideoRequestSchema, request.body, "body");
  if (!body.ok) return body.error;
  const condition = revisionConditionOf(request, body.value.expected_revision);
  if (!condition.ok) return condition.error;
  const precondition = { condition: condition.value, actor: editActorOf(request) };
  const videoId = params.value.id;
  const operation = voiceoverOf(body.value.operations ?? []);
  if (operation === undefined) {
    const limited = await editRateRefusal(deps, caller);
    if (limited !== undefined) return limited;
    return applyPlainEdit(deps, caller, { videoId, body: body.value, precondition });
  }
  const instructions = body.value.instructions;
  return runPaidRequest({
    deps,
    endpoint,
    caller,
    request: withProjectInFingerprint(request, videoId),
    action: () =>
      runVoiceoverEdit(deps, caller, { videoId, operation, instructions, ...precondition }),
  });
}

/** PATCH /editor/videos/{id}: applies the edit and answers the edit result. */
export const updateEditorVideo: UseCaseFactory = authenticated(
  "updateEditorVideo",
  updateEditorVideoCall,
);
