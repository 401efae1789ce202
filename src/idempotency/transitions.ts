/**
 * The idempotency key state machine as pure functions over one key's record. Stores call
 * them inside one atomic step per key, so the rules live here once.
 *
 * @module
 */
import { err, ok, type Result } from "../result.js";
import type {
  CompletedRecord,
  IdempotencyConflictReason,
  IdempotencyLease,
  IdempotencyRecord,
  InFlightRecord,
  StoredResponse,
} from "./record.js";

/** A request to claim a key. */
export interface ClaimRequest {
  /** Fingerprint of the request (see `fingerprintRequest`). */
  readonly fingerprint: string;
  /** The current time, in milliseconds since the Unix epoch. */
  readonly nowMilliseconds: number;
  /** How long the claim holds before another request may take it over. */
  readonly leaseMilliseconds: number;
}

/** The key is now held by the caller: run the action, then complete or release. */
export interface Claimed {
  /** Marks a successful claim. */
  readonly kind: "claimed";
  /** The caller's lease. */
  readonly lease: IdempotencyLease;
  /** True when the claim took over an expired lease of a request presumed crashed. */
  readonly takeover: boolean;
}

/** The same request already completed: answer with its response, run nothing. */
export interface Replay {
  /** Marks a replay. */
  readonly kind: "replay";
  /** The stored response. */
  readonly response: StoredResponse;
}

/** The key cannot be used by this request now. */
export interface Conflict {
  /** Marks a conflict. */
  readonly kind: "conflict";
  /**
   * `different_request` when the key belongs to a request with another fingerprint
   * (whether that one is in flight or completed), `in_progress` when the same request
   * still holds a live lease.
   */
  readonly reason: IdempotencyConflictReason;
}

/**
 * The result of a claim, told apart by `kind`: three outcomes that each lead somewhere
 * else (run the action, replay the stored response, answer the 409), so not a `Result`.
 */
export type ClaimResult = Claimed | Replay | Conflict;

/** A claim's result together with the record the store must keep afterwards. */
export interface ClaimTransition {
  /** What the caller is told. */
  readonly result: ClaimResult;
  /** The record to keep; the same object when nothing changed. */
  readonly record: IdempotencyRecord;
}

/**
 * Decides a claim. An absent key, a completed record past its retention, and an
 * in-flight record whose lease has expired are all free. Otherwise a different
 * fingerprint conflicts as `different_request` (it wins over `in_progress`), a completed
 * match replays, and a live match conflicts as `in_progress`.
 *
 * @example
 * ```ts
 * const request = { fingerprint: "f1", nowMilliseconds: 0, leaseMilliseconds: 60_000 };
 * claimKey(undefined, request, "lease-1").result.kind; // "claimed"
 * ```
 */
export function claimKey(
  record: IdempotencyRecord | undefined,
  request: ClaimRequest,
  token: string,
): ClaimTransition {
  if (!Number.isFinite(request.leaseMilliseconds) || request.leaseMilliseconds <= 0) {
    throw new RangeError("A lease lasts a positive number of milliseconds.");
  }
  if (record === undefined || !isLive(record, request.nowMilliseconds)) {
    const claimed: InFlightRecord = {
      state: "in_flight",
      fingerprint: request.fingerprint,
      token,
      leaseExpiresAtMilliseconds: request.nowMilliseconds + request.leaseMilliseconds,
    };
    const lease = { token, expiresAtMilliseconds: claimed.leaseExpiresAtMilliseconds };
    const takeover = record?.state === "in_flight";
    return { result: { kind: "claimed", lease, takeover }, record: claimed };
  }
  if (record.fingerprint !== request.fingerprint) {
    return { result: { kind: "conflict", reason: "different_request" }, record };
  }
  if (record.state === "completed") {
    return { result: { kind: "replay", response: record.response }, record };
  }
  return { result: { kind: "conflict", reason: "in_progress" }, record };
}

