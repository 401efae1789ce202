/**
 * Applying the schema migrations: each pending migration in its own transaction, under
 * a transaction-scoped advisory lock, so two processes that start at once apply each
 * migration exactly once and neither sees a half-built schema. Everything is created in
 * the configured schema (see `schema.ts`): the migrations run with the transaction's
 * `search_path` set to it alone, and the record of applied versions is that schema's
 * own `schema_migrations`, whatever other tables of that name the database holds.
 *
 * @module
 */
import type { Pool, PoolClient } from "pg";
import { MIGRATIONS, type Migration } from "./migrations/index.js";
import { type PostgresSchema, type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { inTransaction } from "./transaction.js";

/** Settings of {@link migrate}. */
export interface MigrateOptions extends PostgresSchemaOptions {
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
// test migrate in parallel; 0x7265656c spells "reel". A deployment that used to migrate
// through its `search_path` and now names that schema keeps the same key.
const LOCK_SQL = "SELECT pg_advisory_xact_lock(1919249772, hashtext($1))";

const lock = (client: PoolClient, schema: PostgresSchema) => client.query(LOCK_SQL, [schema.name]);

const createTableSql = (schema: PostgresSchema): string =>
  `CREATE TABLE IF NOT EXISTS ${schema.table("schema_migrations")} (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

// Whether `schema` already holds reelkit's tables: its ledger, its outbox, and a
// `schema_migrations` with reelkit's columns (golang-migrate's has none named `name`).
const HOLDS_REELKIT_SQL = `SELECT to_regclass(format('%I.credit_ledger', $1::text)) IS NOT NULL
    AND to_regclass(format('%I.job_outbox', $1::text)) IS NOT NULL
    AND EXISTS (SELECT 1 FROM information_schema.columns
                WHERE table_schema = $1 AND table_name = 'schema_migrations' AND column_name = 'name')
  AS holds`;

// Before the first migration into `schema`: refuse when the connection's own schema
// already holds reelkit's tables (a deployment from before the schema option, which must
// name that schema instead of starting an empty ledger), and create `schema` when it is
// missing. The existence check comes first, since creating a schema needs a privilege on
// the database that a schema made by an administrator spares.
async function prepareSchema(client: PoolClient, schema: PostgresSchema): Promise<void> {
  const { rows } = await client.query(
    `SELECT to_regclass($1) IS NOT NULL AS migrated, current_schema() AS current,
       EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $2) AS present`,
    [schema.table("schema_migrations"), schema.name],
  );
  const state = rows[0] as { migrated: boolean; current: string | null; present: boolean };
  if (state.migrated) return;
  if (state.current !== null && state.current !== schema.name) {
    const legacy = await client.query(HOLDS_REELKIT_SQL, [state.current]);
    if (legacy.rows[0]?.holds === true) {
      throw new Error(
        `reelkit's tables already exist in schema "${state.current}", not in "${schema.name}". ` +
          `Pass { schema: "${state.current}" } (the host's --database-schema ${state.current}) to keep ` +
          `using them, or move them with ALTER TABLE ... SET SCHEMA ${schema.name} first.`,
      );
    }
  }
  if (!state.present) await client.query(`CREATE SCHEMA ${schema.quoted}`);
  await client.query(createTableSql(schema));
}

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

// Runs a migration's SQL with the schema alone on the `search_path`, then puts the
// previous path back: `SET LOCAL` would end with the transaction anyway, but a migration
// run inside a caller's ambient transaction (a savepoint) must not change its path.
async function runInSchema(client: PoolClient, schema: PostgresSchema, sql: string) {
  const { rows } = await client.query("SELECT current_setting('search_path') AS previous");
  await client.query("SELECT set_config('search_path', $1, true)", [schema.quoted]);
  await client.query(sql);
  await client.query("SELECT set_config('search_path', $1, true)", [rows[0]?.previous]);
}

async function applyOne(
  client: PoolClient,
  schema: PostgresSchema,
  migration: Migration,
): Promise<boolean> {
  await lock(client, schema);
  const done = await client.query(
    `SELECT 1 FROM ${schema.table("schema_migrations")} WHERE version = $1`,
    [migration.version],
  );
  if (done.rowCount !== 0) return false;
  await runInSchema(client, schema, migration.sql);
  await client.query(
    `INSERT INTO ${schema.table("schema_migrations")} (version, name) VALUES ($1, $2)`,
    [migration.version, migration.name],
  );
  return true;
}

/**
 * Brings reelkit's schema (`reelkit`, or the `schema` option) in the pool's database up
 * to date, creating the schema when it is missing. Safe to call from every process on
 * start, at the same time: the first applies, the others wait for it and find nothing
 * left to do. Tables of the same names in other schemas (an application's own
 * `organizations`, golang-migrate's `schema_migrations`) are never read or touched.
 *
 * @example
 * ```ts
 * import pg from "pg";
 * import { migrate } from "reelkit/postgres";
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const report = await migrate(pool); // { applied: [1, 2, ..., 10], version: 10 } the first time
 * await migrate(pool, { schema: "media_api" }); // the same tables in schema media_api
 * ```
 */
export async function migrate(pool: Pool, options: MigrateOptions = {}): Promise<MigrationReport> {
  const migrations = options.migrations ?? MIGRATIONS;
  assertSequence(migrations);
  const schema = postgresSchemaOf(options);
  await inTransaction(pool, async (client) => {
    await lock(client, schema);
    await prepareSchema(client, schema);
  });
  const applied: number[] = [];
  for (const migration of migrations) {
    if (await inTransaction(pool, (client) => applyOne(client, schema, migration))) {
      applied.push(migration.version);
    }
  }
  const { rows } = await pool.query<{ version: number | null }>(
    `SELECT max(version) AS version FROM ${schema.table("schema_migrations")}`,
  );
  return { applied, version: rows[0]?.version ?? 0 };
}
