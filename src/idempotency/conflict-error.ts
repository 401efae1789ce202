/**
 * The 409 `idempotency_conflict` error (spec 4.0, 7.2).
 *
 * @module
 */
import { type ApiError, apiError } from "../errors/api-error.js";
import type { IdempotencyConflictReason } from "./record.js";

const MESSAGES: { readonly [Reason in IdempotencyConflictReason]: string } = {
  different_request:
    "This idempotency key was already used with a different request; a new paid action needs a new key.",
  in_progress:
    "A request with this idempotency key is still being processed; retry it later with the same key.",
};

/**
 * Builds the `idempotency_conflict` error, with the reason in `context.reason`.
 *
 * @example
 * ```ts
 * idempotencyConflictError("in_progress").context; // { reason: "in_progress" }
 * ```
 */
export function idempotencyConflictError(reason: IdempotencyConflictReason): ApiError {
  return apiError("idempotency_conflict", MESSAGES[reason], { context: { reason } });
}
