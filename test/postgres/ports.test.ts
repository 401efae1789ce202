import type { Job } from "reelkit";
import { createPostgresPorts } from "reelkit/postgres";
import { expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { describeWithDatabase } from "./support/database.js";
import { job, sleep } from "./support/jobs.js";

describeWithDatabase("createPostgresPorts", (schema) => {
  it("runs queued jobs with its worker, and returns credits a crashed request left held", async () => {
    const ports = createPostgresPorts(schema().pool, { schema: schema().name });
    await ports.credits.grant(toOrganizationId(1), 100, "test");
    await ports.credits.reserve(toOrganizationId(1), [
      { holdId: "j1", amount: 10 },
      { holdId: "orphan", amount: 30 },
    ]);
    await ports.queue.enqueue(job("j1"));
    const ran: string[] = [];
    const worker = ports.startWorker(
      async (next: Job) => {
        ran.push(next.id);
        await ports.credits.capture(toOrganizationId(1), next.holdId);
      },
      {
        pollMilliseconds: 10,
        sweepIntervalMilliseconds: 20,
        abandonedHolds: { olderThanMilliseconds: 10 },
      },
    );
    await sleep(150);
    await worker.stop();
    expect(ran).toEqual(["j1"]);
    expect(await ports.credits.balance(toOrganizationId(1))).toEqual({
      posted: 90,
      pending: 0,
      available: 90,
    });
    expect(await ports.credits.hold(toOrganizationId(1), "orphan")).toMatchObject({
      state: "released",
    });
    expect((await ports.rateLimiter.consume(toOrganizationId(1), 0)).allowed).toBe(true);
    expect(await ports.stores.videos.nextId(toOrganizationId(1))).toBeGreaterThan(0);
    expect(await ports.accounts.organization(toOrganizationId(1))).toBeUndefined();
  });
});
