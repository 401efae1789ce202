/**
 * The structured errors (spec 7) for refused media input, so every endpoint that takes
 * media answers a refusal the same way: `bad_request` naming the field and the reason.
 *
 * @module
 */
import { type ApiError, apiError } from "../errors/api-error.js";
import { fieldRefusal } from "../errors/validation.js";
import type { InlineDataRejection } from "./decode-inline.js";
import type { UploadUrlRefusal } from "./signed-urls.js";
import type { DeclaredTypeMismatch } from "./sniff.js";
import type { FetchRefusal } from "./url-fetcher.js";

/** The snake_case details of a download refusal, for the error context. */
function fetchRefusalDetails(refusal: FetchRefusal): Record<string, unknown> {
  switch (refusal.reason) {
    case "blocked_address":
      return { address: refusal.address, category: refusal.category };
    case "http_status":
      return { status: refusal.status };
    case "too_large":
      return { max_bytes: refusal.maxBytes };
    case "timeout":
      return { phase: refusal.phase, timeout_ms: refusal.timeoutMilliseconds };
    case "unsupported_content_type":
      return { content_type: refusal.contentType };
    default:
      return {};
  }
}

/**
 * True for statuses of a source server that say "not now" rather than "never": a request
 * timeout, a rate limit and every 5xx.
 */
function isTransientSourceStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * True when a download failure may pass on its own: the network or the source server
 * failing for now (timeouts, connection failures, resolvers that fail for now, 408,
 * 429 and 5xx from the source). An unresolvable host, a refused address, a 4xx, a file
 * too large or not media will fail the same way every time.
 */
export function isTransientFetchRefusal(refusal: FetchRefusal): boolean {
  if (refusal.reason === "http_status") return isTransientSourceStatus(refusal.status);
  return refusal.reason === "timeout" || refusal.reason === "network_error";
}

/**
 * The error for a refused `source_url` (or timeline `url`) download, with the field, the
 * reason and its details in `context`. A failure that may pass on its own is a retryable
 * 500 `server_error` (spec 7.3: retryable answers are 429 and 5xx); any other is a 400
 * `bad_request` that is not retryable, since the same request would fail again.
 *
 * @example
 * ```ts
 * fetchRefusalError({ reason: "http_status", message: "...", status: 503 });
 * // { code: "server_error", retryable: true, context: { field: "source_url", reason: "http_status", status: 503 }, ... }
 * fetchRefusalError({ reason: "dns_failure", message: "..." });
 * // { code: "bad_request", retryable: false, context: { field: "source_url", reason: "dns_failure" }, ... }
 * ```
 */
export function fetchRefusalError(refusal: FetchRefusal, field = "source_url"): ApiError {
  const code = isTransientFetchRefusal(refusal) ? "server_error" : "bad_request";
  return fieldRefusal({
    code,
    field,
    reason: refusal.reason,
    message: refusal.message,
    details: fetchRefusalDetails(refusal),
  });
}

/** The error for refused inline `data`: `bad_request` naming the field and the reason. */
export function inlineDataError(rejection: InlineDataRejection, field: string): ApiError {
  const limit = rejection.maxBytes === undefined ? {} : { max_bytes: rejection.maxBytes };
  return fieldRefusal({
    field,
    reason: rejection.reason,
    message: rejection.message,
    details: limit,
  });
}

/** The error for bytes whose declared type does not fit them. */
export function declaredTypeError(mismatch: DeclaredTypeMismatch, field: string): ApiError {
  return fieldRefusal({ field, reason: mismatch.reason, message: mismatch.message });
}

/**
 * The error for a refused PUT to a signed upload URL: `forbidden` when the URL grants
 * nothing (altered, forged or expired), `bad_request` when the request does not match it.
 */
export function uploadUrlError(refusal: UploadUrlRefusal): ApiError {
  const code =
    refusal.reason === "method_not_allowed" || refusal.reason === "content_type_mismatch"
      ? "bad_request"
      : "forbidden";
  return apiError(code, refusal.message, { context: { reason: refusal.reason } });
}
