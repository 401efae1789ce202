/**
 * How the OpenAI adapters are configured: the client (or what to build one from), the
 * models of each port, and the limits of each call.
 *
 * @module
 */
import OpenAI from "openai";
import type { MediaStorage } from "../ports/media-storage.js";
import { checkedCallLimits } from "../provider-calls/bounded-call.js";
import {
  OPENAI_ATTEMPTS_DEFAULT,
  OPENAI_RETRY_AFTER_MAX_SECONDS_DEFAULT,
  OPENAI_TIMEOUT_SECONDS_DEFAULT,
  type OpenAICallLimits,
} from "./openai-calls.js";

/** The models each port asks for. */
export interface OpenAIModels {
  /** Image model of the visual generator; {@link OPENAI_MODELS_DEFAULT}'s `gpt-image-1`. */
  readonly image: string;
  /** Speech model; `gpt-4o-mini-tts`. */
  readonly speech: string;
  /** Transcription model; `whisper-1`, the one that reports word timestamps. */
  readonly transcription: string;
  /** Chat model of the script writer; `gpt-4o-mini`. */
  readonly chat: string;
}

/** The models used when the options name none. */
export const OPENAI_MODELS_DEFAULT: OpenAIModels = {
  image: "gpt-image-1",
  speech: "gpt-4o-mini-tts",
  transcription: "whisper-1",
  chat: "gpt-4o-mini",
};

/** The OpenAI client, and the settings every OpenAI adapter shares. */
export interface OpenAIOptions {
  /** The API key; the SDK's `OPENAI_API_KEY` when omitted. Never logged. */
  readonly apiKey?: string;
  /** The API's base URL, such as `https://api.openai.com/v1`; the SDK's `OPENAI_BASE_URL` when omitted. */
  readonly baseURL?: string;
  /** A client already made; `apiKey` and `baseURL` are then ignored. */
  readonly client?: OpenAI;
  /** Model choices; each defaults to {@link OPENAI_MODELS_DEFAULT}. */
  readonly models?: Partial<OpenAIModels>;
  /** Timeout, attempts and patience with `retry-after`; each defaults. */
  readonly limits?: Partial<OpenAICallLimits>;
  /** Waits between attempts; `setTimeout` by default. */
  readonly sleep?: (milliseconds: number) => Promise<void>;
}

/** What an adapter that stores its output needs besides. */
export interface OpenAIStoringOptions extends OpenAIOptions {
  /** Where the generated files are stored; OpenAI's own URLs are never handed out. */
  readonly storage: MediaStorage;
  /** Mints the id in each stored file's object key. */
  readonly newId: () => string;
}

/** The settings of one adapter, resolved. */
export interface OpenAISettings {
  readonly client: OpenAI;
  readonly models: OpenAIModels;
  readonly limits: OpenAICallLimits;
  readonly sleep: ((milliseconds: number) => Promise<void>) | undefined;
}

function checkedLimits(limits: Partial<OpenAICallLimits> | undefined): OpenAICallLimits {
  return checkedCallLimits(limits, {
    timeoutSeconds: OPENAI_TIMEOUT_SECONDS_DEFAULT,
    attempts: OPENAI_ATTEMPTS_DEFAULT,
    retryAfterMaxSeconds: OPENAI_RETRY_AFTER_MAX_SECONDS_DEFAULT,
  });
}

/**
 * The client and settings of `options`. A client built here does not retry by itself
 * (`callOpenAI` does, within bounds) and times out with the limits.
 */
export function openAISettings(options: OpenAIOptions): OpenAISettings {
  const limits = checkedLimits(options.limits);
  const client =
    options.client ??
    new OpenAI({
      ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
      ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
      maxRetries: 0,
      timeout: limits.timeoutSeconds * 1000,
    });
  return {
    client,
    models: { ...OPENAI_MODELS_DEFAULT, ...options.models },
    limits,
    sleep: options.sleep,
  };
}

// Object keys keep to letters, digits, dots, dashes and underscores.
export function keyPart(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, "-");
}
