/**
 * Default durations of the idempotency state machine.
 *
 * @module
 */

/**
 * How long a claim holds a key before another request may take it over: one minute. A
 * paid action only reserves credits and enqueues work, which takes well under that; a
 * claim still held after a minute belongs to a request presumed crashed.
 */
export const IDEMPOTENCY_LEASE_DEFAULT_MILLISECONDS = 60 * 1000;

/**
 * How long a completed response is kept for replay, counted from completion: 24 hours,
 * which covers a client's retries with backoff and a day of manual re-runs.
 */
export const IDEMPOTENCY_RETENTION_DEFAULT_MILLISECONDS = 24 * 60 * 60 * 1000;
