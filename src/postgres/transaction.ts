/**
 * Transactions: one function runs inside BEGIN and COMMIT on one pooled connection, is
 * rolled back when it throws, and runs again when PostgreSQL reports a serialization
 * failure or a deadlock.
 *
 * {@link atomically} opens an ambient transaction: every store call on the same pool
 * inside it, however deep, runs on its connection, so several port calls (a credit hold,
 * the job rows, the outbox entry, the stored idempotent response) commit together or
 * not at all. A store's own transaction inside it becomes a savepoint.
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Pool, PoolClient } from "pg";
import { isRetryableConflict, PostgresRetryableError } from "./errors.js";

/** A pool or a client inside a transaction: anything that runs a query. */
export type Queryable = Pick<PoolClient, "query">;

interface AmbientTransaction {
  readonly pool: Pool;
  readonly client: PoolClient;
  // Savepoints on one connection must not interleave, so nested transactions of one
  // ambient transaction run one at a time.
  turn: Promise<unknown>;
  savepoints: number;
}

const ambient = new AsyncLocalStorage<AmbientTransaction>();

function ambientFor(pool: Pool): AmbientTransaction | undefined {
  const current = ambient.getStore();
  return current?.pool === pool ? current : undefined;
}

/**
 * Where a store sends a statement that needs no transaction of its own: the ambient
 * transaction's connection inside {@link atomically} on this pool, the pool otherwise.
 */
export function queryable(pool: Pool): Queryable {
  return ambientFor(pool)?.client ?? pool;
}

/** Settings of {@link inTransaction}. */
export interface TransactionOptions {
  /**
   * The isolation level; `read committed` by default, as row locks do the work. Inside
   * {@link atomically} the work runs in a savepoint of the ambient transaction, at that
   * transaction's level: a read that needs one snapshot across statements must then read
   * in one statement, or lock what it reads.
   */
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
 *   const { rows } = await client.query("SELECT count(*)::int AS count FROM reelkit.videos");
 *   return rows[0].count as number;
 * });
 * ```
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const outer = ambientFor(pool);
  if (outer !== undefined) return inSavepoint(outer, work);
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const begin = `BEGIN ISOLATION LEVEL ${(options.isolation ?? "read committed").toUpperCase()}${
    options.readOnly === true ? " READ ONLY" : ""
  }`;
  for (let attempt = 1; ; attempt += 1) {
    const connection: Connection = { client: await pool.connect(), broken: false };
    // A connection lost while checked out emits "error" on its client, and an "error"
    // without a listener ends the process; the next query reports the loss instead.
    const onLost = (): void => {
      connection.broken = true;
    };
    connection.client.on("error", onLost);
    try {
      // Store calls that `work` makes on this pool join the transaction, as in
      // `atomically`: on a connection of their own they would read outside it, and a
      // full pool would leave them waiting for a connection that only this transaction's
      // end can free, while it holds its locks.
      return await runOnce(connection, begin, (client) =>
        ambient.run({ pool, client, turn: Promise.resolve(), savepoints: 0 }, () => work(client)),
      );
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= attempts) throw new PostgresRetryableError(attempt, { cause: error });
    } finally {
      connection.client.off("error", onLost);
      connection.client.release(connection.broken);
    }
    await sleep(backoffMilliseconds(attempt));
  }
}

// A transaction inside the ambient one: a savepoint, so a store that rolls its own work
// back still does, and a conflict reaches the ambient transaction, which runs again.
function inSavepoint<T>(outer: AmbientTransaction, work: (client: PoolClient) => Promise<T>) {
  const run = async (): Promise<T> => {
    outer.savepoints += 1;
    const name = `reelkit_${outer.savepoints}`;
    const { client } = outer;
    await client.query(`SAVEPOINT ${name}`);
    try {
      // Calls made by `work` itself run on the same connection without waiting for
      // their turn behind it.
      const result = await ambient.run({ ...outer, turn: Promise.resolve() }, () => work(client));
      await client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await client.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      throw error;
    }
  };
  const result = outer.turn.then(run, run);
  outer.turn = result.catch(() => undefined);
  return result;
}

/**
 * Runs `work` in one ambient transaction on `pool`: every store call on that pool made
 * inside it, directly or through ports, joins it, so they commit together or, when
 * `work` throws, not at all. Like {@link inTransaction}, `work` runs again after a
 * serialization failure or deadlock, so what it does outside the database must be safe
 * to repeat.
 *
 * @example
 * ```ts
 * const ports = createPostgresPorts(pool);
 * await atomically(pool, async () => {
 *   await ports.credits.hold(toOrganizationId(1), { holdId: "h1", amount: 20, reference: "generation" });
 *   await ports.queue.enqueue(job); // both or neither
 * });
 * ```
 */
export function atomically<T>(
  pool: Pool,
  work: () => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (ambientFor(pool) !== undefined) return work();
  return inTransaction(pool, () => work(), options);
}
