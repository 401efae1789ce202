/**
 * What ElevenLabs' failures stand for in the job failure model (spec 7.3). ElevenLabs
 * names most refusals in its error body's `detail.status` (`quota_exceeded`,
 * `voice_not_found`, `bad_prompt`, ...); the HTTP status says the rest. Calls run
 * through the shared bounded call: a timeout per attempt, the SDK's retries off, a
 * `retry-after` waited for only within bounds.
 *
 * @module
 */
import { ElevenLabsError, ElevenLabsTimeoutError } from "@elevenlabs/elevenlabs-js";
import { ProviderError } from "../ports/provider-error.js";
import {
  type ClassifiedFailure,
  callWithinBounds,
  type ProviderCallLimits,
  providerFailure,
  retryAfterOf,
} from "../provider-calls/bounded-call.js";

/** Seconds one request to ElevenLabs may take before it is abandoned. */
export const ELEVENLABS_TIMEOUT_SECONDS_DEFAULT = 120;

/** Attempts of one call, the first included, while ElevenLabs asks to try again. */
export const ELEVENLABS_ATTEMPTS_DEFAULT = 3;

/**
 * The longest `retry-after` waited for within a call; a longer one fails the call as
 * retryable at once, and the job queue's backoff takes over.
 */
export const ELEVENLABS_RETRY_AFTER_MAX_SECONDS_DEFAULT = 20;

/** The limits used where the options name none. */
export const ELEVENLABS_CALL_LIMITS_DEFAULT: ProviderCallLimits = {
  timeoutSeconds: ELEVENLABS_TIMEOUT_SECONDS_DEFAULT,
  attempts: ELEVENLABS_ATTEMPTS_DEFAULT,
  retryAfterMaxSeconds: ELEVENLABS_RETRY_AFTER_MAX_SECONDS_DEFAULT,
};

/** The failure categories ElevenLabs' answers are recorded as. */
export const ELEVENLABS_FAILURE_CATEGORIES = {
  /** A refusal of the text under ElevenLabs' terms: never retryable (spec 7.3.4). */
  contentPolicy: "content_policy",
  /** The account's character quota is spent: not retryable until it is topped up. */
  quotaExceeded: "provider_quota_exceeded",
  /** The `voice_id` is no voice of the account. */
  voiceNotFound: "voice_not_found",
  /** 429 (too many requests at once, or ElevenLabs busy): retryable. */
  rateLimited: "rate_limited",
  /** 5xx or no answer: retryable. */
  unavailable: "provider_unavailable",
  /** No answer within the timeout: retryable. */
  timeout: "provider_timeout",
  /** 401 or 403 for any other reason: the deployment's key is wrong. */
  unauthorized: "provider_unauthorized",
  /** 422 or any other 4xx: the request as sent will not succeed. */
  refused: "provider_refused",
  /** An answer that is not what was asked for (no audio, no alignment). */
  invalidOutput: "invalid_provider_output",
} as const;

/** The `detail.status` values ElevenLabs refuses a text under its terms with. */
export const ELEVENLABS_CONTENT_POLICY_STATUSES: ReadonlySet<string> = new Set(["bad_prompt"]);

/** `detail.status` of an ElevenLabs error body, when it has one. */
function detailStatus(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail !== "object" || detail === null || Array.isArray(detail)) return undefined;
  const status = (detail as { status?: unknown }).status;
  return typeof status === "string" ? status : undefined;
}

