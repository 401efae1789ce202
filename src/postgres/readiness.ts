/**
 * The readiness check of a host on PostgreSQL: the database answers, and every migration
 * this version of the library knows is applied in its schema. Versions the library does
 * not know (applied by a newer host during a rolling deploy) do not make it unready:
 * migrations only add, so the older host keeps working until it is replaced.
 *
 * @module
 */

import type { Pool } from "pg";
import type { ReadinessCheck, ReadinessResult } from "../http/health.js";
import { err, ok } from "../result.js";
import type { MigrateOptions } from "./migrate.js";
import { MIGRATIONS } from "./migrations/index.js";
import { postgresSchemaOf } from "./schema.js";

/** The name of the check in the `/readyz` body. */
export const POSTGRES_READINESS_CHECK_NAME = "database";

// A schema never migrated has no table to read: that is "every migration pending", not
// an unreachable database. (The table's name cannot be checked and read in one
// statement: a missing relation fails the statement when it is parsed.)
async function appliedVersions(pool: Pool, table: string): Promise<readonly number[]> {
  const present = await pool.query<{ present: boolean }>(
    "SELECT to_regclass($1) IS NOT NULL AS present",
    [table],
  );
  if (present.rows[0]?.present !== true) return [];
  const { rows } = await pool.query<{ version: number }>(
    `SELECT version FROM ${table} ORDER BY version`,
  );
  return rows.map((row) => row.version);
}

/**
 * A readiness check for `createHealthHandler`: fails with `database_unreachable` when a
 * query cannot run, and with `migrations_pending` (naming the missing versions) when
 * the schema lacks a migration of `options.migrations` ({@link MIGRATIONS} by default).
 * A schema that was never migrated reports every version as pending.
 *
 * @example
 * ```ts
 * import { createHealthHandler } from "reelkit/http";
 * import { postgresReadiness } from "reelkit/postgres";
 *
 * const health = createHealthHandler({ checks: [postgresReadiness(pool, { schema: "reelkit" })] });
 * ```
 */
export function postgresReadiness(pool: Pool, options: MigrateOptions = {}): ReadinessCheck {
  const schema = postgresSchemaOf(options);
  const expected = (options.migrations ?? MIGRATIONS).map((migration) => migration.version);
  const table = schema.table("schema_migrations");
  return {
    name: POSTGRES_READINESS_CHECK_NAME,
    async check(): Promise<ReadinessResult> {
      let applied: readonly number[];
      try {
        applied = await appliedVersions(pool, table);
      } catch {
        // The driver's message may name the host and user; the probe is unauthenticated.
        return err({ reason: "database_unreachable" });
      }
      const missing = expected.filter((version) => !applied.includes(version));
      const latest = applied.at(-1) ?? 0;
      return missing.length === 0
        ? ok({ schema: schema.name, migration: latest })
        : err({ reason: "migrations_pending", details: { schema: schema.name, missing } });
    },
  };
}
