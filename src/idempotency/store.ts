/**
 * The `IdempotencyStore` port: what the service needs from persistent key storage. Each
 * method is one atomic step per key (in PostgreSQL, an upsert or a transaction that locks
 * the key's row), so two requests can never both claim a key. Time arrives as an
 * argument, from the caller's clock, so every decision is reproducible.
 *
 * @module
 */

import type { Result } from "../result.js";
import type { IdempotencyRecord, IdempotencyScope } from "./record.js";
import type { ClaimRequest, ClaimResult, CompletionRequest, LeaseLost } from "./transitions.js";

/** The result of {@link IdempotencyStore.complete}: the response is stored, or `lease_lost`. */
export type CompleteResult = Result<void, LeaseLost>;

/** The result of {@link IdempotencyStore.release}: the key is free again, or `lease_lost`. */
export type ReleaseResult = Result<void, LeaseLost>;

/** Persistent idempotency keys, scoped per organization. */
export interface IdempotencyStore {
  /**
   * Claims a key for a request, or tells the caller to replay or back off (see
   * `claimKey` for the rules). The store mints the lease token.
   */
  claim(scope: IdempotencyScope, request: ClaimRequest): Promise<ClaimResult>;
  /** Stores the response of a claim the caller still holds. */
  complete(scope: IdempotencyScope, request: CompletionRequest): Promise<CompleteResult>;
  /** Frees a claim the caller still holds, storing nothing. */
  release(scope: IdempotencyScope, token: string): Promise<ReleaseResult>;
  /**
   * Deletes completed records whose retention has passed, never in-flight ones; returns
   * how many were deleted. Expired records are already ignored by `claim`, so reaping
   * only reclaims space.
   */
  reap(nowMilliseconds: number): Promise<number>;
  /** The record of a key, or undefined when absent; for inspection and tests. */
  inspect(scope: IdempotencyScope): Promise<IdempotencyRecord | undefined>;
}
