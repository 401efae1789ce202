/**
 * reelkit/openai (Node only): the provider ports on OpenAI's API through its official SDK
 * (`openai`, an optional peer dependency: `npm install openai`). Images for the visual
 * port of the faceless and slideshow workflows ({@link createOpenAIVisualGenerator}),
 * speech ({@link createOpenAISpeechProvider}), transcription with word timestamps
 * ({@link createOpenAITranscriptionProvider}) and the script writer with structured
 * output ({@link createOpenAIScriptWriter}); {@link createOpenAIProviders} makes all four
 * on one client. Static ads and AI-model image variants are drawn by the work provider
 * of {@link createOpenAIImageWorkProvider}. Generated files are stored through the media storage, streamed; OpenAI's
 * failures become `ProviderError`s of the job failure model (a safety refusal is
 * `content_policy`, never retried; a rate limit or an outage is retryable, its
 * `retry-after` waited for within bounds; every request has a timeout).
 *
 * @example
 * ```ts
 * import { createService, createProjectMediaReader } from "reelkit";
 * import { createOpenAIProviders } from "reelkit/openai";
 *
 * const openai = createOpenAIProviders({
 *   apiKey: process.env.OPENAI_API_KEY,
 *   storage: ports.mediaStorage,
 *   newId: () => crypto.randomUUID(),
 *   readMedia: createProjectMediaReader({ mediaStorage: ports.mediaStorage, urlFetcher }),
 * });
 * const service = createService({ ...ports, ...openai });
 * ```
 *
 * @packageDocumentation
 */

export {
  createOpenAIImageWorkProvider,
  OPENAI_UNSUPPORTED_JOB_CATEGORY,
  type OpenAIImageWorkProviderOptions,
} from "./image-work-provider.js";
export { OPENAI_IMAGE_MAX_BYTES } from "./images-answer.js";
export {
  callOpenAI,
  OPENAI_ATTEMPTS_DEFAULT,
  OPENAI_CONTENT_POLICY_CODES,
  OPENAI_FAILURE_CATEGORIES,
  OPENAI_RETRY_AFTER_MAX_SECONDS_DEFAULT,
  OPENAI_TIMEOUT_SECONDS_DEFAULT,
  type OpenAICall,
  type OpenAICallLimits,
} from "./openai-calls.js";
export {
  OPENAI_MODELS_DEFAULT,
  type OpenAIModels,
  type OpenAIOptions,
  type OpenAIStoringOptions,
} from "./openai-options.js";
export {
  createOpenAIProviders,
  type OpenAIProviders,
  type OpenAIProvidersOptions,
} from "./providers.js";
export { createOpenAIScriptWriter, OPENAI_CHAT_MAX_TOKENS } from "./script-writer.js";
export {
  createOpenAISpeechProvider,
  OPENAI_DEFAULT_VOICE,
  OPENAI_SPEECH_INPUT_MAX_CHARACTERS,
  OPENAI_SPEECH_MAX_BYTES,
  OPENAI_VOICES,
} from "./speech-provider.js";
export {
  createOpenAITranscriptionProvider,
  OPENAI_TRANSCRIPTION_MAX_BYTES,
  type OpenAITranscriptionOptions,
} from "./transcription-provider.js";
export {
  createOpenAIVisualGenerator,
  OPENAI_VISUAL_UNSUPPORTED_CATEGORY,
  type OpenAIImageSize,
  openAIImageSize,
} from "./visual-generator.js";
