import type { Migration } from "./migration.js";

/**
 * What fair claims between organizations read. A claim looks at each organization with
 * open jobs (a skip scan over `job_outbox_open_by_organization`), counts its live claims
 * (`job_outbox_claims_by_organization`) and takes its oldest runnable jobs, so its cost
 * grows with the number of busy organizations, not with the length of a backlog.
 * `job_organization_turns` remembers when each organization was last served, so that
 * organizations with equal running jobs take turns.
 */
export const MIGRATION_0007_FAIR_JOB_CLAIMS: Migration = {
  version: 7,
  name: "fair job claims",
  sql: `
CREATE INDEX job_outbox_open_by_organization ON job_outbox (organization_id, position)
  WHERE state IN ('queued', 'claimed');
CREATE INDEX job_outbox_claims_by_organization ON job_outbox (organization_id, claimed_until)
  WHERE state = 'claimed';

CREATE SEQUENCE job_turns AS bigint;
CREATE TABLE job_organization_turns (
  organization_id integer PRIMARY KEY,
  -- The value of job_turns when the organization last had a job claimed.
  last_turn bigint NOT NULL
);
`,
};
