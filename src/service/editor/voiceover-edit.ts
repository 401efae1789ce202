/**
 * The paid voiceover edit (spec 4.14 rule 3): a PATCH whose only operation is
 * `add_voiceover`. It runs inside the idempotent, rate-limited frame of every paid
 * request: the project and the voice are checked, the speech priced and held, synthesized, placed on the
 * timeline, and only then is the hold captured. Every failure on the way releases the
 * hold, so a failed voiceover charges nothing and can be retried with the same key. A
 * speech provider's understood failure answers with its own category: a 400 when trying
 * again cannot help (an unsupported language), a retryable 500 otherwise.
 *
 * @module
 */
import { priceVoiceover, pricingApiError } from "../../credits/index.js";
import { speechRequestFor } from "../../editor/provider-requests.js";
import type { SynthesizedSpeech } from "../../editor/providers.js";
import { apiError } from "../../errors/api-error.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { RevisionActor } from "../../ports/revisions.js";
import type { AddVoiceoverOperation } from "../../schemas/edit-operations.js";
import type { EditResult } from "../../schemas/editor-videos.js";
import { findVoice } from "../catalog/workspace-references.js";
import type { Caller } from "../pipeline/authorize.js";
import { holdCredits, releaseHolds } from "../pipeline/credits.js";
import type { PaidAnswer } from "../pipeline/paid.js";
import { failure, halt, proceed, type Step, success } from "../pipeline/results.js";
import { applyEditsToProject } from "./apply-edits-to-project.js";
import { editResultOf } from "./edit-result.js";
import { findEditorProject } from "./editor-videos.js";
import { providerFailureApiError } from "./provider-failures.js";
import {
  meetsCondition,
  type RevisionCondition,
  revisionConflict,
} from "./revision-preconditions.js";

/** One voiceover request, parsed. */
export interface VoiceoverEdit {
  /** The project to add the voiceover to. */
  readonly videoId: number;
  /** The request's single operation. */
  readonly operation: AddVoiceoverOperation;
  /** Instructions recorded with the edit, if any. */
  readonly instructions: string | undefined;
  /** The revisions the edit may apply on; any when undefined. */
  readonly condition: RevisionCondition;
  /** Who makes the edit. */
  readonly actor: RevisionActor;
}

async function synthesize(
  deps: ServiceDependencies,
  operation: AddVoiceoverOperation,
): Promise<Step<SynthesizedSpeech>> {
  try {
    return proceed(await deps.speech.synthesize(speechRequestFor(operation)));
  } catch (thrown) {
    // A voiceover request holds its add_voiceover alone (rule 3), so it is operation 0.
    const understood = providerFailureApiError(thrown, { operationIndex: 0 });
    return halt(
      understood ??
        apiError(
          "server_error",
          "The voice could not be generated; nothing was charged. Retry with the same idempotency key.",
          { retryable: true },
        ),
    );
  }
}

// Everything after the hold: any failure, or an unexpected throw, gives the credits back.
async function produceVoiceover(
  deps: ServiceDependencies,
  caller: Caller,
  { edit, holdId }: { readonly edit: VoiceoverEdit; readonly holdId: string },
): Promise<Step<EditResult>> {
  try {
    const speech = await synthesize(deps, edit.operation);
    if (!speech.ok) return speech;
    const accepted = await applyEditsToProject(
      deps,
      { caller, videoId: edit.videoId },
      {
        operations: [edit.operation],
        instructions: edit.instructions,
        inputs: { voiceover: speech.value },
        condition: edit.condition,
        actor: edit.actor,
      },
    );
    if (!accepted.ok) return accepted;
    return proceed(editResultOf(accepted.value));
  } catch (error) {
    await releaseHolds(deps, caller, [holdId]);
    throw error;
  }
}

/**
 * Runs the paid part of a voiceover request and answers the edit result plus
 * `credits_deducted` and `remaining_credits`. Call it as the action of
 * `runPaidRequest`, which owns idempotency and the rate limit.
 */
export async function runVoiceoverEdit(
  deps: ServiceDependencies,
  caller: Caller,
  edit: VoiceoverEdit,
): Promise<PaidAnswer> {
  const project = await findEditorProject(deps, { caller, videoId: edit.videoId });
  if (!project.ok) return project.error;
  // A stale voiceover is refused before anything is held or synthesized.
  if (!meetsCondition(edit.condition, project.value.version)) {
    return failure(revisionConflict(project.value.version, edit.condition));
  }
  const voiceId = edit.operation.voice_id;
  if (voiceId !== undefined) {
    const assets = await deps.workspace.assets(caller.organization.id);
    // A voiceover request holds its add_voiceover alone (rule 3), so it is operation 0.
    const voice = findVoice(assets, voiceId, "operations.0.voice_id");
    if (!voice.ok) return voice.error;
  }
  const price = priceVoiceover({ text: edit.operation.text }, deps.prices);
  if (!price.ok) return failure(pricingApiError(price.error));
  const holdId = deps.ids.uuid();
  const amount = price.value.totalCredits;
  const held = await holdCredits(deps, caller, [{ holdId, amount }]);
  if (!held.ok) return held.error;
  const produced = await produceVoiceover(deps, caller, { edit, holdId });
  if (!produced.ok) {
    await releaseHolds(deps, caller, [holdId]);
    return produced.error;
  }
  await deps.credits.capture(caller.organization.id, holdId);
  const balance = await deps.credits.balance(caller.organization.id);
  return success({
    ...produced.value,
    credits_deducted: amount,
    remaining_credits: balance.available,
  });
}
