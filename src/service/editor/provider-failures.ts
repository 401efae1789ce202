/**
 * How an edit answers a provider's understood failure (a thrown `ProviderError`): a
 * failure that trying again cannot fix (an unsupported language, a refused voice) is the
 * caller's to change, so it is a 400 `bad_request` naming the operation and the provider's
 * category as `context.reason`; any other one is a retryable 500 that says the same.
 * Anything else a provider throws stays an unknown, retryable outage.
 *
 * @module
 */
import { type ApiError, apiError } from "../../errors/api-error.js";
import { fieldRefusal } from "../../errors/validation.js";
import { ProviderError } from "../../ports/provider-error.js";

/** Which operation of the batch asked the provider. */
export interface ProviderFailureSite {
  /** Index of the operation in the request's `operations`. */
  readonly operationIndex: number;
  /** Extra context, such as the source item a transcription was for. */
  readonly details?: Readonly<Record<string, unknown>>;
}

// An unsupported language is fixed in the operation's `language`; any other refusal in
// the operation as a whole.
function fieldOf(failure: ProviderError, operationIndex: number): string {
  return failure.category === "unsupported_language"
    ? `operations.${operationIndex}.language`
    : `operations.${operationIndex}`;
}

/**
 * The API error of a provider failure, or undefined for a throw that is not a
 * `ProviderError` (the caller answers its own retryable outage).
 *
 * @example
 * ```ts
 * const failure = new ProviderError({ category: "unsupported_language", message: "No model for de.", retryable: false });
 * providerFailureApiError(failure, { operationIndex: 0 })?.context;
 * // { field: "operations.0.language", reason: "unsupported_language", operation_index: 0 }
 * ```
 */
export function providerFailureApiError(
  thrown: unknown,
  site: ProviderFailureSite,
): ApiError | undefined {
  if (!(thrown instanceof ProviderError)) return undefined;
  const context = { operation_index: site.operationIndex, ...site.details };
  if (!thrown.retryable) {
    return fieldRefusal({
      field: fieldOf(thrown, site.operationIndex),
      reason: thrown.category,
      message: thrown.message,
      details: context,
    });
  }
  return apiError(
    "server_error",
    `${thrown.message} Nothing was changed or charged; retry with the same request.`,
    { retryable: true, context: { reason: thrown.category, ...context } },
  );
}
