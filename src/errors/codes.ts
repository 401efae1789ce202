/**
 * The closed set of error codes (spec 7.2, plus `generation_failed` of 7.3) and the one
 * table that maps each code to its HTTP status and default `retryable` flag.
 *
 * @module
 */

/**
 * Every error code the API can answer with, in the order of spec 7.2, then the extensions
 * of editor revisions (`revision_conflict`, `nothing_to_undo`, `nothing_to_redo`).
 */
export const ERROR_CODES = [
  "bad_request",
  "unauthorized",
  "invalid_api_key",
  "payment_required",
  "insufficient_credits",
  "forbidden",
  "not_found",
  "idempotency_conflict",
  "rate_limited",
  "server_error",
  "generation_failed",
  "revision_conflict",
  "nothing_to_undo",
  "nothing_to_redo",
] as const;

/** One code from the closed set of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** How an error code is reported: the HTTP status and whether a retry may succeed. */
export interface ErrorCodeInfo {
  /** HTTP status the code is answered with. */
  readonly status: number;
  /** Default `retryable`: true for 429 and 5xx (spec 7.3.1). */
  readonly retryable: boolean;
}

/**
 * Code to HTTP status and default `retryable`.
 *
 * `generation_failed` never answers a request: it appears inside a generation record,
 * whose own `retryable` follows the stored failure. Its row exists so that every code
 * has one place to look; 502 says "the upstream provider failed", which is what it
 * means.
 *
 * The revision codes are 409s: the request is well formed but does not fit the project as
 * it is now (an `expected_revision` or `If-Match` that is not the latest revision, an undo
 * with nothing left to undo, a redo after a new edit). Sending it again unchanged fails
 * the same way, so none is retryable; read the project and decide again.
 */
export const ERROR_CODE_TABLE: { readonly [Code in ErrorCode]: ErrorCodeInfo } = {
  bad_request: { status: 400, retryable: false },
  unauthorized: { status: 401, retryable: false },
  invalid_api_key: { status: 401, retryable: false },
  payment_required: { status: 402, retryable: false },
  insufficient_credits: { status: 402, retryable: false },
  forbidden: { status: 403, retryable: false },
  not_found: { status: 404, retryable: false },
  idempotency_conflict: { status: 409, retryable: false },
  rate_limited: { status: 429, retryable: true },
  server_error: { status: 500, retryable: true },
  generation_failed: { status: 502, retryable: false },
  revision_conflict: { status: 409, retryable: false },
  nothing_to_undo: { status: 409, retryable: false },
  nothing_to_redo: { status: 409, retryable: false },
};

/** True when `value` is one of the {@link ERROR_CODES}. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODE_TABLE, value);
}

/** HTTP status for an error code. */
export function statusForErrorCode(code: ErrorCode): number {
  return ERROR_CODE_TABLE[code].status;
}
