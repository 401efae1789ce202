/**
 * Requests the HTTP adapter turns away before the service sees them. Each refusal has a
 * stable `context.reason` and one HTTP status, kept in one table so a client can rely on
 * both; the error `code` is always `bad_request` (spec 7.2), even where the status is
 * 405, 413 or 415, because the code says "fix the request" and the status says how.
 *
 * @module
 */
import { type ApiErrorBody, apiError, errorBody } from "../errors/api-error.js";
import { type Err, err, type Ok, ok, type Result } from "../result.js";

/**
 * HTTP status of every transport-level refusal, by `context.reason`.
 *
 * @example
 * ```ts
 * HTTP_REJECTION_STATUS.body_too_large; // 413
 * ```
 */
export const HTTP_REJECTION_STATUS = {
  /** The request cannot become a fetch `Request`: a method such as `TRACE`, or a bad target. */
  malformed_request: 400,
  /** A path parameter is not valid percent-encoding. */
  malformed_path: 400,
  /** A `__proto__` key in the JSON body, query string or multipart field names. */
  hostile_key: 400,
  /** The body is not UTF-8 JSON. */
  malformed_json: 400,
  /** The JSON body nests deeper than the limit. */
  too_deep: 400,
  /** The multipart body cannot be parsed, for example without a boundary. */
  malformed_multipart: 400,
  /** A file part on a field that takes text only. */
  unexpected_file_field: 400,
  /** Two file parts on one field. */
  duplicate_file_field: 400,
  /** The body stream failed before its end, usually because the client went away. */
  body_unreadable: 400,
  /** The path exists but does not serve the method; the response carries `Allow`. */
  method_not_allowed: 405,
  /** The whole body is larger than the limit of its format. */
  body_too_large: 413,
  /** One file part is larger than the upload limit. */
  file_too_large: 413,
  /** A body without a `Content-Type`, or of a type the endpoint does not declare. */
  unsupported_media_type: 415,
} as const satisfies Readonly<Record<string, number>>;

/** The `context.reason` of a transport-level refusal. */
export type HttpRejectionReason = keyof typeof HTTP_REJECTION_STATUS;

/** A request refused by the adapter, before any service call. */
export interface HttpRejection {
  /** Stable reason, sent as `context.reason`; it also picks the HTTP status. */
  readonly reason: HttpRejectionReason;
  /** A sentence for the client saying what to change. */
  readonly message: string;
  /** Further context fields, such as `max_bytes` or `allowed_methods`. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** The outcome of an adapter step: a value to carry on with, or why the request was refused. */
export type HttpResult<T> = Result<T, HttpRejection>;

/** A step that succeeded, carrying what it produced. */
export type HttpAccepted<T> = Ok<T>;

/** A step that refused the request, carrying why. */
export type HttpRefused = Err<HttpRejection>;

/** Wraps a value as an accepted {@link HttpResult}. */
export function accepted<T>(value: T): HttpAccepted<T> {
  return ok(value);
}

/** Builds a refused {@link HttpResult}. */
export function refused(
  reason: HttpRejectionReason,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): HttpRefused {
  return err(details === undefined ? { reason, message } : { reason, message, details });
}

/**
 * The structured error body (spec 7.1) of a refusal: code `bad_request`, with the
 * reason and details in `context`.
 *
 * @example
 * ```ts
 * rejectionBody({ reason: "body_too_large", message: "Too large.", details: { max_bytes: 10 } });
 * // { error: { code: "bad_request", message: "Too large.", retryable: false,
 * //            context: { reason: "body_too_large", max_bytes: 10 } } }
 * ```
 */
export function rejectionBody(rejection: HttpRejection): ApiErrorBody {
  const context = { reason: rejection.reason, ...rejection.details };
  return errorBody(apiError("bad_request", rejection.message, { context }));
}