/**
 * True while a record still binds its key: a lease that has not expired, or a completed
 * response within its retention.
 */
export function isLive(record: IdempotencyRecord, nowMilliseconds: number): boolean {
  return record.state === "in_flight"
    ? nowMilliseconds < record.leaseExpiresAtMilliseconds
    : nowMilliseconds < record.retainedUntilMilliseconds;
}

/** What completing a claim stores. */
export interface CompletionRequest {
  /** The token of the caller's lease. */
  readonly token: string;
  /** The response to replay. */
  readonly response: StoredResponse;
  /** The current time, in milliseconds since the Unix epoch. */
  readonly nowMilliseconds: number;
  /** How long the response is kept, counted from now. */
  readonly retentionMilliseconds: number;
}

/**
 * Why a completion or a release changed nothing: the caller no longer holds the claim,
 * because another request took it over (or it was never held).
 */
export type LeaseLost = "lease_lost";

/** A completion's result together with the record the store must keep afterwards. */
export interface CompletionTransition {
  /** The response is stored, or `lease_lost`. */
  readonly result: Result<void, LeaseLost>;
  /** The record to keep, or undefined when there is none. */
  readonly record: IdempotencyRecord | undefined;
}

/**
 * Stores the response of a claim, if the caller still holds it. A claim whose lease
 * expired but that nobody took over still belongs to its holder.
 *
 * @example
 * ```ts
 * const claim = claimKey(undefined, { fingerprint: "f1", nowMilliseconds: 0, leaseMilliseconds: 60_000 }, "t1");
 * const response = { status: 200, bodyJson: "{}" };
 * completeKey(claim.record, { token: "t1", response, nowMilliseconds: 10, retentionMilliseconds: 1000 }).result;
 * // { ok: true, value: undefined }: the response is stored
 * ```
 */
export function completeKey(
  record: IdempotencyRecord | undefined,
  request: CompletionRequest,
): CompletionTransition {
  if (!Number.isFinite(request.retentionMilliseconds) || request.retentionMilliseconds < 0) {
    throw new RangeError("A retention lasts a non-negative number of milliseconds.");
  }
  if (!holds(record, request.token)) return { result: err("lease_lost"), record };
  const completed: CompletedRecord = {
    state: "completed",
    fingerprint: record.fingerprint,
    response: request.response,
    completedAtMilliseconds: request.nowMilliseconds,
    retainedUntilMilliseconds: request.nowMilliseconds + request.retentionMilliseconds,
  };
  return { result: ok(undefined), record: completed };
}

/** A release's result together with the record the store must keep afterwards. */
export interface ReleaseTransition {
  /** The key is free again, or `lease_lost`. */
  readonly result: Result<void, LeaseLost>;
  /** The record to keep, or undefined when the key is free again. */
  readonly record: IdempotencyRecord | undefined;
}

/**
 * Gives a claim up without a response, so the key is free at once: the action failed
 * before anything was charged, or its answer is not one to replay.
 *
 * @example
 * ```ts
 * const claim = claimKey(undefined, { fingerprint: "f1", nowMilliseconds: 0, leaseMilliseconds: 60_000 }, "t1");
 * releaseKey(claim.record, "t1"); // { result: { ok: true, value: undefined }, record: undefined }
 * ```
 */
export function releaseKey(
  record: IdempotencyRecord | undefined,
  token: string,
): ReleaseTransition {
  if (!holds(record, token)) return { result: err("lease_lost"), record };
  return { result: ok(undefined), record: undefined };
}

function holds(record: IdempotencyRecord | undefined, token: string): record is InFlightRecord {
  return record?.state === "in_flight" && record.token === token;
}

/**
 * True when a record may be deleted: a completed response past its retention. In-flight
 * records are never reaped; a crashed claim is taken over by the next request with its
 * key instead.
 */
export function isReapable(record: IdempotencyRecord, nowMilliseconds: number): boolean {
  return record.state === "completed" && nowMilliseconds >= record.retainedUntilMilliseconds;
}