function statusFailure(httpStatus: number, status: string | undefined, what: string) {
  const categories = ELEVENLABS_FAILURE_CATEGORIES;
  if (status !== undefined && ELEVENLABS_CONTENT_POLICY_STATUSES.has(status)) {
    return providerFailure(categories.contentPolicy, `ElevenLabs refused ${what}.`, false);
  }
  if (status === "quota_exceeded") {
    const message = `The ElevenLabs account has no quota left for ${what}.`;
    return providerFailure(categories.quotaExceeded, message, false);
  }
  if (status === "voice_not_found") {
    const message = "ElevenLabs has no such voice in the account.";
    return providerFailure(categories.voiceNotFound, message, false);
  }
  if (httpStatus === 429) {
    return providerFailure(categories.rateLimited, `ElevenLabs is rate limiting ${what}.`, true);
  }
  if (httpStatus >= 500) {
    const message = `ElevenLabs failed ${what} (HTTP ${httpStatus}).`;
    return providerFailure(categories.unavailable, message, true);
  }
  if (httpStatus === 401 || httpStatus === 403) {
    const message = `ElevenLabs refused the API key (HTTP ${httpStatus}).`;
    return providerFailure(categories.unauthorized, message, false);
  }
  const named = status === undefined ? "" : `: ${status}`;
  const message = `ElevenLabs refused ${what} (HTTP ${httpStatus}${named}).`;
  return providerFailure(categories.refused, message, false);
}

/**
 * The `ProviderError` an ElevenLabs failure stands for, with the wait ElevenLabs asked
 * for. Content policy only when ElevenLabs names it so; an unknown failure of the SDK is
 * a retryable `provider_unavailable`. Anything else (a storage failure while the audio
 * is stored) is thrown as it is.
 */
export function classifyElevenLabsFailure(
  error: unknown,
  context: { readonly what: string; readonly timedOut: boolean },
): ClassifiedFailure {
  const categories = ELEVENLABS_FAILURE_CATEGORIES;
  const { what } = context;
  if (error instanceof ProviderError) return { error, retryAfterMilliseconds: undefined };
  if (context.timedOut || error instanceof ElevenLabsTimeoutError) {
    const message = `ElevenLabs did not answer ${what} in time.`;
    return {
      error: providerFailure(categories.timeout, message, true),
      retryAfterMilliseconds: undefined,
    };
  }
  if (error instanceof ElevenLabsError && error.statusCode !== undefined) {
    return {
      error: statusFailure(error.statusCode, detailStatus(error.body), what),
      retryAfterMilliseconds: retryAfterOf(error.rawResponse?.headers, Date.now()),
    };
  }
  if (error instanceof ElevenLabsError) {
    const message = `ElevenLabs could not be reached for ${what}.`;
    return {
      error: providerFailure(categories.unavailable, message, true),
      retryAfterMilliseconds: undefined,
    };
  }
  throw error;
}

/** What to call and how. */
export interface ElevenLabsCall<Value> {
  /** What is asked, for messages: "the speech", "the voices". */
  readonly what: string;
  /** The limits of the call. */
  readonly limits: ProviderCallLimits;
  /** Waits between attempts; `setTimeout` by default. */
  readonly sleep?: ((milliseconds: number) => Promise<void>) | undefined;
  /** One attempt; `signal` aborts it at the timeout. */
  readonly attempt: (signal: AbortSignal) => Promise<Value>;
}

/**
 * Runs `call.attempt` within the limits; throws the `ProviderError` of the last failure.
 *
 * @example
 * ```ts
 * const voices = await callElevenLabs({
 *   what: "the voices",
 *   limits: ELEVENLABS_CALL_LIMITS_DEFAULT,
 *   attempt: (abortSignal) => client.voices.search({ pageSize: 100 }, { abortSignal }),
 * });
 * ```
 */
export function callElevenLabs<Value>(call: ElevenLabsCall<Value>): Promise<Value> {
  return callWithinBounds({
    limits: call.limits,
    sleep: call.sleep,
    attempt: call.attempt,
    classify: (error, timedOut) => classifyElevenLabsFailure(error, { what: call.what, timedOut }),
  });
}

/** An answer ElevenLabs gave that is not what was asked for; another attempt may do better. */
export function invalidElevenLabsOutput(message: string): ProviderError {
  return providerFailure(ELEVENLABS_FAILURE_CATEGORIES.invalidOutput, message, true);
}
