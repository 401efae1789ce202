import type { Job } from "reelkit";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import { parseFixtureText } from "../../src/host/fixture.js";
import { type HostSetup, setupOf } from "../../src/host/host-setup.js";
import { type HostStores, memoryHostStores } from "../../src/host/host-stores.js";
import { postgresHostStores } from "../../src/host/postgres-host-stores.js";
import {
  createTestSchema,
  type TestSchema,
  testDatabaseUrl,
} from "../postgres/support/database.js";
import { jobOf } from "../support/job-timeline.js";

function setupWith(jobs: unknown): HostSetup {
  const fixture = {
    organizations: [
      { id: 1, name: "Busy", api_keys: [{ key: "rk_busy_key_1", scopes: ["generations:read"] }] },
      { id: 2, name: "Quiet", api_keys: [{ key: "rk_quiet_key_1", scopes: ["generations:read"] }] },
    ],
    jobs,
  };
  const parsed = parseFixtureText(JSON.stringify(fixture), "test");
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

// Jobs that run until the test ends them, so what runs at once can be read.
function heldJobs() {
  const running: Job[] = [];
  const releases: Array<() => void> = [];
  return {
    running,
    process: (job: Job) =>
      new Promise<void>((resolve) => {
        running.push(job);
        releases.push(resolve);
      }),
    releaseAll: () => {
      for (const release of releases.splice(0)) release();
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 2000) throw new Error("The worker never started the expected jobs.");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// Three slots, one job per organization: the busy organization gets one slot, the
// quiet one its own at once, and the third stays free.
async function expectJobsSettingsApplied(stores: HostStores) {
  const jobs = heldJobs();
  stores.startJobs(jobs.process);
  for (let index = 0; index < 5; index += 1) {
    await stores.ports.queue.enqueue(jobOf(`busy-${index}`, 1));
  }
  await stores.ports.queue.enqueue(jobOf("quiet-0", 2));
  await until(() => jobs.running.length >= 2);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(jobs.running.map((job) => job.id).sort()).toEqual(["busy-0", "quiet-0"]);
  jobs.releaseAll();
  await until(() => jobs.running.length >= 3);
  expect(jobs.running[2]?.id).toBe("busy-1");
  // Closing waits for the running jobs; keep ending them until it is done.
  let closed = false;
  const closing = stores.close().then(() => {
    closed = true;
  });
  await until(() => {
    jobs.releaseAll();
    return closed;
  });
  await closing;
}

describe("the reference host's job settings", () => {
  it("defaults to four jobs at once and twenty per organization, and two renders, one per organization", () => {
    expect(setupWith(undefined).jobs).toEqual({
      concurrency: 4,
      maxRunningPerOrganization: 20,
      renderLane: { concurrency: 2, maxRunningPerOrganization: 1 },
      leaseMilliseconds: undefined,
    });
    expect(
      setupWith({ render_concurrency: 3, render_max_running_per_organization: 2 }).jobs.renderLane,
    ).toEqual({ concurrency: 3, maxRunningPerOrganization: 2 });
  });

  it("refuses a concurrency or a cap below one, naming the field", () => {
    const parsed = parseFixtureText(
      JSON.stringify({
        organizations: [
          { id: 1, name: "A", api_keys: [{ key: "rk_key_a_1", scopes: ["generations:read"] }] },
        ],
        jobs: { concurrency: 0, max_running_per_organization: 1, render_concurrency: 0 },
      }),
      "test",
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.join("\n")).toContain("jobs.concurrency");
    if (!parsed.ok) expect(parsed.error.join("\n")).toContain("jobs.render_concurrency");
  });

  it("runs in-memory jobs with the fixture's concurrency and cap", async () => {
    const setup = setupWith({ concurrency: 3, max_running_per_organization: 1 });
    await expectJobsSettingsApplied(await memoryHostStores(setup, systemClock));
  });

  const url = testDatabaseUrl();
  describe.skipIf(url === undefined)("on PostgreSQL", () => {
    let schema: TestSchema | undefined;
    afterEach(async () => {
      await schema?.dispose();
    });

    it("runs the outbox's jobs with the fixture's concurrency and cap", async () => {
      schema = await createTestSchema(url as string);
      const setup = setupWith({ concurrency: 3, max_running_per_organization: 1 });
      await expectJobsSettingsApplied(
        await postgresHostStores(url as string, {
          setup,
          clock: systemClock,
          schema: schema.name,
        }),
      );
    });
  });
});
