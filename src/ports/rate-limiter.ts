/**
 * The rate-limiter port: how many paid creation requests an organization may send per
 * window (spec 7.2, `rate_limited`).
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";

/** The decision for one request. */
export interface RateLimitDecision {
  /** True when the request may proceed; it has then been counted. */
  readonly allowed: boolean;
  /** Requests the window allows in all. */
  readonly limit: number;
  /** Requests left in the current window after this one. */
  readonly remaining: number;
  /** When the current window ends, in Unix milliseconds (`X-RateLimit-Reset`). */
  readonly resetAtMilliseconds: number;
}

/** Counts paid creation requests per organization. */
export interface RateLimiter {
  /** Counts one request of the organization at `nowMilliseconds`, unless the window is full. */
  consume(organizationId: OrganizationId, nowMilliseconds: number): Promise<RateLimitDecision>;
}
