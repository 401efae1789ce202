// examples/typed/transcription-provider.ts
// Not run: needs a speech-to-text service of your own.
import type { TranscriptionProvider } from "reelkit";

/** Your speech-to-text client: words timed in seconds. */
declare function speechToText(
  url: string,
  language: string | undefined,
): Promise<{ language: string; words: { text: string; start: number; end: number }[] }>;

export const transcription: TranscriptionProvider = {
  async transcribe(request) {
    const result = await speechToText(request.url, request.language);
    return {
      words: result.words.map((w) => ({
        word: w.text,
        startMs: w.start * 1000,
        endMs: w.end * 1000,
      })),
      language: result.language,
    };
  },
};
