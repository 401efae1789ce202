/**
 * What is kept per (organization, key): nothing (absent), an in-flight claim with a
 * lease, or a completed response kept for a retention period.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";

/** A response as stored for replay. */
export interface StoredResponse {
  /** The HTTP status of the original response. */
  readonly status: number;
  /** The original body as JSON text, replayed verbatim. */
  readonly bodyJson: string;
}

/** A request holding the key while its paid action runs. */
export interface InFlightRecord {
  /** Marks a claim in progress. */
  readonly state: "in_flight";
  /** Fingerprint of the request holding the key. */
  readonly fingerprint: string;
  /** Proves ownership of the claim when completing or releasing it. */
  readonly token: string;
  /**
   * When the lease ends, in milliseconds since the Unix epoch. Afterwards the holder is
   * presumed crashed and another request with the key may take the claim over.
   */
  readonly leaseExpiresAtMilliseconds: number;
}

/** A finished request whose response is replayed to matching retries. */
export interface CompletedRecord {
  /** Marks a finished request. */
  readonly state: "completed";
  /** Fingerprint of the request that completed. */
  readonly fingerprint: string;
  /** The response to replay. */
  readonly response: StoredResponse;
  /** When the request completed, in milliseconds since the Unix epoch. */
  readonly completedAtMilliseconds: number;
  /** Until when the response is kept (completion plus retention); afterwards the key is free. */
  readonly retainedUntilMilliseconds: number;
}

/** The stored state of one key. */
export type IdempotencyRecord = InFlightRecord | CompletedRecord;

/** The owner of an in-flight claim, as handed to the request that claimed it. */
export interface IdempotencyLease {
  /** Proves ownership when completing or releasing. */
  readonly token: string;
  /** When the lease ends, in milliseconds since the Unix epoch. */
  readonly expiresAtMilliseconds: number;
}

/** Why a request cannot use a key now; the `reason` of the 409 context. */
export type IdempotencyConflictReason = "different_request" | "in_progress";

/** Where a key lives: keys are scoped per organization. */
export interface IdempotencyScope {
  /** The organization that owns the key. */
  readonly organizationId: OrganizationId;
  /** The idempotency key. */
  readonly key: string;
}
