/**
 * Values and helpers for the structured error `{ error: { code, message, retryable,
 * context? } }` of spec 7.1.
 *
 * @module
 */
import { ERROR_CODE_TABLE, type ErrorCode } from "./codes.js";

/** Free-form details attached to an error, such as `credits_required`. */
export type ErrorContext = Readonly<Record<string, unknown>>;

/** The error object of spec 2.9 and 7.1. */
export interface ApiError {
  /** A code from the closed set. */
  readonly code: ErrorCode;
  /** A human-readable explanation; safe to show to an end user. */
  readonly message: string;
  /** Whether retrying the same request may succeed (spec 7.3). */
  readonly retryable: boolean;
  /** Structured details; absent when there are none. */
  readonly context?: ErrorContext;
}

/** The body of every error response: `{ error: ApiError }`. */
export interface ApiErrorBody<E extends ApiError = ApiError> {
  /** The structured error. */
  readonly error: E;
}

/** Optional parts of an {@link ApiError} that differ from the code's defaults. */
export interface ApiErrorOptions {
  /** Structured details, for example the offending fields of a `bad_request`. */
  readonly context?: ErrorContext;
  /** Overrides the code's default `retryable`. */
  readonly retryable?: boolean;
}

/**
 * Builds an {@link ApiError} with the code's default `retryable`.
 *
 * @example
 * ```ts
 * const error = apiError("insufficient_credits", "Not enough credits.", {
 *   context: { credits_required: 60, credits_available: 10 },
 * });
 * error.retryable; // false
 * ```
 */
export function apiError(
  code: ErrorCode,
  message: string,
  options: ApiErrorOptions = {},
): ApiError {
  const retryable = options.retryable ?? ERROR_CODE_TABLE[code].retryable;
  return options.context === undefined
    ? { code, message, retryable }
    : { code, message, retryable, context: options.context };
}

/**
 * Wraps an {@link ApiError} in the response body shape `{ error }`.
 *
 * @example
 * ```ts
 * errorBody(apiError("not_found", "No generation with that id."));
 * // { error: { code: "not_found", message: "No generation with that id.", retryable: false } }
 * ```
 */
export function errorBody<E extends ApiError>(error: E): ApiErrorBody<E> {
  return { error };
}

/** Context of an `insufficient_credits` error (spec 7.1). */
export interface InsufficientCreditsContext {
  /** Credits the request would cost. */
  readonly credits_required: number;
  /** Credits the organization can spend now. */
  readonly credits_available: number;
}

/** Builds the `insufficient_credits` error with its required context. */
export function insufficientCreditsError(context: InsufficientCreditsContext): ApiError {
  return apiError(
    "insufficient_credits",
    `This request costs ${context.credits_required} credits but only ${context.credits_available} are available.`,
    { context: { ...context } },
  );
}
