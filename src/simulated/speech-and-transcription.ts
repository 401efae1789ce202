/**
 * Simulated speech and transcription providers for the reference host and tests. Speech
 * stores a placeholder WAV paced from the text (one chirp per word, as long as the
 * duration it reports); transcription
 * returns evenly spaced placeholder words. Both are ports; a deployment plugs in real ones.
 *
 * @module
 */

import type { SpeechProvider, TranscriptionProvider } from "../editor/providers.js";
import { countSpokenWords } from "../editor/spoken-words.js";
import type { MediaStorage } from "../service/ports/media-storage.js";
import { placeholderSpeechWav } from "./placeholder-speech.js";
import { SIMULATED_WORDS_PER_SECOND } from "./script-writer.js";

/**
 * Creates the simulated speech provider; each voiceover gets its own object key.
 *
 * @example
 * ```ts
 * const speech = createSimulatedSpeechProvider({ storage, newId: () => crypto.randomUUID() });
 * ```
 */
export function createSimulatedSpeechProvider(options: {
  /** Where the placeholder audio is stored. */
  readonly storage: MediaStorage;
  /** Mints the id in each voiceover's object key. */
  readonly newId: () => string;
}): SpeechProvider {
  return {
    async synthesize(request) {
      const words = Math.max(1, countSpokenWords(request.text));
      const durationSeconds = Math.round((words / SIMULATED_WORDS_PER_SECOND) * 100) / 100;
      const stored = await options.storage.put(
        `generated/voiceover/${options.newId()}.wav`,
        placeholderSpeechWav({ words, durationSeconds }),
        { contentType: "audio/wav" },
      );
      return { url: stored.url, durationSeconds, filename: request.filename ?? null };
    },
  };
}

/** Words per transcript the simulated transcription returns. */
export const SIMULATED_TRANSCRIPT_WORDS = 12;

/**
 * Creates the simulated transcription provider: twelve words, one every 400 ms.
 *
 * @example
 * ```ts
 * const transcript = await createSimulatedTranscriptionProvider().transcribe({ itemId: "a", url });
 * transcript.words.length; // 12
 * ```
 */
export function createSimulatedTranscriptionProvider(): TranscriptionProvider {
  return {
    async transcribe(request) {
      const words = Array.from({ length: SIMULATED_TRANSCRIPT_WORDS }, (_, index) => ({
        word: `word${index + 1}`,
        startMs: index * 400,
        endMs: index * 400 + 350,
      }));
      return request.language === undefined ? { words } : { words, language: request.language };
    },
  };
}
