/**
 * A host killed in the middle of a job on PostgreSQL: once its claim expires, another
 * host resumes the job, completes it, and captures its credits exactly once.
 */
import { createPostgresCreditStore } from "reelkit/postgres";
import { afterEach, describe, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { originOfFirstLine, spawnHost, writeFixture } from "../host/support/spawn-host.js";
import { staticAd } from "../service/generations/support.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";

const url = testDatabaseUrl();
const KEY = "rk_test_takeover_key";
const ORGANIZATION = 10;
const CREDITS = 100;

const fixtureWith = (jobDurationMilliseconds: number) => ({
  organizations: [
    {
      id: ORGANIZATION,
      name: "Acme",
      credits: CREDITS,
      api_keys: [{ key: KEY, scopes: ["generations:read", "generations:write"] }],
    },
  ],
  simulator: { job_duration_ms: jobDurationMilliseconds },
  jobs: { claim_lease_seconds: 1 },
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

describe.skipIf(url === undefined)("a job of a host killed mid-way", () => {
  let schema: TestSchema;
  let survivor: RunningHost | undefined;
  afterEach(async () => {
    await survivor?.stop();
    await schema.dispose();
  });

  const outboxRow = async () => {
    const { rows } = await schema.pool.query<{
      state: string;
      attempts: number;
      expired: boolean | null;
    }>(
      `SELECT state, attempts, claimed_until <= now() AS expired FROM ${schema.table("job_outbox")}`,
    );
    return rows[0];
  };

  it("is resumed by another host after its claim expires, and charged once", async () => {
    schema = await createTestSchema(url ?? "");
    // The first host's jobs take ten minutes: it is killed while one runs.
    const doomed = spawnHost([
      "--port",
      "0",
      "--fixture",
      writeFixture(fixtureWith(600_000)),
      "--database-url",
      url ?? "",
      "--database-schema",
      schema.name,
    ]);
    const origin = originOfFirstLine(await doomed.firstLine);
    const created = await fetch(`${origin}/v1/generations`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${KEY}`,
        "content-type": "application/json",
        "idempotency-key": "takeover-1",
      },
      body: JSON.stringify(staticAd()),
    });
    expect(created.status).toBe(200);
    const generationId = (await created.json()).generations[0].id as string;
    while ((await outboxRow())?.state !== "claimed") await pause();

    doomed.child.kill("SIGKILL");
    expect((await doomed.exited).signal).toBe("SIGKILL");
    while ((await outboxRow())?.expired !== true) await pause();

    const parsed = parseFixtureText(JSON.stringify(fixtureWith(0)), "test");
    if (!parsed.ok) throw new Error(parsed.error.join("\n"));
    survivor = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: setupOf(parsed.value),
      databaseUrl: url,
      databaseSchema: schema.name,
    });
    let generation: { status: string };
    for (;;) {
      const read = await fetch(`${survivor.origin}/v1/generations/${generationId}`, {
        headers: { authorization: `Bearer ${KEY}` },
      });
      generation = await read.json();
      if (generation.status !== "generating") break;
      await pause();
    }
    expect(generation.status).toBe("completed");
    expect(await outboxRow()).toMatchObject({ state: "done", attempts: 2 });

    const credits = createPostgresCreditStore(schema.pool, { schema: schema.name });
    const ledger = await credits.ledger(toOrganizationId(ORGANIZATION));
    const captures = ledger.filter((entry) => entry.kind === "capture");
    expect(captures).toHaveLength(1);
    expect(ledger.filter((entry) => entry.kind === "release")).toHaveLength(0);
    const balance = await credits.balance(toOrganizationId(ORGANIZATION));
    expect(balance.available).toBe(CREDITS - Math.abs(captures[0]?.amount ?? 0));
    expect(balance.available).toBeLessThan(CREDITS);
  }, 120_000);
});
