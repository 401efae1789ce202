import { claimJobs, createPostgresCreditStore, releaseAbandonedHolds } from "reelkit/postgres";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fingerprintRequest } from "../../src/idempotency/fingerprint.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { post, staticAd } from "../service/generations/support.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";
import { type Instance, seedHarnessOrganizations, startInstance } from "./support/instances.js";
import { sleep } from "./support/jobs.js";

const url = testDatabaseUrl();

describe.skipIf(url === undefined)("two service instances on one database", () => {
  let schema: TestSchema;
  let a: Instance;
  let b: Instance;
  const start = async (credits = 5000) => {
    await seedHarnessOrganizations(schema, credits);
    [a, b] = await Promise.all([startInstance(schema, "a"), startInstance(schema, "b")]);
  };
  const either = (index: number) => (index % 2 === 0 ? a : b).harness;
  beforeEach(async () => {
    if (url !== undefined) schema = await createTestSchema(url);
  });
  afterEach(async () => {
    for (const instance of [a, b]) expect(instance.harness.serverErrors).toEqual([]);
    await schema.dispose();
  });

  it("charges once for parallel requests with one key sent to both instances", async () => {
    await start();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post(either(index), "/generations", staticAd("parallel", 3), { idempotencyKey: "same" }),
      ),
    );
    expect(responses.every((response) => [200, 409].includes(response.status))).toBe(true);
    const succeeded = responses.filter((response) => response.status === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(
      new Set(succeeded.map((response) => JSON.stringify(response.body.generations))).size,
    ).toBe(1);
    expect(await a.available()).toBe(4940);
    const outbox = await schema.pool.query(`SELECT id FROM ${schema.table("job_outbox")}`);
    expect(outbox.rowCount).toBe(3);
  });

  it("never overdraws with parallel requests under distinct keys on both instances", async () => {
    await start(60);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(either(index), "/generations", staticAd(`distinct ${index}`), {
          idempotencyKey: `k-${index}`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    expect(await a.available()).toBe(0);
    expect((await a.ports.credits.reconcile(toOrganizationId(1))).balanced).toBe(true);
  });

  it("refunds a failed job once when another worker retries it after a crash", async () => {
    await start();
    const created = await post(a.harness, "/generations", staticAd("#fail please"), {
      idempotencyKey: "f",
    });
    expect(created.status).toBe(200);
    expect(await a.available()).toBe(4980);
    // Worker A processes the job (the provider fails, the hold is released), then dies
    // before marking the job done; its claim expires and worker B retries the job.
    const [claim] = await claimJobs(a.pool, {
      schema: schema.name,
      workerId: "a",
      limit: 1,
      leaseMilliseconds: 30,
    });
    if (claim === undefined) throw new Error("Expected a claim.");
    await a.harness.service.processJob(claim.job);
    await sleep(50);
    expect(await b.runJobs()).toBe(1);
    // Both workers running it at the same moment refund once too.
    await Promise.all([
      a.harness.service.processJob(claim.job),
      b.harness.service.processJob(claim.job),
    ]);
    expect(await a.available()).toBe(5000);
    const ledger = await b.ports.credits.ledger(toOrganizationId(1));
    expect(ledger.filter((entry) => entry.kind === "release")).toHaveLength(1);
    const id = created.body.generations[0].id;
    const read = await b.harness.call("GET", `/generations/${id}`, {
      key: "rk_test_acme_read_write",
    });
    expect(read.body).toMatchObject({ status: "error" });
  });

  it("takes over the key of a request killed after claiming it, and charges once", async () => {
    await start();
    const body = staticAd("killed");
    const scope = { organizationId: toOrganizationId(1), key: "crash-1" };
    const fingerprint = await fingerprintRequest("createGeneration", body);
    const now = a.harness.clock.now();
    const killed = await a.ports.idempotency.claim(scope, {
      fingerprint,
      nowMilliseconds: now,
      leaseMilliseconds: 60_000,
    });
    expect(killed.kind).toBe("claimed");
    // The killed request had also reserved its credits; no job will ever settle them.
    await a.ports.credits.reserve(toOrganizationId(1), [{ holdId: "killed-hold", amount: 20 }]);
    const early = await post(b.harness, "/generations", body, { idempotencyKey: "crash-1" });
    expect(early.status).toBe(409);
    expect(early.body.error.context).toMatchObject({ reason: "in_progress" });
    for (const instance of [a, b]) instance.harness.clock.advance(60_000);
    const retried = await post(b.harness, "/generations", body, { idempotencyKey: "crash-1" });
    expect(retried.status).toBe(200);
    const replay = await post(a.harness, "/generations", body, { idempotencyKey: "crash-1" });
    expect(replay.body).toEqual({ ...retried.body, idempotent_replay: true });
    expect(await a.available()).toBe(4960);
    await sleep(20);
    const credits = createPostgresCreditStore(schema.pool, { schema: schema.name });
    const released = await releaseAbandonedHolds(schema.pool, credits, {
      schema: schema.name,
      olderThanMilliseconds: 10,
    });
    expect(released).toBe(1);
    expect(await a.available()).toBe(4980);
  });

  it("keeps every accepted edit of one project patched from both instances at once", async () => {
    await start();
    const created = await a.harness.call("POST", "/editor/videos", {
      key: "rk_test_acme_read_write",
      body: { title: "Shared" },
    });
    const id = created.body.video.id as number;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        either(index).call("PATCH", `/editor/videos/${id}`, {
          key: "rk_test_acme_read_write",
          body: { operations: [{ type: "add_text", text: `edit ${index}`, duration_seconds: 1 }] },
        }),
      ),
    );
    const accepted = responses.filter((response) => response.status === 200).length;
    expect(responses.every((response) => [200, 409].includes(response.status))).toBe(true);
    const stored = await b.ports.stores.videos.get(toOrganizationId(1), id);
    const texts = Object.values(stored?.editor?.items ?? {}).map(
      (item) => (item as { text?: string }).text,
    );
    expect(texts).toHaveLength(accepted);
    expect(stored?.version).toBe(accepted);
    expect(accepted).toBe(20);
  });
});
