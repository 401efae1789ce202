/**
 * Fetching the transcripts `generate_captions_from_items` needs before a batch is applied
 * (spec 4.14 rule 7). The engine stays pure; the service asks the transcription provider
 * first and hands the results over.
 *
 * @module
 */

import { transcriptionRequestsFor } from "../../editor/provider-requests.js";
import type { Transcript, TranscriptionRequest } from "../../editor/providers.js";
import type { EditorState } from "../../editor/state.js";
import type { ApiError } from "../../errors/api-error.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { EditOperation } from "../../schemas/edit-operations.js";
import { halt, proceed, type Step } from "../pipeline/results.js";
import { providerFailureApiError } from "./provider-failures.js";

// The first caption operation that names the source: the one a failure is reported on.
function operationIndexOf(operations: readonly EditOperation[], itemId: string): number {
  const index = operations.findIndex(
    (operation) =>
      operation.type === "generate_captions_from_items" &&
      operation.source_item_ids.includes(itemId),
  );
  return Math.max(0, index);
}

type Answer =
  | { readonly kind: "transcript"; readonly itemId: string; readonly transcript: Transcript }
  | { readonly kind: "refused"; readonly error: ApiError }
  | { readonly kind: "missing" };

async function transcribe(
  deps: ServiceDependencies,
  request: TranscriptionRequest,
  operations: readonly EditOperation[],
): Promise<Answer> {
  try {
    const transcript = await deps.transcription.transcribe(request);
    return { kind: "transcript", itemId: request.itemId, transcript };
  } catch (thrown) {
    const error = providerFailureApiError(thrown, {
      operationIndex: operationIndexOf(operations, request.itemId),
      details: { source_item_id: request.itemId },
    });
    return error === undefined ? { kind: "missing" } : { kind: "refused", error };
  }
}

/**
 * Transcribes every source item the batch's caption operations name, in parallel, keyed
 * by item id. A source the provider cannot transcribe right now for no stated reason is
 * left out, so the batch fails with `transcript_unavailable`, a retryable 500, rather
 * than captioning nothing. A provider's understood failure (a thrown `ProviderError`)
 * ends the request with its own answer: a 400 naming the operation when trying again
 * cannot help (an unsupported language), a retryable 500 otherwise.
 */
export async function fetchCaptionTranscripts(
  deps: ServiceDependencies,
  state: EditorState,
  operations: readonly EditOperation[],
): Promise<Step<Record<string, Transcript>>> {
  const requests = transcriptionRequestsFor(state, operations);
  const answers = await Promise.all(
    requests.map((request) => transcribe(deps, request, operations)),
  );
  // A failure the caller must fix is told before one that may pass on a retry.
  const refusals = answers.flatMap((answer) => (answer.kind === "refused" ? [answer.error] : []));
  const refused = refusals.find((error) => !error.retryable) ?? refusals[0];
  if (refused !== undefined) return halt(refused);
  const transcripts: Record<string, Transcript> = {};
  for (const answer of answers) {
    if (answer.kind === "transcript") transcripts[answer.itemId] = answer.transcript;
  }
  return proceed(transcripts);
}
