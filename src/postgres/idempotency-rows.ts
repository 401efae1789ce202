/**
 * The SQL of the idempotency store: one row per (organization, key), read under a row
 * lock and rewritten to whatever record the shared transition decided on.
 *
 * @module
 */
import type { IdempotencyRecord, IdempotencyScope } from "../idempotency/record.js";
import type { Queryable } from "./credit-rows.js";
import { accountColumn, toSafeInteger } from "./rows.js";
import type { PostgresSchema } from "./schema.js";

const COLUMNS =
  "state, fingerprint, lease_token, lease_expires_at_ms, response_status, response_body, completed_at_ms, retained_until_ms";

function recordOf(row: Record<string, unknown>): IdempotencyRecord {
  const fingerprint = String(row.fingerprint);
  if (row.state === "in_flight") {
    return {
      state: "in_flight",
      fingerprint,
      token: String(row.lease_token),
      leaseExpiresAtMilliseconds: toSafeInteger(row.lease_expires_at_ms, "lease_expires_at_ms"),
    };
  }
  return {
    state: "completed",
    fingerprint,
    response: {
      status: toSafeInteger(row.response_status, "response_status"),
      bodyJson: String(row.response_body),
    },
    completedAtMilliseconds: toSafeInteger(row.completed_at_ms, "completed_at_ms"),
    retainedUntilMilliseconds: toSafeInteger(row.retained_until_ms, "retained_until_ms"),
  };
}

/** The key to read, and whether to hold its row lock. */
export interface KeyRead {
  /** The organization and key. */
  readonly scope: IdempotencyScope;
  /** True to take the row lock for the rest of the transaction. */
  readonly lock: boolean;
}

/** Reads a key's record; `lock` takes the row lock for the rest of the transaction. */
export async function readKey(
  client: Queryable,
  schema: PostgresSchema,
  { scope, lock }: KeyRead,
): Promise<IdempotencyRecord | undefined> {
  const { rows } = await client.query(
    `SELECT ${COLUMNS} FROM ${schema.table("idempotency_keys")} WHERE account_id = $1 AND key = $2${lock ? " FOR UPDATE" : ""}`,
    [accountColumn(scope.organizationId), scope.key],
  );
  return rows[0] === undefined ? undefined : recordOf(rows[0]);
}

function valuesOf(record: IdempotencyRecord): unknown[] {
  if (record.state === "in_flight") {
    return [
      record.state,
      record.fingerprint,
      record.token,
      record.leaseExpiresAtMilliseconds,
      null,
      null,
      null,
      null,
    ];
  }
  const { response } = record;
  return [
    record.state,
    record.fingerprint,
    null,
    null,
    response.status,
    response.bodyJson,
    record.completedAtMilliseconds,
    record.retainedUntilMilliseconds,
  ];
}

/** A key and the record to write for it; no record deletes the key's row. */
export interface KeyWrite<Written extends IdempotencyRecord | undefined = IdempotencyRecord> {
  /** The organization and key. */
  readonly scope: IdempotencyScope;
  /** The record to store. */
  readonly record: Written;
}

/**
 * Inserts the record of a key that had none. Returns false when a concurrent claim
 * inserted one first; the caller then reads that one under a lock and decides again.
 */
export async function insertKey(
  client: Queryable,
  schema: PostgresSchema,
  { scope, record }: KeyWrite,
): Promise<boolean> {
  const result = await client.query(
    `INSERT INTO ${schema.table("idempotency_keys")} (account_id, key, ${COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
    [accountColumn(scope.organizationId), scope.key, ...valuesOf(record)],
  );
  return result.rowCount === 1;
}

/** Replaces the locked record of a key, or deletes it when `record` is undefined. */
export async function replaceKey(
  client: Queryable,
  schema: PostgresSchema,
  { scope, record }: KeyWrite<IdempotencyRecord | undefined>,
): Promise<void> {
  const table = schema.table("idempotency_keys");
  if (record === undefined) {
    await client.query(`DELETE FROM ${table} WHERE account_id = $1 AND key = $2`, [
      accountColumn(scope.organizationId),
      scope.key,
    ]);
    return;
  }
  await client.query(
    `UPDATE ${table} SET (${COLUMNS}) = ($3, $4, $5, $6, $7, $8, $9, $10)
     WHERE account_id = $1 AND key = $2`,
    [accountColumn(scope.organizationId), scope.key, ...valuesOf(record)],
  );
}
