/** Helpers for suites that reuse one schema across tests. */
import type { TestSchema } from "./database.js";

/**
 * Runs per property of the contract suites on PostgreSQL: every run is a few hundred
 * round trips, so fewer runs than in memory keep the suites to seconds.
 */
export const CONTRACT_RUNS = 25;

/**
 * Empties tables of the schema, so the next test starts from nothing, and the tables that
 * refer to them (the revisions of editor projects in `videos`).
 */
export async function truncate(schema: TestSchema, tables: readonly string[]): Promise<void> {
  const qualified = tables.map((table) => schema.table(table));
  await schema.pool.query(`TRUNCATE ${qualified.join(", ")} RESTART IDENTITY CASCADE`);
}
