/**
 * The lanes of PostgreSQL claims: exports claim render slots with their own cap per
 * organization, over every worker, so one organization's long exports hold neither
 * another organization's generation nor every render slot.
 */
import {
  claimJobs,
  createPostgresJobQueue,
  type PostgresWorker,
  runPostgresWorker,
} from "reelkit/postgres";
import { afterEach, beforeEach, expect, it } from "vitest";
import { heldJobs, jobOfKind, until } from "../support/held-jobs.js";
import { describeWithDatabase } from "./support/database.js";
import { truncate } from "./support/tables.js";

const LEASE = 60_000;

describeWithDatabase("PostgreSQL job claims: lanes", (schema) => {
  const inSchema = () => ({ schema: schema().name });
  const workers: { worker: PostgresWorker; release: () => void }[] = [];
  beforeEach(() => truncate(schema(), ["job_outbox", "job_organization_turns", "job_lane_turns"]));
  afterEach(async () => {
    const stopping = workers.splice(0);
    let stopped = false;
    const all = Promise.all(stopping.map(({ worker }) => worker.stop())).then(() => {
      stopped = true;
    });
    // A claim in flight may still start a job: keep ending them until every worker stopped.
    await until(() => {
      for (const { release } of stopping) release();
      return stopped;
    });
    await all;
  });
  const enqueue = (id: string, organizationId: number, kind: "editor_export" | "generation") =>
    createPostgresJobQueue(schema().pool, inSchema()).enqueue(jobOfKind(id, organizationId, kind));
  const startWorker = (options: object = {}) => {
    const jobs = heldJobs();
    const worker = runPostgresWorker({
      ...inSchema(),
      pool: schema().openPool(3),
      process: jobs.process,
      pollMilliseconds: 10,
      ...options,
    });
    workers.push({ worker, release: jobs.releaseAll });
    return jobs;
  };

  it("starts another organization's generation while one organization's four exports wait", async () => {
    for (const index of [1, 2, 3, 4]) await enqueue(`export-${index}`, 1, "editor_export");
    const jobs = startWorker();
    await until(() => jobs.running().length === 1);
    await enqueue("generation", 2, "generation");
    await until(() => jobs.running().includes("generation"));
    await enqueue("other-export", 2, "editor_export");
    await until(() => jobs.running().includes("other-export"));
    // One render of the first organization, over both render slots; its others wait.
    expect(jobs.running()).toEqual(["export-1", "generation", "other-export"]);
    const { rows } = await schema().pool.query(
      `SELECT id, lane FROM ${schema().table("job_outbox")} WHERE state = 'queued' ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: "export-2", lane: "render" },
      { id: "export-3", lane: "render" },
      { id: "export-4", lane: "render" },
    ]);
  });

  it("counts the render cap over every worker of the database", async () => {
    for (const index of [1, 2, 3]) await enqueue(`export-${index}`, 1, "editor_export");
    const first = startWorker();
    const second = startWorker();
    await until(() => first.running().length + second.running().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...first.running(), ...second.running()]).toEqual(["export-1"]);
  });

  it("claims one lane's jobs only, with that lane's cap, or every lane's in queue order", async () => {
    await enqueue("export-1", 1, "editor_export");
    await enqueue("export-2", 1, "editor_export");
    await enqueue("generation", 1, "generation");
    const claim = (lane?: "render" | "standard", cap = 1) =>
      claimJobs(schema().pool, {
        ...inSchema(),
        workerId: "w1",
        limit: 4,
        leaseMilliseconds: LEASE,
        maxRunningPerOrganization: cap,
        ...(lane === undefined ? {} : { lane }),
      });
    expect((await claim("render")).map((each) => each.job.id)).toEqual(["export-1"]);
    expect(await claim("render")).toEqual([]);
    expect((await claim("standard")).map((each) => each.job.id)).toEqual(["generation"]);
    expect((await claim(undefined, 3)).map((each) => each.job.id)).toEqual(["export-2"]);
  });
});
