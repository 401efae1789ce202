/**
 * Calling fal's queue within bounds, and what its failures stand for in the job failure
 * model (spec 7.3). The client's own retries never see an HTTP failure: the fetch the
 * client is given answers every non-2xx with a {@link FalHttpFailure} the client does not
 * retry, so a rate limit or an outage is tried again here only while the wait fal asks
 * for fits in {@link FalCallLimits.retryAfterMaxSeconds}, and each request has its
 * timeout; past that the failure is handed to the job as retryable.
 *
 * fal documents two error bodies: a model's (`detail`, a list of typed errors such as
 * `content_policy_violation`) and the platform's (`detail`, a sentence, with
 * `error_type`, also sent as `X-Fal-Error-Type`), and says with `X-Fal-Retryable`
 * whether the same request may succeed later.
 *
 * @module
 */
import { ProviderError } from "../ports/provider-error.js";
import {
  type ClassifiedFailure,
  callWithinBounds,
  type ProviderCallLimits,
  retryAfterOf,
} from "../provider-calls/bounded-call.js";

/** Seconds one request to fal's queue (a submit, a status, a result) may take. */
export const FAL_TIMEOUT_SECONDS_DEFAULT = 60;

/** Attempts of one request, the first included, while fal asks to try again. */
export const FAL_ATTEMPTS_DEFAULT = 3;

/**
 * The longest `retry-after` waited for within a request; a longer one fails the job's
 * attempt as retryable at once, so a job never sleeps on fal for minutes.
 */
export const FAL_RETRY_AFTER_MAX_SECONDS_DEFAULT = 20;

/**
 * How long requests may take and how often they are tried: by default
 * {@link FAL_TIMEOUT_SECONDS_DEFAULT}, {@link FAL_ATTEMPTS_DEFAULT} and
 * {@link FAL_RETRY_AFTER_MAX_SECONDS_DEFAULT}.
 */
export type FalCallLimits = ProviderCallLimits;

/** The failure categories fal's answers are recorded as. */
export const FAL_FAILURE_CATEGORIES = {
  /** A refusal by fal's or the model's content checker: never retryable (spec 7.3.4). */
  contentPolicy: "content_policy",
  /** 429: retryable, after the `retry-after` fal names. */
  rateLimited: "rate_limited",
  /** 5xx or no answer: retryable. */
  unavailable: "provider_unavailable",
  /** No answer, or no finished request, within the time allowed: retryable. */
  timeout: "provider_timeout",
  /** 401 or 403: the deployment's key is wrong; not retryable until it is fixed. */
  unauthorized: "provider_unauthorized",
  /** Any other 4xx: the request as sent will not succeed; not retryable. */
  refused: "provider_refused",
  /** An answer that is not what was asked for (no file in the result). */
  invalidOutput: "invalid_provider_output",
} as const;

/** The error types of fal's model errors that are content-policy refusals. */
export const FAL_CONTENT_POLICY_TYPES: ReadonlySet<string> = new Set(["content_policy_violation"]);

/** The platform error types that say the work ran out of time. */
const TIMEOUT_ERROR_TYPES: ReadonlySet<string> = new Set(["request_timeout", "startup_timeout"]);

/**
 * A non-2xx answer of fal's, as the fetch given to the client throws it: its status,
 * headers and parsed JSON body (undefined when it had none).
 */
export class FalHttpFailure extends Error {
  /** The HTTP status. */
  readonly httpStatus: number;
  /** The answer's headers. */
  readonly headers: Headers;
  /** The JSON body, or undefined. */
  readonly body: unknown;

  /** The failure of an answer. */
  constructor(answer: { httpStatus: number; headers: Headers; body: unknown }) {
    super(`fal answered HTTP ${answer.httpStatus}.`);
    this.name = "FalHttpFailure";
    this.httpStatus = answer.httpStatus;
    this.headers = answer.headers;
    this.body = answer.body;
  }
}

/** fal could not be reached at all (a refused connection, a reset). */
export class FalUnreachable extends Error {
  /** Wraps the transport's error. */
  constructor(cause: unknown) {
    super("fal could not be reached.", { cause });
    this.name = "FalUnreachable";
  }
}

/**
 * A fetch for the fal client: a non-2xx answer becomes a {@link FalHttpFailure}, a
 * transport failure a {@link FalUnreachable} (neither of which the client retries), an
 * abort stays an abort.
 */
export function failingFetch(inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      if (init?.signal?.aborted === true) throw error;
      throw new FalUnreachable(error);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw new FalHttpFailure({ httpStatus: response.status, headers: response.headers, body });
  };
}

/** The failure of a whole request and the wait fal asked for before trying again. */
export type ClassifiedFalFailure = ClassifiedFailure;

