/**
 * The failure a provider throws when it understands why it cannot serve a request.
 *
 * @module
 */
/**
 * Why a provider could not serve a request, in the terms of spec 7.3: a stored failure
 * category (such as `content_policy`, `unsupported_language`, `engine_unavailable` or
 * `provider_unavailable`), a message for people and whether trying again may succeed. A
 * provider throws it for a failure it understands; the service records it as the job's
 * failure or answers it as a structured error. Anything else a provider throws is an
 * unknown failure, which is retryable and never a content-policy rejection (spec 7.3.6).
 *
 * @example
 * ```ts
 * throw new ProviderError({
 *   category: "unsupported_language",
 *   message: "No recognition model for de is installed.",
 *   retryable: false,
 * });
 * ```
 */
export class ProviderError extends Error {
  /** The stored failure category. */
  readonly category: string;
  /** Whether trying again may succeed. */
  readonly retryable: boolean;

  /** A failure with its category, message and retryability. */
  constructor(failure: {
    readonly category: string;
    readonly message: string;
    readonly retryable: boolean;
  }) {
    super(failure.message);
    this.name = "ProviderError";
    this.category = failure.category;
    this.retryable = failure.retryable;
  }
}
