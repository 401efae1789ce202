// examples/typed/dead-jobs.ts
// Not run: needs a PostgreSQL database (the PostgreSQL suite covers these calls).
import type pg from "pg";
import { toOrganizationId } from "reelkit";
import { listDeadJobs, requeueDeadJobs } from "reelkit/postgres";

declare const pool: pg.Pool; // your pool
const organizationId = toOrganizationId(1);

const dead = await listDeadJobs(pool, { schema: "reelkit", organizationId });
// { job, attempts, lastError, diedAtEpochMilliseconds } each, oldest first
const jobIds = dead.map((entry) => entry.job.id);
await requeueDeadJobs(pool, { kind: "jobs", jobIds }, { schema: "reelkit" });
await requeueDeadJobs(pool, { kind: "organization", organizationId }, { schema: "reelkit" });
await requeueDeadJobs(pool, { kind: "all" }, { schema: "reelkit" });
