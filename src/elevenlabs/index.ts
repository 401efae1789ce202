/**
 * reelkit/elevenlabs (Node only): speech on ElevenLabs' API through its official SDK
 * (`@elevenlabs/elevenlabs-js`, an optional peer dependency: `npm install
 * @elevenlabs/elevenlabs-js`). {@link createElevenLabsSpeechProvider} speaks with
 * timestamps, so each voiceover and narration comes with its words' times and its
 * captions need no transcription pass (or streams the audio when no times are wanted);
 * {@link createElevenLabsVoiceList} lists the account's voices as workspace voices, their
 * previews stored. Audio is stored through the media storage; ElevenLabs' failures
 * become `ProviderError`s of the job failure model (a refusal under its terms is
 * `content_policy`, never retried; a spent quota or an unknown voice is not retryable; a
 * rate limit or an outage is, its `retry-after` waited for within bounds; every request
 * has a timeout).
 *
 * @example
 * ```ts
 * import { createService } from "reelkit";
 * import { createElevenLabsSpeechProvider, createElevenLabsVoiceList } from "reelkit/elevenlabs";
 *
 * const elevenlabs = { apiKey: process.env.ELEVENLABS_API_KEY, storage: ports.mediaStorage };
 * const speech = createElevenLabsSpeechProvider({ ...elevenlabs, newId: () => crypto.randomUUID() });
 * const voices = await createElevenLabsVoiceList(elevenlabs).list();
 * const service = createService({ ...ports, speech });
 * ```
 *
 * @packageDocumentation
 */
export type { ClassifiedFailure, ProviderCallLimits } from "../provider-calls/bounded-call.js";
export {
  callElevenLabs,
  classifyElevenLabsFailure,
  ELEVENLABS_ATTEMPTS_DEFAULT,
  ELEVENLABS_CALL_LIMITS_DEFAULT,
  ELEVENLABS_CONTENT_POLICY_STATUSES,
  ELEVENLABS_FAILURE_CATEGORIES,
  ELEVENLABS_RETRY_AFTER_MAX_SECONDS_DEFAULT,
  ELEVENLABS_TIMEOUT_SECONDS_DEFAULT,
  type ElevenLabsCall,
} from "./elevenlabs-calls.js";
export {
  ELEVENLABS_AUDIO_FORMAT_DEFAULT,
  ELEVENLABS_MODEL_DEFAULT,
  ELEVENLABS_VOICE_DEFAULT,
  type ElevenLabsAudioFormat,
  type ElevenLabsOptions,
  type ElevenLabsStoringOptions,
} from "./elevenlabs-options.js";
export {
  createElevenLabsSpeechProvider,
  ELEVENLABS_SPEECH_INPUT_MAX_CHARACTERS,
  ELEVENLABS_SPEECH_MAX_BYTES,
  ELEVENLABS_SPEED_RANGE,
  type ElevenLabsSpeechOptions,
} from "./speech-provider.js";
export {
  createElevenLabsVoiceList,
  ELEVENLABS_PREVIEW_MAX_BYTES,
  ELEVENLABS_VOICE_CREDITS_DEFAULT,
  ELEVENLABS_VOICES_MAX,
  type ElevenLabsVoiceList,
  type ElevenLabsVoiceListOptions,
  elevenLabsPreviewKey,
} from "./voices.js";
export { type CharacterAlignment, wordsOfAlignment } from "./word-timings.js";
