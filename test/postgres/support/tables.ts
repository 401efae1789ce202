/** Helpers for suites that reuse one schema across tests. */
import type pg from "pg";

/**
 * Runs per property of the contract suites on PostgreSQL: every run is a few hundred
 * round trips, so fewer runs than in memory keep the suites to seconds.
 */
export const CONTRACT_RUNS = 25;

/**
 * Empties tables, so the next test starts from nothing, and the tables that refer to them
 * (the revisions of editor projects in `videos`).
 */
export async function truncate(pool: pg.Pool, tables: readonly string[]): Promise<void> {
  await pool.query(`TRUNCATE ${tables.join(", ")} RESTART IDENTITY CASCADE`);
}
