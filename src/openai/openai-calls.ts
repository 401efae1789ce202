/**
 * Calling OpenAI within bounds, and what its failures stand for in the job failure model
 * (spec 7.3). The SDK's own retries are switched off: it would wait as long as any
 * `retry-after` says, unbounded. Here a rate limit or an outage is tried again only while
 * the wait the provider asks for fits in {@link OpenAICallLimits.retryAfterMaxSeconds},
 * and each attempt has its timeout; past that, the failure is handed to the job as
 * retryable, and the queue's own backoff takes over.
 *
 * @module
 */
import OpenAI from "openai";
import { ProviderError } from "../ports/provider-error.js";
import {
  type ClassifiedFailure,
  callWithinBounds,
  retryAfterOf,
} from "../provider-calls/bounded-call.js";

/** Seconds one request to OpenAI may take before it is abandoned. */
export const OPENAI_TIMEOUT_SECONDS_DEFAULT = 120;

/** Attempts of one call, the first included, while OpenAI asks to try again. */
export const OPENAI_ATTEMPTS_DEFAULT = 3;

/**
 * The longest `retry-after` waited for within a call; a longer one fails the call as
 * retryable at once, so a job never sleeps on a provider for minutes.
 */
export const OPENAI_RETRY_AFTER_MAX_SECONDS_DEFAULT = 20;

/** How long calls may take and how often they are tried. */
export interface OpenAICallLimits {
  /** Seconds one request may take; {@link OPENAI_TIMEOUT_SECONDS_DEFAULT} by default. */
  readonly timeoutSeconds: number;
  /** Attempts per call, the first included; {@link OPENAI_ATTEMPTS_DEFAULT} by default. */
  readonly attempts: number;
  /** The longest `retry-after` waited for; {@link OPENAI_RETRY_AFTER_MAX_SECONDS_DEFAULT}. */
  readonly retryAfterMaxSeconds: number;
}

/** The failure categories OpenAI's answers are recorded as. */
export const OPENAI_FAILURE_CATEGORIES = {
  /** A refusal by OpenAI's safety system: never retryable (spec 7.3.4). */
  contentPolicy: "content_policy",
  /** 429: retryable, after the `retry-after` OpenAI names. */
  rateLimited: "rate_limited",
  /** 5xx or no answer: retryable. */
  unavailable: "provider_unavailable",
  /** No answer within the timeout: retryable. */
  timeout: "provider_timeout",
  /** 401 or 403: the deployment's key is wrong; not retryable until it is fixed. */
  unauthorized: "provider_unauthorized",
  /** Any other 4xx: the request as sent will not succeed; not retryable. */
  refused: "provider_refused",
  /** An answer that is not what was asked for (no image, no words, broken JSON). */
  invalidOutput: "invalid_provider_output",
} as const;

/** The error codes OpenAI answers a content-policy refusal with. */
export const OPENAI_CONTENT_POLICY_CODES: ReadonlySet<string> = new Set([
  "content_policy_violation",
  "moderation_blocked",
]);

function failure(category: string, message: string, retryable: boolean): ProviderError {
  return new ProviderError({ category, message, retryable });
}

function apiFailure(error: InstanceType<typeof OpenAI.APIError>, what: string): ProviderError {
  const status = error.status ?? 0;
  const code = typeof error.code === "string" ? error.code : undefined;
  const categories = OPENAI_FAILURE_CATEGORIES;
  if (code !== undefined && OPENAI_CONTENT_POLICY_CODES.has(code)) {
    return failure(categories.contentPolicy, `OpenAI's safety system refused ${what}.`, false);
  }
  if (status === 429) {
    return failure(categories.rateLimited, `OpenAI is rate limiting ${what}.`, true);
  }
  if (status >= 500) {
    return failure(categories.unavailable, `OpenAI failed ${what} (HTTP ${status}).`, true);
  }
  if (status === 401 || status === 403) {
    return failure(categories.unauthorized, `OpenAI refused the API key (HTTP ${status}).`, false);
  }
  const named = code === undefined ? "" : `: ${code}`;
  return failure(categories.refused, `OpenAI refused ${what} (HTTP ${status}${named}).`, false);
}

/**
 * The `ProviderError` an OpenAI failure stands for, with the wait OpenAI asked for. A
 * refusal is `content_policy` only when OpenAI names it so; an unknown failure of the SDK
 * is a retryable `provider_unavailable`, never a content-policy rejection (spec 7.3.6).
 * Anything else (a storage failure while the output is stored) is thrown as it is: the
 * service records it as a retryable `provider_error`, not as OpenAI's fault.
 */
function classify(error: unknown, what: string): ClassifiedFailure {
  const categories = OPENAI_FAILURE_CATEGORIES;
  if (error instanceof ProviderError) return { error, retryAfterMilliseconds: undefined };
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    const message = `OpenAI did not answer ${what} in time.`;
    return { error: failure(categories.timeout, message, true), retryAfterMilliseconds: undefined };
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return {
      error: apiFailure(error, what),
      retryAfterMilliseconds: retryAfterOf(error.headers, Date.now()),
    };
  }
  if (error instanceof OpenAI.OpenAIError) {
    const message = `OpenAI could not be reached for ${what}.`;
    return {
      error: failure(categories.unavailable, message, true),
      retryAfterMilliseconds: undefined,
    };
  }
  // Not OpenAI's failure (the media storage's, say): passed on as it is, untried again.
  throw error;
}

/** What to call and how. */
export interface OpenAICall<Value> {
  /** What is asked, for messages: "the image", "the speech". */
  readonly what: string;
  /** The limits of the call. */
  readonly limits: OpenAICallLimits;
  /** Waits; `setTimeout` by default (tests pass their own). */
  readonly sleep?: (milliseconds: number) => Promise<void>;
  /** One attempt; `signal` aborts it at the timeout. */
  readonly attempt: (signal: AbortSignal) => Promise<Value>;
}

/**
 * Runs `call.attempt` until it succeeds, fails for good, or runs out of attempts or of
 * patience with `retry-after`; throws the `ProviderError` of the last failure.
 *
 * @example
 * ```ts
 * const image = await callOpenAI({
 *   what: "the image",
 *   limits,
 *   attempt: (signal) => client.images.generate(body, { signal }),
 * });
 * ```
 */
export async function callOpenAI<Value>(call: OpenAICall<Value>): Promise<Value> {
  return callWithinBounds({
    limits: call.limits,
    sleep: call.sleep,
    attempt: call.attempt,
    classify: (error, timedOut) =>
      classify(timedOut ? new OpenAI.APIConnectionTimeoutError() : error, call.what),
  });
}

/** An answer OpenAI gave that is not what was asked for; another attempt may do better. */
export function invalidOutput(message: string): ProviderError {
  return failure(OPENAI_FAILURE_CATEGORIES.invalidOutput, message, true);
}
