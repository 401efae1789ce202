/**
 * What a service must ask its providers before applying a batch: the transcriptions
 * `generate_captions_from_items` needs and the speech `add_voiceover` needs. Both read
 * the state the batch will start from.
 *
 * @module
 */
import type { AddVoiceoverOperation, EditOperation } from "../schemas/edit-operations.js";
import type { SpeechRequest, TranscriptionRequest } from "./providers.js";
import type { EditorState } from "./state.js";

const REMOTE_URL = /^https?:\/\//i;

/**
 * The transcriptions to fetch for every `generate_captions_from_items` in `operations`:
 * one per distinct transcribable source item (a video or audio item with remote media) of
 * `state`. Sources that are missing or not transcribable are skipped here; the batch then
 * fails on them with a precise code.
 *
 * @example
 * ```ts
 * const requests = transcriptionRequestsFor(state, operations);
 * const transcripts = Object.fromEntries(
 *   await Promise.all(requests.map(async (r) => [r.itemId, await provider.transcribe(r)])),
 * );
 * const result = applyOperations(state, operations, { transcripts });
 * ```
 */
export function transcriptionRequestsFor(
  state: EditorState,
  operations: readonly EditOperation[],
): TranscriptionRequest[] {
  const requests = new Map<string, TranscriptionRequest>();
  for (const operation of operations) {
    if (operation.type !== "generate_captions_from_items") continue;
    for (const itemId of operation.source_item_ids) {
      const item = Object.hasOwn(state.items, itemId) ? state.items[itemId] : undefined;
      if (requests.has(itemId) || (item?.type !== "video" && item?.type !== "audio")) continue;
      const url = Object.hasOwn(state.assets, item.assetId)
        ? state.assets[item.assetId]?.url
        : undefined;
      if (url === undefined || !REMOTE_URL.test(url)) continue;
      requests.set(
        itemId,
        operation.language === undefined
          ? { itemId, url }
          : { itemId, url, language: operation.language },
      );
    }
  }
  return [...requests.values()];
}

/**
 * The speech to synthesize for an `add_voiceover` operation, in the provider's terms.
 *
 * @example
 * ```ts
 * const speech = await speechProvider.synthesize(speechRequestFor(operation));
 * const result = applyOperations(state, [operation], { voiceover: speech });
 * ```
 */
export function speechRequestFor(operation: AddVoiceoverOperation): SpeechRequest {
  const request: SpeechRequest = { text: operation.text };
  if (operation.voice_id !== undefined) request.voice_id = operation.voice_id;
  if (operation.instructions !== undefined) request.instructions = operation.instructions;
  if (operation.voice_settings !== undefined) request.voice_settings = operation.voice_settings;
  if (operation.filename !== undefined) request.filename = operation.filename;
  return request;
}
