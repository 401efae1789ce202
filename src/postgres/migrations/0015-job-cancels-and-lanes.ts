import type { Migration } from "./migration.js";

/**
 * Jobs whose work is no longer wanted: `cancelled_at` is set when the work a job's hold
 * pays for was replaced (an export exported again), and the channel `<schema>.job_cancel`
 * names the job, so the worker running it stops at once; a worker that missed the
 * notification sees the column when it renews its claim.
 */
export const MIGRATION_0015_JOB_CANCELS_AND_LANES: Migration = {
  version: 15,
  name: "job cancels and lanes",
  sql: `
ALTER TABLE job_outbox ADD COLUMN cancelled_at timestamptz;
`,
};
