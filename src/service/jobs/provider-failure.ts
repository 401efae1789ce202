/**
 * What a provider's throw is recorded as. A `ProviderError` says what it understood (its
 * category and whether trying again may help); anything else is an unknown failure,
 * which may be retried and is never a content-policy rejection (spec 7.3.6).
 *
 * @module
 */
import { ProviderError } from "../../ports/provider-error.js";
import type { JobFailure } from "../../ports/records.js";

/** The failure recorded when the provider throws instead of answering. */
export const PROVIDER_ERROR_CATEGORY = "provider_error";

/** The category of a confirmed content-policy rejection, never retryable (spec 7.3.4). */
export const CONTENT_POLICY_CATEGORY = "content_policy";

/**
 * The failure a provider's throw stands for, its message prefixed with `what` failed: a
 * `ProviderError`'s category and retryability (a content-policy rejection is never
 * retryable, whatever the provider said), otherwise a retryable `provider_error`.
 *
 * @example
 * ```ts
 * failureOfThrow(new Error("socket hang up"), "The provider failed");
 * // { category: "provider_error", message: "The provider failed: socket hang up", retryable: true }
 * ```
 */
export function failureOfThrow(error: unknown, what: string): JobFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ProviderError) {
    const retryable = error.category === CONTENT_POLICY_CATEGORY ? false : error.retryable;
    return { category: error.category, message: `${what}: ${message}`, retryable };
  }
  return { category: PROVIDER_ERROR_CATEGORY, message: `${what}: ${message}`, retryable: true };
}
