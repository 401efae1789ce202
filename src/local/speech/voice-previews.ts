/**
 * The local voices as a workspace lists them (GET /assets, `recommend_voice`), each with
 * a preview that is a real sample of that voice: its preview sentence, rendered once and
 * stored through the media storage, so the `preview_url` plays the voice it names.
 *
 * @module
 */

import type { MediaStorage } from "../../ports/media-storage.js";
import type { Voice } from "../../schemas/assets.js";
import type { LocalSpeechProvider } from "./speech-provider.js";
import type { LocalVoice } from "./voices.js";

/** Credits of a 9:16 and a 16:9 faceless video with a local voice (the demo workspace's). */
export const LOCAL_VOICE_CREDITS = { credits_9_16: 60, credits_16_9: 80 } as const;

/** Where a voice's preview is stored. */
export function voicePreviewKey(voiceId: string): string {
  return `voices/previews/${voiceId}.wav`;
}

/** A local voice as GET /assets lists it, with the URL of its preview. */
export function localVoiceAsset(voice: LocalVoice, previewUrl: string): Voice {
  return {
    id: voice.id,
    name: voice.name,
    preview_url: previewUrl,
    source: "built_in",
    locale: [...voice.locale],
    ...LOCAL_VOICE_CREDITS,
    gender: voice.gender,
    age: voice.age,
    style_tags: [...voice.styleTags],
    recommendation_summary: voice.summary,
  };
}

/**
 * Renders each voice's preview sentence, stores it, and answers the voices as a
 * workspace lists them. A voice whose engine this machine lacks is left out, so no
 * listed voice is one that cannot speak.
 *
 * @example
 * ```ts
 * const speech = createLocalSpeechProvider({ storage, newId });
 * const voices = await storeVoicePreviews({ speech, storage });
 * const assets = { ...DEMO_ASSETS, voices };
 * ```
 */
export async function storeVoicePreviews(options: {
  /** The provider that speaks the previews. */
  readonly speech: LocalSpeechProvider;
  /** Where the previews are stored. */
  readonly storage: MediaStorage;
}): Promise<Voice[]> {
  const { speech, storage } = options;
  const report = await speech.engines();
  const speaks = (voice: LocalVoice) =>
    voice.engine === "flite"
      ? report.flite.available && report.t2p.available
      : report.espeakNg.available;
  const previews = await Promise.all(
    speech.voices.filter(speaks).map(async (voice) => {
      const audio = await speech.render({
        text: voice.previewText,
        voice_id: voice.id,
        language: voice.locale[0],
      });
      const stored = await storage.put(voicePreviewKey(voice.id), audio.wav, {
        contentType: "audio/wav",
      });
      return localVoiceAsset(voice, stored.url);
    }),
  );
  return previews;
}
