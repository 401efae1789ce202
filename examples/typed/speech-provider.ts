// examples/typed/speech-provider.ts
// Not run: needs a speech engine of your own.
import type { MediaStorage, SpeechProvider } from "reelkit";

/** Your speech engine's client. */
declare const tts: {
  speak(
    text: string,
    options: { voice: string | undefined; language: string | undefined },
  ): Promise<{
    bytes: Uint8Array;
    seconds: number;
    marks?: { text: string; start: number; end: number }[];
  }>;
};
declare const mediaStorage: MediaStorage;

export const speech: SpeechProvider = {
  async synthesize(request) {
    const audio = await tts.speak(request.text, {
      voice: request.voice_id,
      language: request.language,
    });
    const stored = await mediaStorage.put(
      `generated/voiceover/${crypto.randomUUID()}.mp3`,
      audio.bytes,
      { contentType: "audio/mpeg" },
    );
    return {
      url: stored.url,
      durationSeconds: audio.seconds,
      words: audio.marks?.map((mark) => ({
        word: mark.text,
        startMs: mark.start,
        endMs: mark.end,
      })),
    };
  },
};
