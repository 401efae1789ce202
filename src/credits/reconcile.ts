/**
 * Proof that an account is what its ledger says: fold the entries from zero and compare
 * the result, and every hold's state, with what the store holds.
 *
 * @module
 */
import {
  balanceOf,
  type CreditAccount,
  type CreditBalance,
  type CreditHold,
  EMPTY_CREDIT_ACCOUNT,
  type HoldState,
} from "./account.js";
import { type LedgerEntry, nextTotals } from "./ledger.js";

/** Kinds of disagreement a reconciliation can find. */
export type LedgerProblemCode =
  /** An entry's `sequence` is not its position (1-based): an entry is missing or reordered. */
  | "sequence_gap"
  /** An entry's amount is not a non-negative whole number. */
  | "invalid_amount"
  /** A second `hold` entry for a hold id already opened. */
  | "hold_reopened"
  /** A `capture` or `release` for a hold id that was never opened. */
  | "unknown_hold"
  /** A second `capture` or `release` for the same hold. */
  | "resolved_twice"
  /** A `capture` or `release` whose amount differs from its hold's. */
  | "amount_mismatch"
  /** After this entry the account held more than it had, or its settled credits went negative. */
  | "overdrawn"
  /** A stored hold whose state differs from the one its entries give (or that has no entries). */
  | "hold_state_mismatch"
  /** The stored totals differ from the folded totals. */
  | "balance_mismatch";

/** One disagreement found by {@link reconcileLedger}. */
export interface LedgerProblem {
  /** What is wrong. */
  readonly code: LedgerProblemCode;
  /** The entry where it shows, or null when it concerns the account or a stored hold. */
  readonly sequence: number | null;
  /** The hold concerned, or null. */
  readonly holdId: string | null;
}

/** The result of a reconciliation. */
export interface CreditReconciliation {
  /** True when the stored account and holds are exactly what the entries give. */
  readonly balanced: boolean;
  /** The balance as stored. */
  readonly recorded: CreditBalance;
  /** The balance folded from the entries. */
  readonly derived: CreditBalance;
  /** How many entries were folded. */
  readonly entryCount: number;
  /** Every disagreement found, in ledger order; empty when balanced. */
  readonly problems: readonly LedgerProblem[];
}

/** What a store holds for one organization, as read for a reconciliation. */
export interface CreditBook {
  /** The stored totals. */
  readonly account: CreditAccount;
  /** Every stored hold, open or resolved. */
  readonly holds: readonly CreditHold[];
  /** The ledger, in sequence order. */
  readonly entries: readonly LedgerEntry[];
}

interface Fold {
  account: CreditAccount;
  readonly holds: Map<string, { amount: number; state: HoldState }>;
  readonly problems: LedgerProblem[];
}

/**
 * Folds the ledger from zero and lists every place where it disagrees with itself or
 * with the stored account and holds.
 *
 * @example
 * ```ts
 * const result = reconcileLedger({
 *   account: { posted: 100, pending: 0 },
 *   holds: [],
 *   entries: [{ kind: "grant", amount: 100, reference: "invoice-1", sequence: 1, recordedAtMilliseconds: 0 }],
 * });
 * result.balanced; // true
 * ```
 */
export function reconcileLedger(book: CreditBook): CreditReconciliation {
  const fold: Fold = { account: EMPTY_CREDIT_ACCOUNT, holds: new Map(), problems: [] };
  book.entries.forEach((entry, index) => {
    foldEntry(fold, entry, index + 1);
  });
  compareHolds(fold, book.holds);
  const recorded = balanceOf(book.account);
  const derived = balanceOf(fold.account);
  if (recorded.posted !== derived.posted || recorded.pending !== derived.pending) {
    fold.problems.push({ code: "balance_mismatch", sequence: null, holdId: null });
  }
  return {
    balanced: fold.problems.length === 0,
    recorded,
    derived,
    entryCount: book.entries.length,
    problems: fold.problems,
  };
}

function foldEntry(fold: Fold, entry: LedgerEntry, position: number): void {
  const report = (code: LedgerProblemCode): void => {
    const holdId = entry.kind === "grant" ? null : entry.holdId;
    fold.problems.push({ code, sequence: entry.sequence, holdId });
  };
  if (entry.sequence !== position) report("sequence_gap");
  const problem = entryProblem(fold, entry);
  if (problem !== undefined) {
    // A rejected entry is left out of the fold, so later entries are judged on their own.
    report(problem);
    return;
  }
  fold.account = nextTotals(fold.account, entry);
  if (fold.account.posted < 0 || fold.account.posted < fold.account.pending) report("overdrawn");
}

function entryProblem(fold: Fold, entry: LedgerEntry): LedgerProblemCode | undefined {
  if (!Number.isSafeInteger(entry.amount) || entry.amount < 0) return "invalid_amount";
  return entry.kind === "grant" ? undefined : checkHoldEntry(fold, entry);
}

function checkHoldEntry(
  fold: Fold,
  entry: LedgerEntry & { kind: "hold" | "capture" | "release" },
): LedgerProblemCode | undefined {
  const hold = fold.holds.get(entry.holdId);
  if (entry.kind === "hold") {
    if (hold !== undefined) return "hold_reopened";
    fold.holds.set(entry.holdId, { amount: entry.amount, state: "pending" });
    return undefined;
  }
  if (hold === undefined) return "unknown_hold";
  if (hold.state !== "pending") return "resolved_twice";
  if (hold.amount !== entry.amount) return "amount_mismatch";
  hold.state = entry.kind === "capture" ? "captured" : "released";
  return undefined;
}

function compareHolds(fold: Fold, stored: readonly CreditHold[]): void {
  const storedIds = new Set<string>();
  for (const hold of stored) {
    storedIds.add(hold.holdId);
    const derived = fold.holds.get(hold.holdId);
    if (derived === undefined || derived.state !== hold.state || derived.amount !== hold.amount) {
      fold.problems.push({ code: "hold_state_mismatch", sequence: null, holdId: hold.holdId });
    }
  }
  for (const holdId of fold.holds.keys()) {
    if (!storedIds.has(holdId)) {
      fold.problems.push({ code: "hold_state_mismatch", sequence: null, holdId });
    }
  }
}
