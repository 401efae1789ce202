/**
 * Calling a model service within bounds, whatever its SDK: each attempt has a timeout, a
 * rate limit or an outage is tried again only while the wait the service asks for
 * (`retry-after`) fits a limit, and past that the failure is handed to the job as it is
 * classified, so the queue's own backoff takes over. An adapter supplies how its SDK's
 * failures read in the job failure model; SDK retries, which wait unbounded, stay off.
 *
 * @module
 */
import { ProviderError } from "../ports/provider-error.js";

/** How long calls may take and how often they are tried. */
export interface ProviderCallLimits {
  /** Seconds one request may take before it is abandoned. */
  readonly timeoutSeconds: number;
  /** Attempts per call, the first included. */
  readonly attempts: number;
  /** The longest `retry-after` waited for within a call; a longer one fails it at once. */
  readonly retryAfterMaxSeconds: number;
}

/** A failure as the job failure model reads it, with the wait the service asked for. */
export interface ClassifiedFailure {
  readonly error: ProviderError;
  /** Milliseconds the service asked to wait, when it named a wait. */
  readonly retryAfterMilliseconds: number | undefined;
}

/** What to call and how. */
export interface BoundedCall<Value> {
  /** The limits of the call. */
  readonly limits: ProviderCallLimits;
  /** Waits; `setTimeout` by default (tests pass their own). */
  readonly sleep?: ((milliseconds: number) => Promise<void>) | undefined;
  /** Aborts every attempt (the job's signal): its abort is thrown as it is, never retried. */
  readonly signal?: AbortSignal | undefined;
  /** One attempt; `signal` aborts it at the timeout, or with `call.signal`. */
  readonly attempt: (signal: AbortSignal) => Promise<Value>;
  /**
   * What a failure of an attempt stands for; `timedOut` when the attempt's timeout fired.
   * Throws what is not the service's failure (a storage error), to be passed on as it is.
   */
  readonly classify: (error: unknown, timedOut: boolean) => ClassifiedFailure;
}

/** The wait before a retry when the service names none: doubled at each attempt. */
const RETRY_BASE_MILLISECONDS = 500;

const sleepFor = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/**
 * Runs `call.attempt` until it succeeds, fails for good, or runs out of attempts or of
 * patience with `retry-after`; throws the `ProviderError` of the last failure.
 *
 * @example
 * ```ts
 * const audio = await callWithinBounds({
 *   limits,
 *   attempt: (signal) => client.speak(text, { signal }),
 *   classify: (error, timedOut) => myServiceFailure(error, timedOut),
 * });
 * ```
 */
export async function callWithinBounds<Value>(call: BoundedCall<Value>): Promise<Value> {
  const { limits } = call;
  for (let attempt = 1; ; attempt += 1) {
    const timeout = AbortSignal.timeout(limits.timeoutSeconds * 1000);
    const signal = call.signal === undefined ? timeout : AbortSignal.any([timeout, call.signal]);
    try {
      return await call.attempt(signal);
    } catch (error) {
      if (call.signal?.aborted === true) throw error;
      const { error: failed, retryAfterMilliseconds } = call.classify(error, timeout.aborted);
      const wait = retryAfterMilliseconds ?? RETRY_BASE_MILLISECONDS * 2 ** (attempt - 1);
      const patient = wait <= limits.retryAfterMaxSeconds * 1000;
      if (!failed.retryable || attempt >= limits.attempts || !patient) throw failed;
      await (call.sleep ?? sleepFor)(wait);
    }
  }
}

/**
 * The wait a response's headers ask for, in milliseconds: `retry-after-ms`, else
 * `retry-after` in seconds or as an HTTP date (read against `now`, epoch milliseconds).
 *
 * @example
 * ```ts
 * retryAfterOf(new Headers({ "retry-after": "2" }), Date.now()); // 2000
 * ```
 */
export function retryAfterOf(headers: Headers | undefined, now: number): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const header = headers?.get("retry-after");
  if (header === null || header === undefined) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * `limits` with each missing value from `defaults`, checked: a positive timeout, a whole
 * number of attempts of at least 1, a wait limit that is not negative.
 *
 * @example
 * ```ts
 * checkedCallLimits({ attempts: 2 }, { timeoutSeconds: 60, attempts: 3, retryAfterMaxSeconds: 20 });
 * ```
 */
export function checkedCallLimits(
  limits: Partial<ProviderCallLimits> | undefined,
  defaults: ProviderCallLimits,
): ProviderCallLimits {
  const resolved: ProviderCallLimits = { ...defaults, ...withoutUndefined(limits ?? {}) };
  if (!(resolved.timeoutSeconds > 0 && Number.isFinite(resolved.timeoutSeconds))) {
    throw new RangeError(
      `timeoutSeconds must be a positive number, got ${resolved.timeoutSeconds}.`,
    );
  }
  if (!(Number.isInteger(resolved.attempts) && resolved.attempts >= 1)) {
    throw new RangeError(
      `attempts must be a whole number of at least 1, got ${resolved.attempts}.`,
    );
  }
  if (!(resolved.retryAfterMaxSeconds >= 0)) {
    throw new RangeError(
      `retryAfterMaxSeconds must not be negative, got ${resolved.retryAfterMaxSeconds}.`,
    );
  }
  return resolved;
}

function withoutUndefined(limits: Partial<ProviderCallLimits>): Partial<ProviderCallLimits> {
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
}

/** A `ProviderError` of `category`. */
export function providerFailure(
  category: string,
  message: string,
  retryable: boolean,
): ProviderError {
  return new ProviderError({ category, message, retryable });
}
