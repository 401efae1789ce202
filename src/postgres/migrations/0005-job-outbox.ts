import type { Migration } from "./migration.js";

/**
 * The outbox of queued jobs. A worker claims rows with `FOR UPDATE SKIP LOCKED`, so any
 * number of workers take disjoint jobs; a claim lasts until `claimed_until`, after which
 * another worker takes the job over.
 */
export const MIGRATION_0005_JOB_OUTBOX: Migration = {
  version: 5,
  name: "job outbox",
  sql: `
CREATE TABLE job_outbox (
  id text PRIMARY KEY,
  position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  organization_id integer NOT NULL,
  kind text NOT NULL,
  resource_id text NOT NULL,
  hold_id text NOT NULL,
  job jsonb NOT NULL,
  -- queued: waiting (again, after a failed attempt); claimed: a worker runs it;
  -- done: processed; dead: given up after too many failed attempts.
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'claimed', 'done', 'dead')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  available_at timestamptz NOT NULL DEFAULT now(),
  claimed_by text,
  claimed_until timestamptz,
  last_error text,
  enqueued_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (state <> 'claimed' OR (claimed_by IS NOT NULL AND claimed_until IS NOT NULL))
);

CREATE INDEX job_outbox_runnable ON job_outbox (position) WHERE state IN ('queued', 'claimed');
CREATE INDEX job_outbox_by_hold ON job_outbox (hold_id);
`,
};
