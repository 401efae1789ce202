/**
 * The `CreditStore` port: what the service needs from persistent credit storage. Each
 * method is one atomic step (in PostgreSQL, one transaction that locks the account row),
 * so no read-modify-write is ever split across calls and concurrent requests cannot
 * spend the same credits twice.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { Result } from "../result.js";
import type { CreditBalance, CreditHold, HoldRequest, HoldResolution } from "./account.js";
import type { LedgerEntry } from "./ledger.js";
import type { CreditReconciliation } from "./reconcile.js";
import type { HoldNotResolved, InsufficientCredits } from "./transitions.js";

/** A reservation that was accepted. */
export interface Reserved {
  /** The new open holds, in request order. */
  readonly holds: readonly CreditHold[];
  /** The balance right after the reservation; its `available` is `remaining_credits`. */
  readonly balance: CreditBalance;
}

/** The result of {@link CreditStore.reserve}: the reservation, or why it does not fit. */
export type ReserveResult = Result<Reserved, InsufficientCredits>;

/** A hold that this call resolved. */
export interface HoldResolved<Resolution extends HoldResolution> {
  /** The resolution this call applied. */
  readonly resolution: Resolution;
  /** The hold in its final state. */
  readonly hold: CreditHold;
  /** The balance right after the resolution. */
  readonly balance: CreditBalance;
}

/**
 * The result of {@link CreditStore.capture} and {@link CreditStore.release}: the hold this
 * call resolved, or why nothing changed (it resolved before, or there is no such hold).
 */
export type ResolveHoldResult<Resolution extends HoldResolution> = Result<
  HoldResolved<Resolution>,
  HoldNotResolved
>;

/**
 * Persistent credit accounts with two-phase holds. Organizations are isolated: hold ids
 * are unique per organization, and a hold of one organization is unknown to another. An
 * organization that was never granted anything has an empty account.
 *
 * Amounts are whole non-negative numbers; a store rejects anything else, and a repeated
 * hold id, as a programming error (the returned promise rejects).
 */
export interface CreditStore {
  /**
   * Opens one hold per request, all or none: the reservation is refused with the
   * `insufficient_credits` data when the sum of the amounts exceeds the available
   * credits.
   */
  reserve(organizationId: OrganizationId, requests: readonly HoldRequest[]): Promise<ReserveResult>;
  /** Spends an open hold. A hold that already resolved is reported, not changed. */
  capture(organizationId: OrganizationId, holdId: string): Promise<ResolveHoldResult<"captured">>;
  /** Returns an open hold's credits. A hold that already resolved is reported, not changed. */
  release(organizationId: OrganizationId, holdId: string): Promise<ResolveHoldResult<"released">>;
  /** Adds credits, recording why; returns the balance right after. */
  grant(organizationId: OrganizationId, amount: number, reference: string): Promise<CreditBalance>;
  /** The current balance. */
  balance(organizationId: OrganizationId): Promise<CreditBalance>;
  /** One hold, or undefined when the organization has none with that id. */
  hold(organizationId: OrganizationId, holdId: string): Promise<CreditHold | undefined>;
  /** Every ledger entry of the organization, in sequence order. */
  ledger(organizationId: OrganizationId): Promise<readonly LedgerEntry[]>;
  /** Folds the ledger and compares it with the stored account and holds, as one consistent read. */
  reconcile(organizationId: OrganizationId): Promise<CreditReconciliation>;
}
