/**
 * The one table from service results to HTTP statuses. A success is 200, a conditional
 * read the client already holds 304. A failure
 * takes the status its error code has in the contract (spec 7.2, `ERROR_CODE_TABLE`),
 * except a `bad_request` whose `context.reason` is a transport-level refusal, which
 * takes that refusal's status (405, 413, 415) whoever refused: the adapter before the
 * service ran, or the service itself (a direct upload larger than it was signed for).
 *
 * @module
 */
import type { ApiError } from "../errors/api-error.js";
import { ERROR_CODE_TABLE } from "../errors/codes.js";
import type { ServiceResult } from "../ports/contract.js";
import { HTTP_REJECTION_STATUS, type HttpRejectionReason } from "./rejections.js";

/** Status of every successful answer. */
export const HTTP_SUCCESS_STATUS = 200;

/** Status of a conditional read the client already holds (`not_modified`). */
export const HTTP_NOT_MODIFIED_STATUS = 304;

function isRejectionReason(reason: unknown): reason is HttpRejectionReason {
  return typeof reason === "string" && Object.hasOwn(HTTP_REJECTION_STATUS, reason);
}

/**
 * The HTTP status of an error.
 *
 * @example
 * ```ts
 * httpStatusOfError(apiError("insufficient_credits", "Top up.")); // 402
 * httpStatusOfError(apiError("bad_request", "Too big.", { context: { reason: "body_too_large" } })); // 413
 * ```
 */
export function httpStatusOfError(error: ApiError): number {
  const reason = error.context?.reason;
  if (error.code === "bad_request" && isRejectionReason(reason)) {
    return HTTP_REJECTION_STATUS[reason];
  }
  return ERROR_CODE_TABLE[error.code].status;
}

/** The HTTP status of a service result. */
export function httpStatusOf(result: ServiceResult): number {
  switch (result.kind) {
    case "error":
      return httpStatusOfError(result.error);
    case "not_modified":
      return HTTP_NOT_MODIFIED_STATUS;
    default:
      return HTTP_SUCCESS_STATUS;
  }
}
