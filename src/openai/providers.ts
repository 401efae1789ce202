/**
 * All four OpenAI adapters on one client, for a deployment that takes every model from
 * OpenAI.
 *
 * @module
 */

import type { ScriptWriter } from "../ports/jobs.js";
import type { SpeechProvider, TranscriptionProvider } from "../ports/speech-and-transcription.js";
import type { VisualGenerator } from "../ports/visuals.js";
import { type OpenAIStoringOptions, openAISettings } from "./openai-options.js";
import { createOpenAIScriptWriter } from "./script-writer.js";
import { createOpenAISpeechProvider } from "./speech-provider.js";
import {
  createOpenAITranscriptionProvider,
  type OpenAITranscriptionOptions,
} from "./transcription-provider.js";
import { createOpenAIVisualGenerator } from "./visual-generator.js";

/** What all four adapters are made from. */
export type OpenAIProvidersOptions = OpenAIStoringOptions & OpenAITranscriptionOptions;

/** The ports OpenAI serves, named as `ServiceDependencies` names them. */
export interface OpenAIProviders {
  /** Pictures of scenes and slides. */
  readonly visuals: VisualGenerator;
  /** Voiceovers and narration. */
  readonly speech: SpeechProvider;
  /** Captions and narration word times. */
  readonly transcription: TranscriptionProvider;
  /** Scripts, scene plans and slide headlines. */
  readonly scriptWriter: ScriptWriter;
}

/**
 * Creates the visual generator, speech, transcription and script writer on one OpenAI
 * client, ready to spread into `createService`'s dependencies.
 *
 * @example
 * ```ts
 * const openai = createOpenAIProviders({ storage, newId, readMedia });
 * const service = createService({ ...ports, ...openai });
 * ```
 */
export function createOpenAIProviders(options: OpenAIProvidersOptions): OpenAIProviders {
  const shared = { ...options, client: openAISettings(options).client };
  return {
    visuals: createOpenAIVisualGenerator(shared),
    speech: createOpenAISpeechProvider(shared),
    transcription: createOpenAITranscriptionProvider(shared),
    scriptWriter: createOpenAIScriptWriter(shared),
  };
}
