/**
 * Simulated speech and transcription providers for the reference host and tests. Speech
 * stores a placeholder WAV paced from the text (one chirp per word, as long as the
 * duration it reports) and reports each word's time, as engines that know them do;
 * transcription returns evenly spaced placeholder words. Both are ports; a deployment
 * plugs in real ones.
 *
 * @module
 */

import type { TranscriptWord } from "../editor/providers.js";
import type { MediaStorage } from "../ports/media-storage.js";
import type { SpeechProvider, TranscriptionProvider } from "../ports/speech-and-transcription.js";
import { countSpokenWords } from "../schemas/spoken-words.js";
import { narrationWords } from "../service/products/narration-text.js";
import { placeholderSpeechWav, placeholderWordSlots } from "./placeholder-speech.js";
import { SIMULATED_WORDS_PER_SECOND } from "./script-writer.js";

// Each word of the text, as captions show it, and its share of the time: the words a
// voice speaks in it (an abbreviation or a long number takes longer).
function spokenWordsOf(text: string): { readonly words: string[]; readonly weights: number[] } {
  const words = narrationWords(text);
  return { words, weights: words.map((word) => Math.max(1, countSpokenWords(word))) };
}

/**
 * Creates the simulated speech provider; each voiceover gets its own object key. It
 * reports the time of each word of the text (its runs of non-space characters holding a
 * letter or digit): the chirp that stands for it.
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
      const spoken = Math.max(1, countSpokenWords(request.text));
      const durationSeconds = Math.round((spoken / SIMULATED_WORDS_PER_SECOND) * 100) / 100;
      const { words, weights } = spokenWordsOf(request.text);
      const slots = { words: Math.max(1, words.length), durationSeconds, weights };
      const stored = await options.storage.put(
        `generated/voiceover/${options.newId()}.wav`,
        placeholderSpeechWav(slots),
        { contentType: "audio/wav" },
      );
      const timed: TranscriptWord[] = placeholderWordSlots(slots)
        .slice(0, words.length)
        .map((slot, index) => ({
          word: words[index] as string,
          startMs: Math.round(slot.startSeconds * 1000),
          endMs: Math.round(slot.endSeconds * 1000),
        }));
      return {
        url: stored.url,
        durationSeconds,
        filename: request.filename ?? null,
        words: timed,
      };
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
