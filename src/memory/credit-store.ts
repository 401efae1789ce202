/**
 * The in-memory {@link CreditStore}: the default store of the reference host and of
 * tests.
 *
 * Every method reads and writes an organization's book in one synchronous stretch, with
 * no `await` in between, so interleaved async requests in one process see each method as
 * atomic, just as the PostgreSQL adapter's transactions are.
 *
 * @module
 */

import { type Clock, systemClock } from "../clock.js";
import {
  assertCreditAmount,
  balanceOf,
  type CreditAccount,
  type CreditHold,
  EMPTY_CREDIT_ACCOUNT,
} from "../credits/account.js";
import { type LedgerChange, type LedgerEntry, stampLedgerChange } from "../credits/ledger.js";
import { reconcileLedger } from "../credits/reconcile.js";
import type { CreditStore } from "../credits/store.js";
import { captureHold, grantCredits, releaseHold, reserveCredits } from "../credits/transitions.js";
import type { OrganizationId } from "../organization-id.js";
import { err, ok } from "../result.js";

/** Options of {@link createMemoryCreditStore}. */
export interface MemoryCreditStoreOptions {
  /** Stamps ledger entries; the system clock by default. */
  readonly clock?: Clock;
}

interface Book {
  account: CreditAccount;
  readonly holds: Map<string, CreditHold>;
  readonly entries: LedgerEntry[];
}

/**
 * Creates an empty in-memory credit store.
 *
 * @example
 * ```ts
 * const credits = createMemoryCreditStore();
 * await credits.grant(toOrganizationId(1), 100, "welcome credits");
 * const result = await credits.reserve(toOrganizationId(1), [{ holdId: "gen_1", amount: 40 }]);
 * if (result.ok) result.value.balance.available; // 60
 * ```
 */
export function createMemoryCreditStore(options: MemoryCreditStoreOptions = {}): CreditStore {
  const clock = options.clock ?? systemClock;
  const books = new Map<OrganizationId, Book>();

  const read = (organizationId: OrganizationId): Book | undefined => books.get(organizationId);
  const open = (organizationId: OrganizationId): Book => {
    const existing = books.get(organizationId);
    if (existing !== undefined) return existing;
    const book: Book = { account: EMPTY_CREDIT_ACCOUNT, holds: new Map(), entries: [] };
    books.set(organizationId, book);
    return book;
  };
  const commit = (book: Book, account: CreditAccount, changes: readonly LedgerChange[]): void => {
    const recordedAtMilliseconds = clock.now();
    for (const change of changes) {
      const sequence = book.entries.length + 1;
      book.entries.push(stampLedgerChange(change, { sequence, recordedAtMilliseconds }));
    }
    book.account = account;
  };

  return {
    async reserve(organizationId, requests) {
      const book = open(organizationId);
      for (const request of requests) {
        if (book.holds.has(request.holdId)) {
          throw new RangeError(`Hold ${request.holdId} already exists in ${organizationId}.`);
        }
      }
      const transition = reserveCredits(book.account, requests);
      if (!transition.ok) return transition;
      const { account, changes, holds } = transition.value;
      commit(book, account, changes);
      for (const hold of holds) book.holds.set(hold.holdId, hold);
      return ok({ holds, balance: balanceOf(book.account) });
    },
    async capture(organizationId, holdId) {
      const book = read(organizationId);
      if (book === undefined) return err({ kind: "unknown_hold" });
      const transition = captureHold(book.account, book.holds.get(holdId));
      if (!transition.ok) return transition;
      const { resolution, account, change, hold } = transition.value;
      commit(book, account, [change]);
      book.holds.set(holdId, hold);
      return ok({ resolution, hold, balance: balanceOf(book.account) });
    },
    async release(organizationId, holdId) {
      const book = read(organizationId);
      if (book === undefined) return err({ kind: "unknown_hold" });
      const transition = releaseHold(book.account, book.holds.get(holdId));
      if (!transition.ok) return transition;
      const { resolution, account, change, hold } = transition.value;
      commit(book, account, [change]);
      book.holds.set(holdId, hold);
      return ok({ resolution, hold, balance: balanceOf(book.account) });
    },
    async grant(organizationId, amount, reference) {
      assertCreditAmount(amount, "A grant");
      const book = open(organizationId);
      const transition = grantCredits(book.account, amount, reference);
      commit(book, transition.account, [transition.change]);
      return balanceOf(book.account);
    },
    async balance(organizationId) {
      return balanceOf(read(organizationId)?.account ?? EMPTY_CREDIT_ACCOUNT);
    },
    async hold(organizationId, holdId) {
      return read(organizationId)?.holds.get(holdId);
    },
    async ledger(organizationId) {
      return [...(read(organizationId)?.entries ?? [])];
    },
    async reconcile(organizationId) {
      const book = read(organizationId);
      return reconcileLedger({
        account: book?.account ?? EMPTY_CREDIT_ACCOUNT,
        holds: [...(book?.holds.values() ?? [])],
        entries: book?.entries ?? [],
      });
    },
  };
}
