/**
 * Applying the schema migrations: each pending migration in its own transaction, under
 * a transaction-scoped advisory lock, so two processes that start at once apply each
 * migration exactly once and neither sees a half-built schema.
 *
 * @module
 */
import type { Pool, PoolClient } from "pg";
import { MIGRATIONS, type Migration } from "./migrations/index.js";
import { inTransaction } from "./transaction.js";

/** Settings of {@link migrate}. */
export interface MigrateOptions {
  /** The migrations to apply; {@link MIGRATIONS} by default. */
  readonly migrations?: readonly Migration[];
}

/** What {@link migrate} did. */
export interface MigrationReport {
  /** Versions this call applied, in order; empty when the schema was up to date. */
  readonly applied: readonly number[];
  /** The highest version now applied. */
  readonly version: number;
}

// The advisory lock is keyed by the schema, so databases with a schema per tenant or per
// test migrate in parallel; 0x7265656c spells "reel".
const LOCK_SQL = "SELECT pg_advisory_xact_lock(1919249772, hashtext(current_schema()))";

const CREATE_TABLE_SQL = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

// Ascending from 1: versions are applied in this order, and each exactly once.
function assertSequence(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const previous = index === 0 ? 0 : (migrations[index - 1]?.version ?? 0);
    if (!Number.isSafeInteger(migration.version) || migration.version <= previous) {
      throw new RangeError(
        `Migration ${migration.name} has version ${migration.version}, not above ${previous}.`,
      );
    }
  });
}

async function applyOne(client: PoolClient, migration: Migration): Promise<boolean> {
  await client.query(LOCK_SQL);
  const done = await client.query("SELECT 1 FROM schema_migrations WHERE version = $1", [
    migration.version,
  ]);
  if (done.rowCount !== 0) return false;
  await client.query(migration.sql);
  await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
    migration.version,
    migration.name,
  ]);
  return true;
}

/**
 * Brings the schema of the pool's database (its `search_path` schema) up to date. Safe
 * to call from every process on start, at the same time: the first applies, the others
 * wait for it and find nothing left to do.
 *
 * @example
 * ```ts
 * import pg from "pg";
 * import { migrate } from "reelkit/postgres";
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const report = await migrate(pool); // { applied: [1, 2, 3, 4, 5], version: 5 } the first time
 * ```
 */
export async function migrate(pool: Pool, options: MigrateOptions = {}): Promise<MigrationReport> {
  const migrations = options.migrations ?? MIGRATIONS;
  assertSequence(migrations);
  await inTransaction(pool, async (client) => {
    await client.query(LOCK_SQL);
    await client.query(CREATE_TABLE_SQL);
  });
  const applied: number[] = [];
  for (const migration of migrations) {
    if (await inTransaction(pool, (client) => applyOne(client, migration))) {
      applied.push(migration.version);
    }
  }
  const { rows } = await pool.query<{ version: number | null }>(
    "SELECT max(version) AS version FROM schema_migrations",
  );
  return { applied, version: rows[0]?.version ?? 0 };
}
