/**
 * Which voice speaks a request: the named voice when it speaks the requested language
 * (or no language is asked for); else a table voice of that language, of the named
 * voice's gender when there is one; else espeak-ng's own voice of that language; else
 * the request is refused as an unsupported language. A voice id the table does not hold
 * (a workspace's own voice) is spoken by the language's default voice.
 *
 * @module
 */
import type { SpeechRequest } from "../../editor/providers.js";
import { ProviderError } from "../../ports/provider-error.js";
import {
  LOCAL_DEFAULT_VOICE_ID,
  type LocalSpeechEngine,
  type LocalVoice,
  primaryLanguageOf,
  voiceSpeaks,
} from "./voices.js";

/** The engine and engine voice chosen for a request. */
export interface VoiceChoice {
  /** The engine. */
  readonly engine: LocalSpeechEngine;
  /** The engine's voice. */
  readonly engineVoice: string;
  /** The table voice, when one was chosen. */
  readonly voice: LocalVoice | undefined;
}

/** What the choice needs besides the request. */
export interface VoiceChoiceContext {
  /** The voice table. */
  readonly voices: readonly LocalVoice[];
  /** The languages espeak-ng speaks (its `--voices` list), lower case. */
  readonly espeakLanguages: readonly string[];
}

function ofVoice(voice: LocalVoice): VoiceChoice {
  return { engine: voice.engine, engineVoice: voice.engineVoice, voice };
}

// espeak-ng names some languages by region only (`fr-fr`, `vi-vn-x-central`): the exact
// tag, then the language, then the language in its own region.
function espeakLanguageOf(language: string, languages: readonly string[]): string | undefined {
  const exact = language.toLowerCase().replace(/_/g, "-");
  const primary = primaryLanguageOf(language);
  return [exact, primary, `${primary}-${primary}`].find((tag) => languages.includes(tag));
}

function unsupported(language: string): ProviderError {
  return new ProviderError({
    category: "unsupported_language",
    message: `No local voice speaks "${language}": flite speaks English, and espeak-ng has no voice for it.`,
    retryable: false,
  });
}

/**
 * The voice for `request`, or a thrown `unsupported_language` when no local engine
 * speaks its language.
 *
 * @example
 * ```ts
 * chooseVoice({ text: "Hola", voice_id: "ash", language: "es" }, { voices: LOCAL_VOICES, espeakLanguages: ["es"] }).voice?.id;
 * // "sol": ash speaks English only, and sol is the table's Spanish voice
 * ```
 */
export function chooseVoice(request: SpeechRequest, context: VoiceChoiceContext): VoiceChoice {
  const { voices, espeakLanguages } = context;
  const named = voices.find((voice) => voice.id === request.voice_id);
  const language = request.language;
  if (language === undefined) {
    const fallback = voices.find((voice) => voice.id === LOCAL_DEFAULT_VOICE_ID) ?? voices[0];
    const voice = named ?? fallback;
    if (voice === undefined) throw unsupported("en");
    return ofVoice(voice);
  }
  if (named !== undefined && voiceSpeaks(named, language)) return ofVoice(named);
  const speaking = voices.filter((voice) => voiceSpeaks(voice, language));
  const sameGender = speaking.find((voice) => voice.gender === named?.gender);
  const tableVoice = sameGender ?? speaking[0];
  if (tableVoice !== undefined) return ofVoice(tableVoice);
  const espeakLanguage = espeakLanguageOf(language, espeakLanguages);
  if (espeakLanguage === undefined) throw unsupported(language);
  const variant = named?.gender === "male" ? "m3" : "f3";
  return { engine: "espeak-ng", engineVoice: `${espeakLanguage}+${variant}`, voice: undefined };
}
