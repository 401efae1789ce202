/**
 * The speech port on ElevenLabs' text-to-speech. By default it asks for speech **with
 * timestamps** (`POST /v1/text-to-speech/{voice_id}/with-timestamps`): the audio comes
 * as base64 with each character's time, so the voiceover and the narration get their
 * word times, and captions, with no transcription pass. A deployment that needs no word
 * times streams the audio instead (`POST /v1/text-to-speech/{voice_id}/stream`),
 * straight into storage. Either way the audio is a constant-bitrate MP3, its length read
 * from its bitrate and the bytes stored.
 *
 * @module
 */
import type { SpeechRequest, SynthesizedSpeech } from "../editor/providers.js";
import { ProviderError } from "../ports/provider-error.js";
import type { SpeechProvider } from "../ports/speech-and-transcription.js";
import { constantBitrateMp3Seconds } from "../provider-calls/audio-length.js";
import { meteredStream } from "../provider-calls/metered-stream.js";
import { callElevenLabs, invalidElevenLabsOutput } from "./elevenlabs-calls.js";
import {
  ELEVENLABS_AUDIO_FORMAT_DEFAULT,
  ELEVENLABS_MODEL_DEFAULT,
  ELEVENLABS_VOICE_DEFAULT,
  type ElevenLabsAudioFormat,
  type ElevenLabsSettings,
  type ElevenLabsStoringOptions,
  elevenLabsSettings,
} from "./elevenlabs-options.js";
import { wordsOfAlignment } from "./word-timings.js";

/** The largest speech file stored from ElevenLabs, in bytes (over an hour of its MP3). */
export const ELEVENLABS_SPEECH_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The longest text spoken in one call, in characters: ElevenLabs' documented limit of
 * its multilingual and English models (the Flash and Turbo models take more).
 */
export const ELEVENLABS_SPEECH_INPUT_MAX_CHARACTERS = 10_000;

/** The slowest and fastest pace ElevenLabs speaks at (its `speed` setting). */
export const ELEVENLABS_SPEED_RANGE = { min: 0.7, max: 1.2 } as const;

// Bytes read to find an MP3's ID3 tag.
const HEAD_BYTES = 256;

/** How the speech adapter is configured. */
export interface ElevenLabsSpeechOptions extends ElevenLabsStoringOptions {
  /** Mints the id in each stored file's object key. */
  readonly newId: () => string;
  /** The model; {@link ELEVENLABS_MODEL_DEFAULT} when omitted. */
  readonly modelId?: string | undefined;
  /** The audio format stored; {@link ELEVENLABS_AUDIO_FORMAT_DEFAULT} when omitted. */
  readonly outputFormat?: ElevenLabsAudioFormat | undefined;
  /** The voice of a request that names none; {@link ELEVENLABS_VOICE_DEFAULT} when omitted. */
  readonly defaultVoiceId?: string | undefined;
  /**
   * Whether to ask for word times (true by default). False streams the audio into
   * storage and reports no words: callers that need them align or transcribe.
   */
  readonly wordTimings?: boolean | undefined;
}

interface SpeechSettings extends ElevenLabsSettings {
  readonly options: ElevenLabsSpeechOptions;
  readonly modelId: string;
  readonly outputFormat: ElevenLabsAudioFormat;
}

function voiceSettingsOf(request: SpeechRequest) {
  const settings = request.voice_settings;
  if (settings === undefined) return undefined;
  const { min, max } = ELEVENLABS_SPEED_RANGE;
  return {
    ...(settings.stability === undefined ? {} : { stability: settings.stability }),
    ...(settings.similarity_boost === undefined
      ? {}
      : { similarityBoost: settings.similarity_boost }),
    ...(settings.style === undefined ? {} : { style: settings.style }),
    ...(settings.use_speaker_boost === undefined
      ? {}
      : { useSpeakerBoost: settings.use_speaker_boost }),
    ...(settings.speed === undefined
      ? {}
      : { speed: Math.min(max, Math.max(min, settings.speed)) }),
  };
}

// The multilingual v2 model reads the language from the text and refuses a language code.
function languageOf(settings: SpeechSettings, request: SpeechRequest) {
  if (request.language === undefined || settings.modelId.startsWith("eleven_multilingual_v2")) {
    return {};
  }
  return { languageCode: request.language.split("-")[0]?.toLowerCase() ?? request.language };
}

function bodyOf(settings: SpeechSettings, request: SpeechRequest) {
  const voiceSettings = voiceSettingsOf(request);
  return {
    text: request.text,
    modelId: settings.modelId,
    outputFormat: settings.outputFormat,
    ...languageOf(settings, request),
    ...(voiceSettings === undefined ? {} : { voiceSettings }),
  };
}

/** Seconds the stored MP3 plays, from its bitrate, its first bytes and its size. */
function secondsOf(format: ElevenLabsAudioFormat, head: Uint8Array, bytes: number): number {
  const kilobitsPerSecond = Number(format.split("_")[2]);
  const seconds = constantBitrateMp3Seconds({ head, bytes, kilobitsPerSecond });
  if (!(seconds > 0)) throw invalidElevenLabsOutput("ElevenLabs' audio has no sound.");
  return seconds;
}

