/**
 * The engine's edit errors as API errors. An edit that refers to a My Media item that
 * does not exist is a 404, like any missing resource; a provider that cannot transcribe
 * or speak right now is a retryable 500; every other edit error is a 400 that names the
 * failing operation, so the caller can fix that operation and send the batch again.
 *
 * @module
 */

import type { EditError, EditErrorCode } from "../../editor/errors.js";
import { type ApiError, apiError } from "../../errors/api-error.js";

const PROVIDER_UNAVAILABLE: ReadonlySet<EditErrorCode> = new Set([
  "transcript_unavailable",
  "speech_unavailable",
]);

/** The API error of a rejected edit batch; `context` carries `operation_index` and `edit_code`. */
export function editApiError(error: EditError): ApiError {
  const context = { operation_index: error.operationIndex, edit_code: error.code };
  if (error.code === "media_unresolved") return apiError("not_found", error.message, { context });
  if (PROVIDER_UNAVAILABLE.has(error.code)) {
    return apiError("server_error", error.message, { context, retryable: true });
  }
  return apiError("bad_request", error.message, { context });
}
