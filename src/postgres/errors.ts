/**
 * How database failures surface: a transaction that keeps losing to concurrent ones is
 * retried a few times, then reported as a {@link PostgresRetryableError}, which the
 * service answers with a 5xx the client may retry. Nothing is half written: the
 * transaction rolled back.
 *
 * @module
 */

/**
 * SQLSTATE codes of transient conflicts: `40001` serialization failure, `40P01`
 * deadlock detected. The transaction rolled back and may simply run again.
 */
export const RETRYABLE_SQLSTATES: readonly string[] = ["40001", "40P01"];

/** The SQLSTATE of a unique constraint violation. */
export const UNIQUE_VIOLATION = "23505";

/** The SQLSTATE of an error thrown by `pg`, or undefined for any other error. */
export function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const code = (error as { readonly code: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** True when `error` is a transient conflict that a new attempt may not meet. */
export function isRetryableConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && RETRYABLE_SQLSTATES.includes(state);
}

/**
 * A transaction rolled back by concurrent ones more times than it was retried. Nothing
 * was written; the request may be sent again (with the same idempotency key).
 */
export class PostgresRetryableError extends Error {
  /** Always true: trying again later may succeed. */
  readonly retryable = true;

  /** Wraps the last conflict after `attempts` tries. */
  constructor(attempts: number, options: { readonly cause: unknown }) {
    super(`The database kept reporting conflicts; gave up after ${attempts} attempts.`, options);
    this.name = "PostgresRetryableError";
  }
}
