/**
 * `add_voiceover` (rule 3): adds synthesized speech as an audio item with role
 * `voiceover`. It is paid, so it must be the only operation of its batch
 * (`voiceover_not_alone`), its text may hold at most 465 spoken words
 * (`voiceover_too_long`), and the service must have synthesized the audio first and
 * passed it as `options.voiceover` (`speech_unavailable`). Without `duration_seconds` the
 * item runs to the end of the speech. The asset records the voice and the text.
 *
 * @module
 */
import type { AddVoiceoverOperation } from "../../schemas/edit-operations.js";
import { VOICEOVER_MAX_WORDS } from "../../schemas/limits.js";
import { countSpokenWords } from "../../schemas/spoken-words.js";
import { addAudioClip } from "../audio-clips.js";
import { editFailure } from "../errors.js";
import type { OperationModule } from "../options.js";

// What the asset remembers of the request, for display and for re-synthesis.
function voiceMetadata(operation: AddVoiceoverOperation): Record<string, unknown> {
  const metadata: Record<string, unknown> = { text: operation.text };
  if (operation.voice_id !== undefined) metadata.voice_id = operation.voice_id;
  if (operation.voice_name !== undefined) metadata.voice_name = operation.voice_name;
  if (operation.instructions !== undefined) metadata.instructions = operation.instructions;
  if (operation.voice_settings !== undefined) metadata.voice_settings = operation.voice_settings;
  return metadata;
}

/** Applies `add_voiceover`. */
export const addVoiceover: OperationModule<AddVoiceoverOperation> = (draft, operation, context) => {
  if (context.operationCount !== 1) {
    return editFailure(
      "voiceover_not_alone",
      `add_voiceover must be the only operation of its request; this one has ${context.operationCount}.`,
    );
  }
  const spokenWords = countSpokenWords(operation.text);
  if (spokenWords > VOICEOVER_MAX_WORDS) {
    return editFailure(
      "voiceover_too_long",
      `The voiceover text has ${spokenWords} spoken words; the limit is ${VOICEOVER_MAX_WORDS}.`,
    );
  }
  const speech = context.voiceover;
  if (speech === undefined) {
    return editFailure(
      "speech_unavailable",
      "No synthesized speech was supplied for add_voiceover.",
    );
  }
  return addAudioClip(draft, {
    media: {
      type: "audio",
      url: speech.url,
      name: operation.filename ?? speech.filename ?? null,
      durationSeconds: speech.durationSeconds,
      width: null,
      height: null,
      mediaId: speech.mediaId ?? null,
      metadata: voiceMetadata(operation),
    },
    role: "voiceover",
    fields: operation,
    operationType: "add_voiceover",
  });
};
