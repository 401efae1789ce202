/**
 * Turning a rate-limit decision into the 429 of spec 7.2 and its headers.
 *
 * @module
 */
import { apiError } from "../../errors/api-error.js";
import type { ServiceResponse } from "../contract.js";
import type { RateLimitDecision } from "../ports/rate-limiter.js";
import { errorResponse } from "./responses.js";

/** The `X-RateLimit-*` headers of a decision, sent with every paid creation response. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(decision.resetAtMilliseconds),
  };
}

/** The 429 `rate_limited` response, with `Retry-After` in whole seconds. */
export function rateLimitedResponse(
  decision: RateLimitDecision,
  nowMilliseconds: number,
): ServiceResponse {
  const retryAfterSeconds = Math.max(
    0,
    Math.ceil((decision.resetAtMilliseconds - nowMilliseconds) / 1000),
  );
  const error = apiError(
    "rate_limited",
    `Too many paid requests; retry after ${retryAfterSeconds} seconds with the same idempotency key.`,
    { context: { limit: decision.limit, retry_after_seconds: retryAfterSeconds } },
  );
  return errorResponse(error, {
    ...rateLimitHeaders(decision),
    "Retry-After": String(retryAfterSeconds),
  });
}
