import type { Migration } from "./migration.js";

/**
 * What pruning and the dead-job functions read: finished jobs by state and age, so a
 * prune deletes its oldest batch of `done` rows, and dead jobs are listed, without
 * scanning the jobs that are still open.
 */
export const MIGRATION_0010_OUTBOX_RETENTION: Migration = {
  version: 10,
  name: "outbox retention",
  sql: `
CREATE INDEX job_outbox_finished ON job_outbox (state, finished_at)
  WHERE state IN ('done', 'dead');
`,
};
