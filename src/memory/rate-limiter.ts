/**
 * An in-memory fixed-window rate limiter: at most `maxRequests` paid creation requests
 * per organization in each window of `windowSeconds`, windows aligned to the epoch.
 *
 * @module
 */
import type { RateLimiter } from "../ports/rate-limiter.js";

/** Paid creation requests per window when nothing is configured. */
export const RATE_LIMIT_MAX_REQUESTS_DEFAULT = 60;
/** Length of a rate-limit window in seconds when nothing is configured. */
export const RATE_LIMIT_WINDOW_SECONDS_DEFAULT = 60;

/** Settings of {@link createMemoryRateLimiter}. */
export interface MemoryRateLimiterOptions {
  /** Requests allowed per window; default {@link RATE_LIMIT_MAX_REQUESTS_DEFAULT}. */
  readonly maxRequests?: number;
  /** Window length in seconds; default {@link RATE_LIMIT_WINDOW_SECONDS_DEFAULT}. */
  readonly windowSeconds?: number;
}

/**
 * Creates a fixed-window limiter.
 *
 * @example
 * ```ts
 * const limiter = createMemoryRateLimiter({ maxRequests: 2, windowSeconds: 60 });
 * (await limiter.consume(1, 0)).remaining; // 1
 * ```
 */
export function createMemoryRateLimiter(options: MemoryRateLimiterOptions = {}): RateLimiter {
  const limit = options.maxRequests ?? RATE_LIMIT_MAX_REQUESTS_DEFAULT;
  const windowMilliseconds = (options.windowSeconds ?? RATE_LIMIT_WINDOW_SECONDS_DEFAULT) * 1000;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError("maxRequests must be a positive integer.");
  }
  if (!Number.isFinite(windowMilliseconds) || windowMilliseconds <= 0) {
    throw new RangeError("windowSeconds must be positive.");
  }
  const windows = new Map<number, { readonly start: number; count: number }>();
  return {
    async consume(organizationId, nowMilliseconds) {
      const start = Math.floor(nowMilliseconds / windowMilliseconds) * windowMilliseconds;
      let window = windows.get(organizationId);
      if (window === undefined || window.start !== start) {
        window = { start, count: 0 };
        windows.set(organizationId, window);
      }
      const resetAtMilliseconds = start + windowMilliseconds;
      if (window.count >= limit) {
        return { allowed: false, limit, remaining: 0, resetAtMilliseconds };
      }
      window.count += 1;
      return { allowed: true, limit, remaining: limit - window.count, resetAtMilliseconds };
    },
  };
}
