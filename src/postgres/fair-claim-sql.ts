/**
 * The statements of a fair claim (see `claimJobs`), for the outbox of one schema
 * ({@link fairClaimSql}). A claim runs in three steps:
 *
 * 1. `chooseOrganizations`, outside any transaction: the organizations that
 *    have a runnable job and are below the cap, in the order they deserve a slot.
 * 2. `lockOrganizations`, in a transaction: a transaction-scoped advisory lock
 *    per chosen organization, taken in ascending id order so two claimers never wait for
 *    each other in a cycle. Claims for one organization are thereby serialized, which is
 *    what keeps its running jobs under the cap exactly, however many workers claim.
 * 3. `claim`, in the same transaction, so with a snapshot taken after the locks:
 *    counts each organization's live claims again, hands out the slots, locks the job
 *    rows `FOR UPDATE SKIP LOCKED`, claims them and records the organizations' turn.
 *
 * A job is runnable when it is queued and available, or claimed by a worker whose lease
 * expired and attempts remain; an organization's running jobs are its live claims. A
 * claim in one lane (see `JobLane`) sees that lane's jobs only: its running jobs, its
 * runnable ones and its turns.
 *
 * @module
 */
import type { PostgresSchema } from "./schema.js";

// `$n` is the parameter holding the most attempts a job may have had before another.
const runnable = (alias: string, maxAttempts: string): string =>
  `${alias}.state IN ('queued', 'claimed') AND (
     (${alias}.state = 'queued' AND ${alias}.available_at <= now())
     OR (${alias}.state = 'claimed' AND ${alias}.claimed_until <= now() AND ${alias}.attempts < ${maxAttempts}))`;

// `lane` is the condition that keeps one lane's rows of `alias`, or nothing for all lanes.
type LaneCondition = (alias: string) => string;

const running = (outbox: string, organization: string, lane: LaneCondition): string =>
  `(SELECT count(*) FROM ${outbox} AS live
    WHERE live.state = 'claimed' AND live.organization_id = ${organization}
      AND live.claimed_until > now()${lane("live")})`;

// The organizations to serve, best first. Parameters: `$1` the cap of running jobs per
// organization, `$2` how many organizations at most, `$3` the attempts limit (and `$4`
// the lane, when claiming in one).
//
// The organizations with open jobs are found by a skip scan of the open-jobs index (one
// probe per organization), whatever the length of their backlogs. Order: fewest running
// jobs, then the turn that came longest ago (never first), then the oldest runnable job.
const chooseOrganizationsSql = (outbox: string, turns: Turns): string =>
  `WITH RECURSIVE open_organizations(organization_id) AS (
    (SELECT organization_id FROM ${outbox} AS lowest
     WHERE lowest.state IN ('queued', 'claimed')${turns.lane("lowest")} ORDER BY organization_id LIMIT 1)
    UNION ALL
    SELECT (SELECT after.organization_id FROM ${outbox} AS after
            WHERE after.state IN ('queued', 'claimed')${turns.lane("after")}
              AND after.organization_id > open.organization_id
            ORDER BY after.organization_id LIMIT 1)
    FROM open_organizations AS open WHERE open.organization_id IS NOT NULL
  ),
  -- Materialized, so each organization's count and first job are read once.
  candidates AS MATERIALIZED (
    SELECT open.organization_id, ${running(outbox, "open.organization_id", turns.lane)} AS running,
      (SELECT head.position FROM ${outbox} AS head
       WHERE head.organization_id = open.organization_id AND ${runnable("head", "$3")}${turns.lane("head")}
       ORDER BY head.position LIMIT 1) AS first_position
    FROM open_organizations AS open WHERE open.organization_id IS NOT NULL
  )
  SELECT candidates.organization_id FROM candidates
  LEFT JOIN ${turns.table} AS turns ON turns.organization_id = candidates.organization_id${turns.lane("turns")}
  WHERE candidates.first_position IS NOT NULL AND candidates.running < $1
  ORDER BY candidates.running, turns.last_turn NULLS FIRST, candidates.first_position
  LIMIT $2`;

// Locks the organizations of `$1` (ids in ascending order) for this transaction; `$2` is
// the schema's name. The key is scoped by the schema, so schemas sharing a database do
// not block each other (and a deployment that now names the schema its `search_path`
// used to point at keeps the same keys).
const LOCK_ORGANIZATIONS_SQL = `SELECT pg_advisory_xact_lock(
    hashtext('reelkit job claims ' || $2::text), locked.organization_id)
  FROM unnest($1::integer[]) WITH ORDINALITY AS locked(organization_id, place)
  ORDER BY locked.place`;

