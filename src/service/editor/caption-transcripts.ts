/**
 * Fetching the transcripts `generate_captions_from_items` needs before a batch is applied
 * (spec 4.14 rule 7). The engine stays pure; the service asks the transcription provider
 * first and hands the results over.
 *
 * @module
 */

import { transcriptionRequestsFor } from "../../editor/provider-requests.js";
import type { Transcript } from "../../editor/providers.js";
import type { EditorState } from "../../editor/state.js";
import type { EditOperation } from "../../schemas/edit-operations.js";
import type { ServiceDependencies } from "../dependencies.js";

/**
 * Transcribes every source item the batch's caption operations name, in parallel, keyed
 * by item id. A source the provider cannot transcribe right now is left out, so the batch
 * fails with `transcript_unavailable`, a retryable 500, rather than captioning nothing.
 */
export async function fetchCaptionTranscripts(
  deps: ServiceDependencies,
  state: EditorState,
  operations: readonly EditOperation[],
): Promise<Record<string, Transcript>> {
  const requests = transcriptionRequestsFor(state, operations);
  const answers = await Promise.all(
    requests.map(async (request) => {
      try {
        return [request.itemId, await deps.transcription.transcribe(request)] as const;
      } catch {
        return undefined;
      }
    }),
  );
  const transcripts: Record<string, Transcript> = {};
  for (const answer of answers) if (answer !== undefined) transcripts[answer[0]] = answer[1];
  return transcripts;
}
