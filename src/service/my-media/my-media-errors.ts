/**
 * The errors of My Media uploads that the shared media errors do not cover: a missing
 * file part, a media type the bytes contradict, an import too large for its kind, a
 * direct upload that is not there. Each names the field and a stable `reason`, the same
 * context shape as the shared media errors.
 *
 * @module
 */
import { type ApiError, apiError } from "../../errors/api-error.js";

/** A `bad_request` about one field of an upload, with a stable `reason` in its context. */
export function uploadFieldError(
  field: string,
  reason: string,
  message: string,
  details: Readonly<Record<string, unknown>> = {},
): ApiError {
  return apiError("bad_request", `${field}: ${message}`, {
    context: { field, reason, ...details },
  });
}

/**
 * The 404 of a direct upload imported by an organization that did not prepare it. It
 * reads exactly like an upload that never existed (spec 1.4).
 */
export function directUploadNotFound(): ApiError {
  return apiError(
    "not_found",
    "source_url: no direct upload with this URL exists in this organization.",
    {
      context: { field: "source_url", reason: "upload_not_found" },
    },
  );
}
