/**
 * The error of a direct upload that is not there, which the shared media errors do not
 * cover. It names the field and a stable `reason`, the context shape of every refusal.
 *
 * @module
 */
import type { ApiError } from "../../errors/api-error.js";
import { fieldRefusal } from "../../errors/validation.js";

/**
 * The 404 of a direct upload imported by an organization that did not prepare it. It
 * reads exactly like an upload that never existed (spec 1.4).
 */
export function directUploadNotFound(): ApiError {
  return fieldRefusal({
    code: "not_found",
    field: "source_url",
    reason: "upload_not_found",
    message: "no direct upload with this URL exists in this organization.",
  });
}
