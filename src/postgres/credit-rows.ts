/**
 * The SQL of the credit store: locking an account row, reading holds and entries, and
 * writing the outcome of a transition. Every write happens while the account row is
 * locked, which serializes all changes of one organization's credits.
 *
 * @module
 */
import type { CreditAccount, CreditHold, HoldState } from "../credits/account.js";
import type { LedgerEntry } from "../credits/ledger.js";
import type { OrganizationId } from "../organization-id.js";
import { accountColumn, toSafeInteger } from "./rows.js";
import type { PostgresSchema } from "./schema.js";
import type { Queryable } from "./transaction.js";

export type { Queryable };

/** An account row, locked for the rest of the transaction. */
export interface LockedAccount {
  /** The totals. */
  readonly account: CreditAccount;
  /** The sequence of the last ledger entry. */
  readonly entryCount: number;
  /** The schema whose row is locked: the writes made under the lock go to its tables. */
  readonly schema: PostgresSchema;
}

const ACCOUNT_COLUMNS = "posted, pending, entry_count";

function totalsOf(row: Record<string, unknown>): Omit<LockedAccount, "schema"> {
  return {
    account: {
      posted: toSafeInteger(row.posted, "posted"),
      pending: toSafeInteger(row.pending, "pending"),
    },
    entryCount: toSafeInteger(row.entry_count, "entry_count"),
  };
}

/** The account to lock, and whether to create it when it is missing. */
export interface AccountLock {
  /** The organization whose account row is locked. */
  readonly organizationId: OrganizationId;
  /** True to create an empty account first when there is none. */
  readonly create: boolean;
}

/** Locks an account row; creates an empty one first when `create` is set. */
export async function lockAccount(
  client: Queryable,
  schema: PostgresSchema,
  { organizationId, create }: AccountLock,
): Promise<LockedAccount | undefined> {
  const lockedOf = (row: Record<string, unknown>) => ({ ...totalsOf(row), schema });
  const select = `SELECT ${ACCOUNT_COLUMNS} FROM ${schema.table("credit_accounts")} WHERE account_id = $1 FOR UPDATE`;
  const found = await client.query(select, [accountColumn(organizationId)]);
  if (found.rows[0] !== undefined) return lockedOf(found.rows[0]);
  if (!create) return undefined;
  // A concurrent creator makes this insert wait, then do nothing; the second select
  // then locks the row that transaction committed.
  await client.query(
    `INSERT INTO ${schema.table("credit_accounts")} (account_id) VALUES ($1) ON CONFLICT DO NOTHING`,
    [accountColumn(organizationId)],
  );
  const created = await client.query(select, [accountColumn(organizationId)]);
  return created.rows[0] === undefined ? undefined : lockedOf(created.rows[0]);
}

/** Reads an account's totals without locking. */
export async function readAccount(
  client: Queryable,
  schema: PostgresSchema,
  organizationId: OrganizationId,
): Promise<CreditAccount | undefined> {
  const { rows } = await client.query(
    `SELECT ${ACCOUNT_COLUMNS} FROM ${schema.table("credit_accounts")} WHERE account_id = $1`,
    [accountColumn(organizationId)],
  );
  return rows[0] === undefined ? undefined : totalsOf(rows[0]).account;
}

/** A hold row as a {@link CreditHold}. */
export function holdOf(row: Record<string, unknown>): CreditHold {
  return {
    holdId: String(row.hold_id),
    amount: toSafeInteger(row.amount, "amount"),
    state: row.state as HoldState,
  };
}

/** The holds to read: an account's, all of them or only one. */
export interface HoldsRead {
  /** The organization whose holds are read. */
  readonly organizationId: OrganizationId;
  /** The one hold to read; every hold of the account when omitted. */
  readonly holdId?: string;
}

/** Reads the holds of an account; all of them, or only `holdId`. */
export async function readHolds(
  client: Queryable,
  schema: PostgresSchema,
  { organizationId, holdId }: HoldsRead,
): Promise<CreditHold[]> {
  const holds = schema.table("credit_holds");
  const { rows } =
    holdId === undefined
      ? await client.query(
          `SELECT hold_id, amount, state FROM ${holds} WHERE account_id = $1 ORDER BY created_at, hold_id`,
          [accountColumn(organizationId)],
        )
      : await client.query(
          `SELECT hold_id, amount, state FROM ${holds} WHERE account_id = $1 AND hold_id = $2`,
          [accountColumn(organizationId), holdId],
        );
  return rows.map(holdOf);
}

function entryOf(row: Record<string, unknown>): LedgerEntry {
  const stamp = {
    amount: toSafeInteger(row.amount, "amount"),
    sequence: toSafeInteger(row.sequence, "sequence"),
    recordedAtMilliseconds: toSafeInteger(row.recorded_at_ms, "recorded_at_ms"),
  };
  if (row.kind === "grant") return { kind: "grant", reference: String(row.reference), ...stamp };
  const kind = row.kind as "hold" | "capture" | "release";
  return { kind, holdId: String(row.hold_id), ...stamp };
}

/** Every ledger entry of an account, in sequence order. */
export async function readLedger(
  client: Queryable,
  schema: PostgresSchema,
  organizationId: OrganizationId,
): Promise<LedgerEntry[]> {
  const { rows } = await client.query(
    `SELECT sequence, kind, amount, hold_id, reference, recorded_at_ms FROM ${schema.table("credit_ledger")} WHERE account_id = $1 ORDER BY sequence`,
    [accountColumn(organizationId)],
  );
  return rows.map(entryOf);
}
