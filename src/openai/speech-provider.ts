/**
 * The speech port on OpenAI's text-to-speech: the audio is asked for as WAV and streamed
 * from OpenAI straight into the media storage, its length read from the WAV header and
 * the bytes that passed (a streamed WAV may not say its own length). OpenAI reports no
 * word times, so callers that need them align or transcribe (the faceless workflow does).
 *
 * @module
 */
import type { SpeechRequest, SynthesizedSpeech } from "../editor/providers.js";
import { ProviderError } from "../ports/provider-error.js";
import type { SpeechProvider } from "../ports/speech-and-transcription.js";
import { wavLayout } from "../provider-calls/audio-length.js";
import { meteredStream } from "../provider-calls/metered-stream.js";
import { callOpenAI, invalidOutput } from "./openai-calls.js";
import {
  type OpenAISettings,
  type OpenAIStoringOptions,
  openAISettings,
} from "./openai-options.js";

/** The largest speech file stored from OpenAI, in bytes (about 20 minutes of its WAV). */
export const OPENAI_SPEECH_MAX_BYTES = 64 * 1024 * 1024;

/** The longest text OpenAI speaks in one call, in characters (its documented limit). */
export const OPENAI_SPEECH_INPUT_MAX_CHARACTERS = 4096;

/** OpenAI's built-in voices; a `voice_id` among them is passed as is. */
export const OPENAI_VOICES: readonly string[] = [
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "nova",
  "onyx",
  "sage",
  "shimmer",
  "verse",
  "marin",
  "cedar",
];

/** The voice used for a `voice_id` OpenAI does not have (a workspace voice, say). */
export const OPENAI_DEFAULT_VOICE = "alloy";

/** The slowest and fastest pace OpenAI speaks at. */
const SPEED_RANGE = { min: 0.25, max: 4 } as const;

// Bytes read to find the WAV's format and data chunks.
const WAV_HEAD_BYTES = 256;

function voiceOf(request: SpeechRequest): string {
  const id = request.voice_id;
  return id !== undefined && OPENAI_VOICES.includes(id) ? id : OPENAI_DEFAULT_VOICE;
}

async function synthesize(
  settings: OpenAISettings,
  options: OpenAIStoringOptions,
  request: SpeechRequest,
): Promise<SynthesizedSpeech> {
  if (request.text.length > OPENAI_SPEECH_INPUT_MAX_CHARACTERS) {
    throw new ProviderError({
      category: "text_too_long",
      message: `OpenAI speaks at most ${OPENAI_SPEECH_INPUT_MAX_CHARACTERS} characters at once.`,
      retryable: false,
    });
  }
  const speed = request.voice_settings?.speed;
  const body = {
    model: settings.models.speech,
    input: request.text,
    voice: voiceOf(request),
    response_format: "wav" as const,
    ...(request.instructions === undefined ? {} : { instructions: request.instructions }),
    ...(speed === undefined
      ? {}
      : { speed: Math.min(SPEED_RANGE.max, Math.max(SPEED_RANGE.min, speed)) }),
  };
  const key = `generated/voiceover/${options.newId()}.wav`;
  return callOpenAI({
    what: "the speech",
    limits: settings.limits,
    ...(settings.sleep === undefined ? {} : { sleep: settings.sleep }),
    attempt: async (signal) => {
      const response = await settings.client.audio.speech.create(body, { signal });
      if (response.body === null) throw invalidOutput("OpenAI answered no audio.");
      const { stream, meter } = meteredStream(response.body, {
        maxBytes: OPENAI_SPEECH_MAX_BYTES,
        headBytes: WAV_HEAD_BYTES,
      });
      const stored = await options.storage.put(key, stream, { contentType: "audio/wav" });
      const layout = wavLayout(meter.head());
      const durationSeconds =
        layout === undefined ? 0 : (meter.bytes() - layout.dataOffset) / layout.byteRate;
      if (!(durationSeconds > 0)) throw invalidOutput("OpenAI's audio is not a WAV with sound.");
      return { url: stored.url, durationSeconds, filename: request.filename ?? null };
    },
  });
}

/**
 * Creates the speech provider on OpenAI's text-to-speech, for `add_voiceover` and the
 * narration of faceless videos.
 *
 * @example
 * ```ts
 * import { createOpenAISpeechProvider } from "reelkit/openai";
 *
 * const speech = createOpenAISpeechProvider({
 *   storage: ports.mediaStorage,
 *   newId: () => crypto.randomUUID(),
 * });
 * const voiceover = await speech.synthesize({ text: "Hello there.", voice_id: "nova" });
 * ```
 */
export function createOpenAISpeechProvider(options: OpenAIStoringOptions): SpeechProvider {
  const settings = openAISettings(options);
  return { synthesize: (request) => synthesize(settings, options, request) };
}
