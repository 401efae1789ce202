/**
 * Transactions: one function runs inside BEGIN and COMMIT on one pooled connection, is
 * rolled back when it throws, and runs again when PostgreSQL reports a serialization
 * failure or a deadlock.
 *
 * @module
 */
import type { Pool, PoolClient } from "pg";
import { isRetryableConflict, PostgresRetryableError } from "./errors.js";

/** Settings of {@link inTransaction}. */
export interface TransactionOptions {
  /** The isolation level; `read committed` by default, as row locks do the work. */
  readonly isolation?: "read committed" | "repeatable read" | "serializable";
  /** Marks the transaction read-only. */
  readonly readOnly?: boolean;
  /** Tries in all before a conflict becomes a {@link PostgresRetryableError}; 4 by default. */
  readonly attempts?: number;
}

const DEFAULT_ATTEMPTS = 4;

/** Short, growing and jittered, so the losers of a conflict do not collide again at once. */
function backoffMilliseconds(attempt: number): number {
  return Math.random() * 5 * 2 ** attempt;
}

const sleep = (milliseconds: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, milliseconds));

/** A connection whose rollback failed is broken and must leave the pool. */
interface Connection {
  readonly client: PoolClient;
  broken: boolean;
}

async function runOnce<T>(
  connection: Connection,
  begin: string,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const { client } = connection;
  await client.query(begin);
  try {
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {
      connection.broken = true;
    });
    throw error;
  }
}

/**
 * Runs `work` in one transaction and returns its result. `work` may run more than once
 * (after a serialization failure or deadlock), so it must not have effects outside the
 * database; errors it throws roll the transaction back and are rethrown.
 *
 * @example
 * ```ts
 * const count = await inTransaction(pool, async (client) => {
 *   const { rows } = await client.query("SELECT count(*)::int AS count FROM videos");
 *   return rows[0].count as number;
 * });
 * ```
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const begin = `BEGIN ISOLATION LEVEL ${(options.isolation ?? "read committed").toUpperCase()}${
    options.readOnly === true ? " READ ONLY" : ""
  }`;
  for (let attempt = 1; ; attempt += 1) {
    const connection: Connection = { client: await pool.connect(), broken: false };
    try {
      return await runOnce(connection, begin, work);
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= attempts) throw new PostgresRetryableError(attempt, { cause: error });
    } finally {
      connection.client.release(connection.broken);
    }
    await sleep(backoffMilliseconds(attempt));
  }
}
