/**
 * The credit state machine as pure functions: each takes the current account (and hold)
 * and returns the next one together with the ledger changes that explain it. Stores call
 * them inside one atomic step, so the rules live here once.
 *
 * @module
 */

import { err, ok, type Result } from "../result.js";
import {
  assertCreditAmount,
  type CreditAccount,
  type CreditHold,
  type HoldRequest,
  type HoldResolution,
} from "./account.js";
import { applyLedgerChange, type GrantChange, type HoldChange } from "./ledger.js";

/** The `insufficient_credits` data of spec 7.1: why a reservation that does not fit is refused. */
export interface InsufficientCredits {
  /** Credits the whole reservation needs. */
  readonly credits_required: number;
  /** Credits the organization can spend now. */
  readonly credits_available: number;
}

/** A reservation that fit: the account after it, the new holds and their entries. */
export interface ReservedTransition {
  /** The account with the new holds pending. */
  readonly account: CreditAccount;
  /** One open hold per request, in request order. */
  readonly holds: readonly CreditHold[];
  /** One `hold` entry per request, in request order. */
  readonly changes: readonly HoldChange[];
}

/** The result of {@link reserveCredits}: the reservation, or why it does not fit. */
export type ReserveTransition = Result<ReservedTransition, InsufficientCredits>;

/** A hold that has just resolved. */
export interface ResolvedTransition<Resolution extends HoldResolution> {
  /** The resolution that was applied. */
  readonly resolution: Resolution;
  /** The account after the resolution. */
  readonly account: CreditAccount;
  /** The hold in its final state. */
  readonly hold: CreditHold;
  /** The `capture` or `release` entry. */
  readonly change: HoldChange;
}

/** A second resolution of a hold: nothing changes, and the first resolution is reported. */
export interface HoldAlreadyResolved {
  /** Marks a no-op resolution. */
  readonly kind: "already_resolved";
  /** How the hold resolved the first time, which stands. */
  readonly resolution: HoldResolution;
  /** The hold, unchanged. */
  readonly hold: CreditHold;
}

/** A capture or release of a hold the organization does not have. */
export interface UnknownHold {
  /** Marks a missing hold. */
  readonly kind: "unknown_hold";
}

/** Why a capture or release changed nothing: the hold resolved before, or there is none. */
export type HoldNotResolved = HoldAlreadyResolved | UnknownHold;

/**
 * The result of {@link captureHold} and {@link releaseHold}: the hold resolved by this
 * call, or why nothing changed.
 */
export type ResolveTransition<Resolution extends HoldResolution> = Result<
  ResolvedTransition<Resolution>,
  HoldNotResolved
>;

/** A grant applied to an account. */
export interface GrantTransition {
  /** The account after the grant. */
  readonly account: CreditAccount;
  /** The `grant` entry. */
  readonly change: GrantChange;
}

/**
 * Reserves every request or none: the reservation fits only when the sum of the amounts
 * does not exceed `posted - pending`. All-or-nothing keeps a batch from being half paid
 * for by a balance that runs out midway.
 *
 * Throws on an empty batch, a repeated hold id or an invalid amount (caller bugs).
 *
 * @example
 * ```ts
 * const result = reserveCredits({ posted: 100, pending: 0 }, [
 *   { holdId: "g1", amount: 40 },
 *   { holdId: "g2", amount: 40 },
 * ]);
 * result.ok; // true, and result.value.account is { posted: 100, pending: 80 }
 * ```
 */
export function reserveCredits(
  account: CreditAccount,
  requests: readonly HoldRequest[],
): ReserveTransition {
  assertDistinctRequests(requests);
  const required = requests.reduce((sum, request) => sum + request.amount, 0);
  const available = account.posted - account.pending;
  if (required > available) {
    return err({ credits_required: required, credits_available: available });
  }
  const changes = requests.map(
    (request): HoldChange => ({ kind: "hold", amount: request.amount, holdId: request.holdId }),
  );
  return ok({
    account: changes.reduce(applyLedgerChange, account),
    holds: requests.map((request) => ({ ...request, state: "pending" })),
    changes,
  });
}

function assertDistinctRequests(requests: readonly HoldRequest[]): void {
  if (requests.length === 0) throw new RangeError("A reservation needs at least one hold.");
  const seen = new Set<string>();
  for (const request of requests) {
    assertCreditAmount(request.amount, `The amount of hold ${request.holdId}`);
    if (seen.has(request.holdId)) {
      throw new RangeError(`Hold id ${request.holdId} appears twice in one reservation.`);
    }
    seen.add(request.holdId);
  }
}

/**
 * Captures an open hold: the held credits are spent for good. A hold that already
 * resolved is left alone and its first resolution reported; `undefined` means the
 * organization has no such hold.
 *
 * @example
 * ```ts
 * const hold = { holdId: "g1", amount: 40, state: "pending" } as const;
 * captureHold({ posted: 100, pending: 40 }, hold).ok; // true: captured now
 * captureHold({ posted: 60, pending: 0 }, { ...hold, state: "captured" }); // { ok: false, error: { kind: "already_resolved", ... } }
 * ```
 */
export function captureHold(
  account: CreditAccount,
  hold: CreditHold | undefined,
): ResolveTransition<"captured"> {
  return resolveHold(account, hold, "captured");
}

/**
 * Releases an open hold: the held credits become available again. Like
 * {@link captureHold}, a second resolution is a reported no-op, so a failure that is
 * reported twice refunds once.
 *
 * @example
 * ```ts
 * const hold = { holdId: "g1", amount: 40, state: "pending" } as const;
 * releaseHold({ posted: 100, pending: 40 }, hold).ok; // true: released now
 * ```
 */
export function releaseHold(
  account: CreditAccount,
  hold: CreditHold | undefined,
): ResolveTransition<"released"> {
  return resolveHold(account, hold, "released");
}

// The ledger change that resolves a hold each way.
const CHANGE_KIND_OF: Readonly<Record<HoldResolution, HoldChange["kind"]>> = {
  captured: "capture",
  released: "release",
};

function resolveHold<Resolution extends HoldResolution>(
  account: CreditAccount,
  hold: CreditHold | undefined,
  resolution: Resolution,
): ResolveTransition<Resolution> {
  if (hold === undefined) return err({ kind: "unknown_hold" });
  if (hold.state !== "pending") {
    return err({ kind: "already_resolved", resolution: hold.state, hold });
  }
  const change: HoldChange = {
    kind: CHANGE_KIND_OF[resolution],
    amount: hold.amount,
    holdId: hold.holdId,
  };
  return ok({
    resolution,
    account: applyLedgerChange(account, change),
    hold: { ...hold, state: resolution },
    change,
  });
}

/**
 * Adds credits to an account. Throws on an invalid amount.
 *
 * @example
 * ```ts
 * grantCredits({ posted: 0, pending: 0 }, 500, "invoice-2041").account; // { posted: 500, pending: 0 }
 * ```
 */
export function grantCredits(
  account: CreditAccount,
  amount: number,
  reference: string,
): GrantTransition {
  const change: GrantChange = { kind: "grant", amount, reference };
  return { account: applyLedgerChange(account, change), change };
}
