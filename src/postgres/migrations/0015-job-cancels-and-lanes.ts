import type { Migration } from "./migration.js";

/**
 * Jobs whose work is no longer wanted, and the lanes jobs run in.
 *
 * `cancelled_at` is set when the work a job's hold pays for was replaced (an export
 * exported again), and the channel `<schema>.job_cancel` names the job, so the worker
 * running it stops at once; a worker that missed the notification sees the column when
 * it renews its claim.
 *
 * `lane` is the lane of the job's kind (`standard`, or `render` for the kinds that render a
 * timeline), written by `enqueue`; a claim in one lane looks at that lane's open jobs through
 * `job_outbox_open_by_lane` and takes turns in `job_lane_turns`. Jobs queued before this
 * version are put in their kind's lane. `job_organization_turns` stays for claims over
 * every lane, and for hosts of the previous version during a rolling deploy.
 */
export const MIGRATION_0015_JOB_CANCELS_AND_LANES: Migration = {
  version: 15,
  name: "job cancels and lanes",
  sql: `
ALTER TABLE job_outbox ADD COLUMN cancelled_at timestamptz;

ALTER TABLE job_outbox ADD COLUMN lane text NOT NULL DEFAULT 'standard';
UPDATE job_outbox SET lane = 'render'
  WHERE kind IN ('editor_export', 'faceless_video', 'slideshow') AND state IN ('queued', 'claimed', 'dead');

CREATE INDEX job_outbox_open_by_lane ON job_outbox (lane, organization_id, position)
  WHERE state IN ('queued', 'claimed');

CREATE TABLE job_lane_turns (
  organization_id integer NOT NULL,
  lane text NOT NULL,
  -- The value of job_turns when the organization last had a job of the lane claimed.
  last_turn bigint NOT NULL,
  PRIMARY KEY (organization_id, lane)
);
`,
};
