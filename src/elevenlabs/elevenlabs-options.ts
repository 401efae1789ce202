/**
 * How the ElevenLabs adapters are configured: the client (or what to build one from),
 * the model and audio format of speech, and the limits of each call.
 *
 * @module
 */
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import type { MediaStorage } from "../ports/media-storage.js";
import { checkedCallLimits, type ProviderCallLimits } from "../provider-calls/bounded-call.js";
import { ELEVENLABS_CALL_LIMITS_DEFAULT } from "./elevenlabs-calls.js";

/** ElevenLabs' model for speech when the options name none. */
export const ELEVENLABS_MODEL_DEFAULT = "eleven_multilingual_v2";

/** The voice spoken with when a request names none (ElevenLabs' premade "George"). */
export const ELEVENLABS_VOICE_DEFAULT = "JBFqnCBsd6RMkjVDRZzb";

/**
 * The audio formats the adapter stores: constant-bitrate MP3, playable as a file, its
 * length known from its size, and served by both the timed and the streaming endpoint.
 * Raw PCM, μ-law and Opus are left out (a stored file of them could not be played or
 * timed), and so is WAV, which the streaming endpoint does not answer.
 */
export type ElevenLabsAudioFormat =
  | "mp3_22050_32"
  | "mp3_24000_48"
  | "mp3_44100_32"
  | "mp3_44100_64"
  | "mp3_44100_96"
  | "mp3_44100_128"
  | "mp3_44100_192";

/** The format used when the options name none; every plan has it. */
export const ELEVENLABS_AUDIO_FORMAT_DEFAULT: ElevenLabsAudioFormat = "mp3_44100_128";

/** The ElevenLabs client, and the settings every ElevenLabs adapter shares. */
export interface ElevenLabsOptions {
  /** The API key, sent as `xi-api-key`; the SDK's `ELEVENLABS_API_KEY` when omitted. Never logged. */
  readonly apiKey?: string | undefined;
  /** The API's base URL, such as `https://api.elevenlabs.io`; ElevenLabs' production API when omitted. */
  readonly baseUrl?: string | undefined;
  /** A client already made; `apiKey` and `baseUrl` are then ignored. */
  readonly client?: ElevenLabsClient | undefined;
  /** Timeout, attempts and patience with `retry-after`; each defaults. */
  readonly limits?: Partial<ProviderCallLimits> | undefined;
  /** Waits between attempts; `setTimeout` by default. */
  readonly sleep?: ((milliseconds: number) => Promise<void>) | undefined;
}

/** The settings of one adapter, resolved. */
export interface ElevenLabsSettings {
  readonly client: ElevenLabsClient;
  readonly limits: ProviderCallLimits;
  readonly sleep: ((milliseconds: number) => Promise<void>) | undefined;
}

/**
 * The client and settings of `options`. A client built here does not retry by itself
 * (the bounded call does) and times out with the limits.
 */
export function elevenLabsSettings(options: ElevenLabsOptions): ElevenLabsSettings {
  const limits = checkedCallLimits(options.limits, ELEVENLABS_CALL_LIMITS_DEFAULT);
  const client =
    options.client ??
    new ElevenLabsClient({
      ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      maxRetries: 0,
      timeoutInSeconds: limits.timeoutSeconds,
    });
  return { client, limits, sleep: options.sleep };
}

/** What an adapter that stores files needs besides. */
export interface ElevenLabsStoringOptions extends ElevenLabsOptions {
  /** Where the audio is stored; ElevenLabs' own URLs are never handed out. */
  readonly storage: MediaStorage;
}
