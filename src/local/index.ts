/**
 * reelkit/local (Node only): speech, alignment and transcription on this machine's own
 * engines, run as processes with limits: flite (English voices) and espeak-ng (other
 * languages) behind {@link createLocalSpeechProvider}, and pocketsphinx with its US
 * English model behind {@link createLocalTranscriptionProvider} (free recognition,
 * forced alignment of a known text, and recognition among known phrases). Install them
 * from Debian: `apt-get install flite espeak-ng pocketsphinx pocketsphinx-en-us`;
 * {@link checkLocalEngines} reports which are present.
 *
 * @example
 * ```ts
 * import { createService } from "reelkit";
 * import {
 *   createLocalSpeechProvider,
 *   createLocalTranscriptionProvider,
 * } from "reelkit/local";
 *
 * const speech = createLocalSpeechProvider({ storage: ports.mediaStorage, newId: () => crypto.randomUUID() });
 * const transcription = createLocalTranscriptionProvider({ readMedia });
 * const service = createService({ ...ports, ...providers, speech, transcription });
 * ```
 *
 * @packageDocumentation
 */
export { type PcmWav, readPcmWav } from "./audio/wav.js";
export {
  checkLocalEngines,
  checkLocalEnginesOnce,
  type EngineAvailability,
  type EngineMissing,
  type EnginePresent,
  type EspeakAvailability,
  type FliteAvailability,
  type LocalEngineReport,
} from "./engine-check.js";
export {
  type LocalEnginePrograms,
  POCKETSPHINX_EN_US_MODEL_DIRECTORY,
} from "./engine-programs.js";
export {
  ENGINE_STDOUT_MAX_LENGTH,
  LOCAL_ENGINE_CONCURRENCY_DEFAULT,
  LOCAL_ENGINE_LIMITS_DEFAULT,
  LOCAL_ENGINE_QUEUE_MAX_DEFAULT,
  type LocalEngineLimits,
  RECOGNITION_AUDIO_MAX_SECONDS_DEFAULT,
  RECOGNITION_INPUT_MAX_BYTES_DEFAULT,
  RECOGNITION_TIMEOUT_SECONDS_DEFAULT,
  SPEECH_OUTPUT_MAX_BYTES_DEFAULT,
  SPEECH_TIMEOUT_SECONDS_DEFAULT,
} from "./limits.js";
export {
  createLocalSpeechProvider,
  type LocalSpeechAudio,
  type LocalSpeechProvider,
  type LocalSpeechProviderOptions,
} from "./speech/speech-provider.js";
export {
  LOCAL_VOICE_CREDITS,
  localVoiceAsset,
  storeVoicePreviews,
  voicePreviewKey,
} from "./speech/voice-previews.js";
export {
  LOCAL_DEFAULT_VOICE_ID,
  LOCAL_VOICES,
  type LocalSpeechEngine,
  type LocalVoice,
} from "./speech/voices.js";
export {
  createLocalTranscriptionProvider,
  LOCAL_RECOGNITION_LANGUAGES,
  type LocalTranscriptionProvider,
  type LocalTranscriptionProviderOptions,
  type PhraseRecognition,
  type PhraseRecognitionRequest,
  RECOGNITION_PHRASES_MAX,
} from "./transcription/transcription-provider.js";