function failure(category: string, message: string, retryable: boolean): ProviderError {
  return new ProviderError({ category, message, retryable });
}

/** The typed errors of a model error body (`detail` as a list), or none. */
export function modelErrorTypes(body: unknown): readonly string[] {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return [];
  return detail
    .map((item) => (item as { type?: unknown } | null)?.type)
    .filter((type): type is string => typeof type === "string");
}

function platformErrorType(failed: FalHttpFailure): string | undefined {
  const type = (failed.body as { error_type?: unknown } | undefined)?.error_type;
  if (typeof type === "string") return type;
  return failed.headers.get("x-fal-error-type") ?? undefined;
}

function httpFailure(failed: FalHttpFailure, what: string): ProviderError {
  const status = failed.httpStatus;
  const categories = FAL_FAILURE_CATEGORIES;
  const types = modelErrorTypes(failed.body);
  if (types.some((type) => FAL_CONTENT_POLICY_TYPES.has(type))) {
    return failure(categories.contentPolicy, `fal's content checker refused ${what}.`, false);
  }
  if (status === 429) return failure(categories.rateLimited, `fal is rate limiting ${what}.`, true);
  const platform = platformErrorType(failed);
  if (platform !== undefined && TIMEOUT_ERROR_TYPES.has(platform)) {
    return failure(categories.timeout, `fal ran out of time for ${what} (${platform}).`, true);
  }
  if (status >= 500) {
    return failure(categories.unavailable, `fal failed ${what} (HTTP ${status}).`, true);
  }
  if (status === 401 || status === 403) {
    return failure(categories.unauthorized, `fal refused the API key (HTTP ${status}).`, false);
  }
  const named = types.length > 0 ? `: ${types.join(", ")}` : "";
  const retryable = failed.headers.get("x-fal-retryable") === "true";
  return failure(categories.refused, `fal refused ${what} (HTTP ${status}${named}).`, retryable);
}

/**
 * The `ProviderError` a failure of a fal request stands for, with the wait fal asked for.
 * A refusal is `content_policy` only when fal types it so; a failure to reach fal is a
 * retryable `provider_unavailable`, never a content-policy rejection (spec 7.3.6).
 * Anything else (the media storage's failure) is thrown as it is.
 */
export function classifyFalFailure(error: unknown, what: string): ClassifiedFalFailure {
  if (error instanceof ProviderError) return { error, retryAfterMilliseconds: undefined };
  if (error instanceof FalHttpFailure) {
    return {
      error: httpFailure(error, what),
      retryAfterMilliseconds: retryAfterOf(error.headers, Date.now()),
    };
  }
  if (error instanceof FalUnreachable) {
    const message = `fal could not be reached for ${what}.`;
    return {
      error: failure(FAL_FAILURE_CATEGORIES.unavailable, message, true),
      retryAfterMilliseconds: undefined,
    };
  }
  throw error;
}

/** One request to fal and how it is tried. */
export interface FalCall<Value> {
  /** What is asked, for messages: "the video's status". */
  readonly what: string;
  /** The limits of the request. */
  readonly limits: FalCallLimits;
  /** Waits; `setTimeout` by default (tests pass their own). */
  readonly sleep: (milliseconds: number) => Promise<void>;
  /** Aborts every attempt (the job's signal); no retry follows it. */
  readonly signal?: AbortSignal | undefined;
  /** One attempt; `signal` aborts it at the timeout or with the job. */
  readonly attempt: (signal: AbortSignal) => Promise<Value>;
}

/** A timeout of fal's, as the job failure model records it. */
export function falTimeout(what: string): ProviderError {
  return failure(FAL_FAILURE_CATEGORIES.timeout, `fal did not answer ${what} in time.`, true);
}

/**
 * Runs `call.attempt` until it succeeds, fails for good, or runs out of attempts or of
 * patience with `retry-after`; throws the `ProviderError` of the last failure.
 *
 * @example
 * ```ts
 * const status = await callFal({ what: "the status", limits, sleep, attempt: (signal) =>
 *   client.queue.status(endpoint, { requestId, abortSignal: signal }) });
 * ```
 */
export function callFal<Value>(call: FalCall<Value>): Promise<Value> {
  return callWithinBounds({
    limits: call.limits,
    sleep: call.sleep,
    signal: call.signal,
    attempt: call.attempt,
    classify: (error, timedOut) =>
      timedOut
        ? { error: falTimeout(call.what), retryAfterMilliseconds: undefined }
        : classifyFalFailure(error, call.what),
  });
}

/** An answer fal gave that is not what was asked for; another attempt may do better. */
export function invalidFalOutput(message: string): ProviderError {
  return failure(FAL_FAILURE_CATEGORIES.invalidOutput, message, true);
}
