/**
 * The errors of references a request names: a 404 for something the organization does
 * not have (spec 7.2 `not_found`: brand kit, avatar, reference, media item), and a 400
 * for something it has but cannot use here. Both name the field at fault.
 *
 * @module
 */
import { type ApiError, apiError, type ErrorContext } from "../../errors/api-error.js";
import { fieldError } from "../../errors/validation.js";

/** 404 `not_found` naming the field whose reference does not exist in the organization. */
export function referenceNotFoundError(
  field: string,
  message: string,
  extra: ErrorContext = {},
): ApiError {
  return apiError("not_found", message, { context: { field, ...extra } });
}

/** A field the request may not use as given, and why. */
export interface UnusableField {
  /** The path of the field at fault. */
  readonly field: string;
  /** What a person reads: what is wrong and how to fix it. */
  readonly message: string;
  /** What a program branches on, such as `unsupported_by_tier`. */
  readonly reason: string;
  /** More context for the error, beside `reason`. */
  readonly extra?: ErrorContext;
}

/**
 * 400 `bad_request` for a field the request may not use as given. The context has the
 * shape of a failed validation (`location`, `fields`) so clients read one shape for
 * every 400, plus a `reason` programs can branch on.
 */
export function unusableFieldError({
  field,
  message,
  reason,
  extra = {},
}: UnusableField): ApiError {
  return fieldError({
    message,
    fields: [{ path: field, message, issue: reason }],
    details: { reason, ...extra },
  });
}
