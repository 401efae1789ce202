/**
 * How long a failed job waits before its next attempt: exponential backoff with full
 * jitter. The ceiling grows by `factor` with each attempt, from `baseMilliseconds` up to
 * `capMilliseconds`, and the delay is drawn uniformly below it, so jobs that failed
 * together (a provider outage) come back spread out instead of all at once.
 *
 * Job retries on PostgreSQL and webhook delivery retries share it.
 *
 * @module
 */

/** The shape of the backoff. */
export interface RetryBackoff {
  /** The ceiling of the first retry's delay. */
  readonly baseMilliseconds: number;
  /** How much the ceiling grows with each further attempt. */
  readonly factor: number;
  /** The highest ceiling, whatever the attempt. */
  readonly capMilliseconds: number;
}

/** The first retry waits up to 5 seconds, the fixed delay retries used to have. */
export const JOB_RETRY_BASE_MILLISECONDS = 5000;

/** Each further retry may wait twice as long as the one before. */
export const JOB_RETRY_FACTOR = 2;

/** No retry waits longer than 5 minutes. */
export const JOB_RETRY_CAP_MILLISECONDS = 5 * 60 * 1000;

/** The backoff of failed jobs when nothing else is said. */
export const JOB_RETRY_BACKOFF_DEFAULT: RetryBackoff = {
  baseMilliseconds: JOB_RETRY_BASE_MILLISECONDS,
  factor: JOB_RETRY_FACTOR,
  capMilliseconds: JOB_RETRY_CAP_MILLISECONDS,
};

/**
 * The ceiling of the delay after failed attempt `attempt` (from 1):
 * `min(cap, base * factor^(attempt - 1))`.
 */
export function retryCeilingMilliseconds(attempt: number, backoff: RetryBackoff): number {
  if (!Number.isSafeInteger(attempt) || attempt < 1) {
    throw new RangeError(`A retry follows attempt 1 or later, not ${attempt}.`);
  }
  const { baseMilliseconds, factor, capMilliseconds } = backoff;
  if (!(baseMilliseconds >= 0 && factor >= 1 && capMilliseconds >= baseMilliseconds)) {
    throw new RangeError("A backoff needs base >= 0, factor >= 1 and cap >= base.");
  }
  // Past the cap the power only overflows towards Infinity, which min() absorbs; a base
  // of 0 stays 0 (0 times Infinity would be NaN).
  if (baseMilliseconds === 0) return 0;
  return Math.min(capMilliseconds, baseMilliseconds * factor ** (attempt - 1));
}

/**
 * The delay before the next attempt of a job whose attempt `attempt` failed: a whole
 * number of milliseconds drawn uniformly from `[0, ceiling)` by `random` (a source of
 * numbers in `[0, 1)`, such as `Math.random`).
 *
 * @example
 * ```ts
 * jobRetryDelayMilliseconds(3, JOB_RETRY_BACKOFF_DEFAULT, () => 0.5); // 10000: half of 20 s
 * ```
 */
export function jobRetryDelayMilliseconds(
  attempt: number,
  backoff: RetryBackoff,
  random: () => number,
): number {
  const ceiling = retryCeilingMilliseconds(attempt, backoff);
  const draw = random();
  if (!(draw >= 0 && draw < 1))
    throw new RangeError(`A random draw must be in [0, 1), got ${draw}.`);
  return Math.floor(draw * ceiling);
}
