/**
 * Writing a credit transition's outcome: totals, ledger entries and holds in one
 * statement, while the account row is locked.
 *
 * @module
 */
import type { CreditAccount, CreditHold, HoldState } from "../credits/account.js";
import type { LedgerChange } from "../credits/ledger.js";
import type { OrganizationId } from "../organization-id.js";
import type { LockedAccount, Queryable } from "./credit-rows.js";
import { accountColumn } from "./rows.js";

/** How a transition changes the holds table, written with the account and its entries. */
export type HoldWrite =
  | { readonly kind: "none" }
  | { readonly kind: "open"; readonly holds: readonly CreditHold[] }
  | { readonly kind: "resolve"; readonly holdId: string; readonly state: HoldState };

// The hold part of the one statement, and what it must report: every new hold inserted
// (a taken id inserts nothing), or the one open hold resolved (conditional on `pending`).
function holdStatement(
  write: HoldWrite,
  holdsTable: string,
): { sql: string; params: unknown[]; expected: number } {
  switch (write.kind) {
    case "none":
      return { sql: "SELECT 1", params: [], expected: 1 };
    case "open":
      return {
        sql: `INSERT INTO ${holdsTable} (account_id, hold_id, amount, state)
              SELECT $1, hold.*, 'pending' FROM unnest($11::text[], $12::bigint[]) AS hold
              ON CONFLICT DO NOTHING RETURNING hold_id`,
        params: [write.holds.map((hold) => hold.holdId), write.holds.map((hold) => hold.amount)],
        expected: write.holds.length,
      };
    case "resolve":
      return {
        sql: `UPDATE ${holdsTable} SET state = $11, resolved_at = now()
              WHERE account_id = $1 AND hold_id = $12 AND state = 'pending' RETURNING hold_id`,
        params: [write.state, write.holdId],
        expected: 1,
      };
  }
}

/** A transition's outcome to write for one locked account. */
export interface AccountChanges {
  /** The account the transition applies to. */
  readonly organizationId: OrganizationId;
  /** The account as locked, before the transition. */
  readonly locked: LockedAccount;
  /** The account after the transition. */
  readonly next: CreditAccount;
  /** The ledger entries that explain the move, in order. */
  readonly changes: readonly LedgerChange[];
  /** When the entries are recorded. */
  readonly recordedAtMilliseconds: number;
  /** How the holds table changes; nothing when omitted. */
  readonly write?: HoldWrite;
}

/**
 * Writes a transition's outcome under the account lock, in one statement: the new
 * totals, one ledger entry per change (numbered after the last one), and the holds, in
 * the schema whose account row `locked` holds.
 * Throws a `RangeError` when a new hold's id is taken, and an `Error` when the hold to
 * resolve is no longer open; either rolls the transaction back.
 */
export async function writeChanges(client: Queryable, outcome: AccountChanges): Promise<void> {
  const { organizationId, locked, next, changes, recordedAtMilliseconds } = outcome;
  const write: HoldWrite = outcome.write ?? { kind: "none" };
  const { schema } = locked;
  const holds = holdStatement(write, schema.table("credit_holds"));
  const result = await client.query(
    `WITH account AS (
       UPDATE ${schema.table("credit_accounts")} SET posted = $2, pending = $3, entry_count = $4 WHERE account_id = $1
     ), entries AS (
       INSERT INTO ${schema.table("credit_ledger")} (account_id, sequence, kind, amount, hold_id, reference, recorded_at_ms)
       SELECT $1, entry.*, $10 FROM unnest($5::bigint[], $6::text[], $7::bigint[], $8::text[], $9::text[]) AS entry
     ) ${holds.sql}`,
    [
      accountColumn(organizationId),
      next.posted,
      next.pending,
      locked.entryCount + changes.length,
      changes.map((_, index) => locked.entryCount + index + 1),
      changes.map((change) => change.kind),
      changes.map((change) => change.amount),
      changes.map((change) => (change.kind === "grant" ? null : change.holdId)),
      changes.map((change) => (change.kind === "grant" ? change.reference : null)),
      recordedAtMilliseconds,
      ...holds.params,
    ],
  );
  if (result.rowCount === holds.expected) return;
  if (write.kind === "open")
    throw new RangeError(`A hold id is already taken in ${organizationId}.`);
  throw new Error(
    `Hold ${write.kind === "resolve" ? write.holdId : ""} changed under its account lock.`,
  );
}