function tooLarge(): ProviderError {
  return new ProviderError({
    category: "output_too_large",
    message: `ElevenLabs' audio is larger than the ${ELEVENLABS_SPEECH_MAX_BYTES} bytes allowed.`,
    retryable: false,
  });
}

/** One attempt at a request's speech, stored under `objectKey`. */
interface SpeechAttempt {
  readonly request: SpeechRequest;
  readonly voiceId: string;
  readonly objectKey: string;
  readonly abortSignal: AbortSignal;
}

/** Speech with timestamps: the audio decoded and stored, the characters' times made words. */
async function withTimestamps(
  settings: SpeechSettings,
  attempt: SpeechAttempt,
): Promise<SynthesizedSpeech> {
  const { request, voiceId, objectKey, abortSignal } = attempt;
  const answer = await settings.client.textToSpeech.convertWithTimestamps(
    voiceId,
    bodyOf(settings, request),
    { abortSignal },
  );
  if (typeof answer.audioBase64 !== "string" || answer.audioBase64 === "") {
    throw invalidElevenLabsOutput("ElevenLabs answered no audio.");
  }
  if ((answer.audioBase64.length * 3) / 4 > ELEVENLABS_SPEECH_MAX_BYTES) throw tooLarge();
  const audio = Buffer.from(answer.audioBase64, "base64");
  const head = audio.subarray(0, HEAD_BYTES);
  const durationSeconds = secondsOf(settings.outputFormat, head, audio.byteLength);
  const stored = await settings.options.storage.put(objectKey, audio, {
    contentType: "audio/mpeg",
  });
  const alignment = answer.alignment ?? answer.normalizedAlignment;
  const words = alignment === undefined ? undefined : wordsOfAlignment(alignment);
  return {
    url: stored.url,
    durationSeconds,
    filename: request.filename ?? null,
    ...(words === undefined || words.length === 0 ? {} : { words }),
  };
}

/** Speech streamed from ElevenLabs into storage chunk by chunk, without word times. */
async function streamed(
  settings: SpeechSettings,
  attempt: SpeechAttempt,
): Promise<SynthesizedSpeech> {
  const { request, voiceId, objectKey, abortSignal } = attempt;
  const body = await settings.client.textToSpeech.stream(voiceId, bodyOf(settings, request), {
    abortSignal,
  });
  const { stream, meter } = meteredStream(body, {
    maxBytes: ELEVENLABS_SPEECH_MAX_BYTES,
    headBytes: HEAD_BYTES,
  });
  const stored = await settings.options.storage.put(objectKey, stream, {
    contentType: "audio/mpeg",
  });
  const durationSeconds = secondsOf(settings.outputFormat, meter.head(), meter.bytes());
  return { url: stored.url, durationSeconds, filename: request.filename ?? null };
}

/**
 * Asks ElevenLabs for the speech within bounds, each attempt timed or streamed. The key
 * is minted once, so a retried attempt replaces the file of the one before.
 */
function speak(
  settings: SpeechSettings,
  request: SpeechRequest,
  voiceId: string,
): Promise<SynthesizedSpeech> {
  const objectKey = `generated/voiceover/${settings.options.newId()}.mp3`;
  const store = (settings.options.wordTimings ?? true) ? withTimestamps : streamed;
  return callElevenLabs({
    what: "the speech",
    limits: settings.limits,
    sleep: settings.sleep,
    attempt: (abortSignal) => store(settings, { request, voiceId, objectKey, abortSignal }),
  });
}

/**
 * Creates the speech provider on ElevenLabs' text-to-speech, for `add_voiceover` and
 * the narration of faceless videos, reporting each word's time in the audio.
 *
 * @example
 * ```ts
 * import { createElevenLabsSpeechProvider } from "reelkit/elevenlabs";
 *
 * const speech = createElevenLabsSpeechProvider({
 *   apiKey: process.env.ELEVENLABS_API_KEY,
 *   storage: ports.mediaStorage,
 *   newId: () => crypto.randomUUID(),
 * });
 * const voiceover = await speech.synthesize({ text: "Hello there." });
 * voiceover.words; // [{ word: "Hello", startMs: 0, endMs: 420 }, ...]
 * ```
 */
export function createElevenLabsSpeechProvider(options: ElevenLabsSpeechOptions): SpeechProvider {
  const settings: SpeechSettings = {
    ...elevenLabsSettings(options),
    options,
    modelId: options.modelId ?? ELEVENLABS_MODEL_DEFAULT,
    outputFormat: options.outputFormat ?? ELEVENLABS_AUDIO_FORMAT_DEFAULT,
  };
  return {
    synthesize: async (request) => {
      if (request.text.length > ELEVENLABS_SPEECH_INPUT_MAX_CHARACTERS) {
        throw new ProviderError({
          category: "text_too_long",
          message: `ElevenLabs speaks at most ${ELEVENLABS_SPEECH_INPUT_MAX_CHARACTERS} characters at once.`,
          retryable: false,
        });
      }
      const voiceId = request.voice_id ?? options.defaultVoiceId ?? ELEVENLABS_VOICE_DEFAULT;
      return speak(settings, request, voiceId);
    },
  };
}
