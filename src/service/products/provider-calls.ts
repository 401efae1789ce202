/**
 * Asking a port for a step's output. A throw becomes the step's failure (a
 * `ProviderError`'s category and retryability, otherwise a retryable `provider_error`),
 * and an answer the workflow cannot use fails the step the same way as the provider's
 * own failure: nothing is built on it.
 *
 * @module
 */

import type { JobFailure } from "../../ports/records.js";
import { err, ok, type Result } from "../../result.js";
import { failureOfThrow } from "../jobs/provider-failure.js";

/** A port's answer, or the failure it stands for. */
export type Answer<Value> = Result<Value, JobFailure>;

/** The category of a provider's answer that the workflow cannot use. */
export const INVALID_PROVIDER_OUTPUT_CATEGORY = "invalid_provider_output";

/**
 * `call`'s answer, or the failure its throw stands for, the message starting with `who`
 * (such as "The speech provider").
 *
 * @example
 * ```ts
 * const answer = await askProvider("The speech provider", () => speech.synthesize(request));
 * if (!answer.ok) return stepFailed(answer.error);
 * ```
 */
export async function askProvider<Value>(
  who: string,
  call: () => Promise<Value>,
): Promise<Answer<Value>> {
  try {
    return ok(await call());
  } catch (error) {
    return err(failureOfThrow(error, `${who} failed`));
  }
}

/**
 * The failure of an answer `who` gave that the workflow cannot use, saying why. Another
 * attempt may answer better, so it is retryable.
 */
export function unusableAnswer(who: string, why: string): JobFailure {
  return {
    category: INVALID_PROVIDER_OUTPUT_CATEGORY,
    message: `${who} gave an answer that cannot be used: ${why}`,
    retryable: true,
  };
}

/** True for an absolute http or https URL, which the renderer and clients can fetch. */
export function isFetchableUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