// Claims jobs of the locked organizations. Parameters: `$1` the organization ids, `$2`
// the most jobs to claim, `$3` the lease in milliseconds, `$4` the attempts limit, `$5`
// the worker id, `$6` the cap of running jobs per organization (and `$7` the lane, when
// claiming in one).
//
// Slots are handed out level by level: an organization's k-th new job sits at level
// running + k, and lower levels go first, ties to the organization served longest ago.
// So the organization with the fewest running jobs gets the first slot, and none passes
// the cap. A row another transaction holds is skipped, never waited for.
const claimSql = (outbox: string, turns: Turns, turnSequence: string): string =>
  `WITH organizations AS (
    SELECT locked.organization_id, coalesce(turns.last_turn, 0) AS last_turn,
      ${running(outbox, "locked.organization_id", turns.lane)} AS running
    FROM unnest($1::integer[]) AS locked(organization_id)
    LEFT JOIN ${turns.table} AS turns ON turns.organization_id = locked.organization_id${turns.lane("turns")}
  ),
  leveled AS (
    SELECT next.id, next.position, organizations.last_turn,
      organizations.running + row_number() OVER (
        PARTITION BY organizations.organization_id ORDER BY next.position) AS level
    FROM organizations CROSS JOIN LATERAL (
      SELECT head.id, head.position FROM ${outbox} AS head
      WHERE head.organization_id = organizations.organization_id AND ${runnable("head", "$4")}${turns.lane("head")}
      ORDER BY head.position
      LIMIT greatest(least($2::bigint, $6::bigint - organizations.running), 0)
    ) AS next
  ),
  picked AS (
    SELECT outbox.id, outbox.state AS previous_state FROM ${outbox} AS outbox
    WHERE outbox.id IN (SELECT id FROM leveled ORDER BY level, last_turn, position LIMIT $2)
      AND ${runnable("outbox", "$4")}
    FOR UPDATE SKIP LOCKED
  ),
  claimed AS (
    UPDATE ${outbox} AS outbox
    SET state = 'claimed', claimed_by = $5, attempts = outbox.attempts + 1,
        claimed_until = now() + make_interval(secs => $3::double precision / 1000)
    FROM picked WHERE outbox.id = picked.id
    RETURNING outbox.job, outbox.attempts, picked.previous_state, outbox.position,
      outbox.organization_id
  ),
  turns AS (
    ${turns.record(turnSequence)}
  )
  SELECT job, attempts, previous_state, position FROM claimed`;

// Where organizations' turns are kept, and the condition that keeps one lane's rows.
interface Turns {
  readonly table: string;
  readonly lane: LaneCondition;
  // The statement that records the turn of each organization served by `claimed`.
  record(turnSequence: string): string;
}

// Claims in one lane count, take and take turns in that lane only (`$4` of the choice,
// `$7` of the claim); claims over every lane keep the turns they always had.
function turnsOf(schema: PostgresSchema, inLane: boolean, laneParameter: string): Turns {
  if (!inLane) {
    const table = schema.table("job_organization_turns");
    return {
      table,
      lane: () => "",
      record: (sequence) => `INSERT INTO ${table} (organization_id, last_turn)
    SELECT served.organization_id, nextval('${sequence}')
    FROM (SELECT DISTINCT organization_id FROM claimed) AS served
    ON CONFLICT (organization_id) DO UPDATE SET last_turn = EXCLUDED.last_turn`,
    };
  }
  const table = schema.table("job_lane_turns");
  return {
    table,
    lane: (alias) => ` AND ${alias}.lane = ${laneParameter}::text`,
    record: (sequence) => `INSERT INTO ${table} (organization_id, lane, last_turn)
    SELECT served.organization_id, ${laneParameter}::text, nextval('${sequence}')
    FROM (SELECT DISTINCT organization_id FROM claimed) AS served
    ON CONFLICT (organization_id, lane) DO UPDATE SET last_turn = EXCLUDED.last_turn`,
  };
}

/** The three statements of a fair claim on one schema's outbox (see the module comment). */
export interface FairClaimSql {
  /**
   * `$1` the cap per organization, `$2` most organizations, `$3` the attempts limit, and
   * `$4` the lane when the statements claim in one.
   */
  readonly chooseOrganizations: string;
  /** `$1` the chosen organization ids in ascending order, `$2` the schema's name. */
  readonly lockOrganizations: string;
  /**
   * `$1` the organization ids, `$2` most jobs, `$3` the lease in milliseconds, `$4` the
   * attempts limit, `$5` the worker id, `$6` the cap per organization, and `$7` the lane
   * when the statements claim in one.
   */
  readonly claim: string;
}

/**
 * The statements of a fair claim on the outbox of `schema`: in one lane (its jobs only,
 * its running jobs counted against the cap, its own turns), or over every lane at once
 * when `inLane` is false (as `drainJobs` runs jobs one at a time, in queue order).
 */
export function fairClaimSql(schema: PostgresSchema, inLane: boolean): FairClaimSql {
  const outbox = schema.table("job_outbox");
  return {
    chooseOrganizations: chooseOrganizationsSql(outbox, turnsOf(schema, inLane, "$4")),
    lockOrganizations: LOCK_ORGANIZATIONS_SQL,
    claim: claimSql(outbox, turnsOf(schema, inLane, "$7"), schema.sequence("job_turns")),
  };
}
