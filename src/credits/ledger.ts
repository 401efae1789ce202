/**
 * The append-only ledger: every change to an account is one entry, and the account is
 * always the fold of its entries (see {@link applyLedgerChange} and `reconcileLedger`).
 *
 * @module
 */
import { assertCreditAmount, type CreditAccount } from "./account.js";

/** Entry kinds that concern one hold. */
export type HoldEntryKind = "hold" | "capture" | "release";

/** Credits added to an account, such as a purchase or a subscription renewal. */
export interface GrantChange {
  /** Marks a grant. */
  readonly kind: "grant";
  /** Whole credits added. */
  readonly amount: number;
  /** Why the credits were granted (an invoice id, a plan renewal); kept for audits. */
  readonly reference: string;
}

/** A hold opened, captured or released. */
export interface HoldChange {
  /** `hold` opens, `capture` settles, `release` returns the credits. */
  readonly kind: HoldEntryKind;
  /** Whole credits of the hold. */
  readonly amount: number;
  /** The hold this entry belongs to. */
  readonly holdId: string;
}

/** A change to an account before the store gives it a place in the ledger. */
export type LedgerChange = GrantChange | HoldChange;

/** Where and when a change was written. */
export interface LedgerStamp {
  /** Position in the organization's ledger, starting at 1 with no gaps. */
  readonly sequence: number;
  /** When the store wrote the entry, in milliseconds since the Unix epoch. */
  readonly recordedAtMilliseconds: number;
}

/** One written ledger entry. */
export type LedgerEntry = LedgerChange & LedgerStamp;

/**
 * Applies one change to an account. This is the only place where credit arithmetic
 * happens, so the transitions and the reconciliation cannot disagree.
 *
 * Throws when the change would leave pending credits negative or above the posted ones
 * (a negative available balance): such a change can only come from a broken transition
 * or a corrupted ledger.
 *
 * @example
 * ```ts
 * applyLedgerChange({ posted: 100, pending: 0 }, { kind: "hold", amount: 30, holdId: "g1" });
 * // { posted: 100, pending: 30 }
 * ```
 */
export function applyLedgerChange(account: CreditAccount, change: LedgerChange): CreditAccount {
  assertCreditAmount(change.amount, `The amount of a ${change.kind} entry`);
  const next = nextTotals(account, change);
  const broken =
    next.pending < 0 ||
    next.pending > next.posted ||
    !Number.isSafeInteger(next.posted + next.pending);
  if (broken) {
    throw new RangeError(
      `Applying a ${change.kind} of ${change.amount} breaks the account totals.`,
    );
  }
  return next;
}

/**
 * The totals after a change, without any checks; {@link applyLedgerChange} is the checked
 * form. The reconciliation uses this one so that it can report a corrupted ledger
 * instead of throwing on it.
 */
export function nextTotals(account: CreditAccount, change: LedgerChange): CreditAccount {
  switch (change.kind) {
    case "grant":
      return { posted: account.posted + change.amount, pending: account.pending };
    case "hold":
      return { posted: account.posted, pending: account.pending + change.amount };
    case "capture":
      return { posted: account.posted - change.amount, pending: account.pending - change.amount };
    case "release":
      return { posted: account.posted, pending: account.pending - change.amount };
  }
}

/** Gives a change its place in the ledger. */
export function stampLedgerChange(change: LedgerChange, stamp: LedgerStamp): LedgerEntry {
  return { ...change, ...stamp };
}
