import { afterEach, describe, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { type HostSetup, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";

const url = testDatabaseUrl();
const KEY = "rk_test_host_pg_key";

function setupWith(credits: number, extraKey?: string): HostSetup {
  const keys = [{ key: KEY, scopes: ["generations:read", "generations:write"] }];
  if (extraKey !== undefined) keys.push({ key: extraKey, scopes: ["generations:read"] });
  const fixture = {
    organizations: [{ id: 10, name: "Acme", credits, api_keys: keys }],
    simulator: { job_duration_ms: 0, fail_when_prompt_contains: "#boom" },
  };
  const parsed = parseFixtureText(JSON.stringify(fixture), "test");
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

async function call(host: RunningHost, method: string, path: string, body?: unknown, key = KEY) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method === "POST") headers["idempotency-key"] = "host-pg-1";
  const response = await fetch(`${host.origin}/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function settled(host: RunningHost, id: string) {
  for (;;) {
    const { body } = await call(host, "GET", `/generations/${id}`);
    if (body.status !== "generating") return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(url === undefined)("the reference host on PostgreSQL", () => {
  let schema: TestSchema;
  const hosts: RunningHost[] = [];
  const start = async (setup: HostSetup) => {
    const host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup,
      databaseUrl: url,
      databaseSchema: schema.name,
    });
    hosts.push(host);
    return host;
  };
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.stop()));
    await schema.dispose();
  });

  it("migrates on start, seeds once, and shares charges and records across two hosts", async () => {
    schema = await createTestSchema(url as string, { migrate: false });
    const first = await start(setupWith(100));
    expect(first.wiring.stores.kind).toBe("postgres");
    const firstReport =
      first.wiring.stores.kind === "postgres" ? first.wiring.stores.report : undefined;
    expect(firstReport?.migrationsApplied.length).toBeGreaterThan(0);
    expect(firstReport?.organizationsAdded).toEqual([10]);

    // A second host with a fixture that asks for another balance changes nothing.
    const second = await start(setupWith(9999, "rk_test_host_pg_read"));
    expect(second.wiring.stores.kind === "postgres" && second.wiring.stores.report).toEqual({
      migrationsApplied: [],
      organizationsAdded: [],
    });

    const request = { type: "static_ad", template_slug: "product-hero", prompt: "Cold brew" };
    const created = await call(first, "POST", "/generations", request);
    expect(created.status).toBe(200);
    expect(created.body.remaining_credits).toBe(80);
    // The same key on the other host replays the first answer and charges nothing.
    const replayed = await call(second, "POST", "/generations", request);
    expect(replayed.status).toBe(200);
    expect(replayed.body.generations).toEqual(created.body.generations);
    expect(replayed.body.idempotent_replay).toBe(true);

    const done = await settled(second, created.body.generations[0].id);
    expect(done.status).toBe("completed");
    // The key the second fixture added exists; the first key kept its organization.
    const reader = await call(second, "GET", "/assets", undefined, "rk_test_host_pg_read");
    expect(reader.status).toBe(200);
    expect((await first.wiring.deps.credits.balance(toOrganizationId(10))).available).toBe(80);
  });

  it("keeps balances and records when the host restarts", async () => {
    schema = await createTestSchema(url as string);
    const before = await start(setupWith(100));
    const created = await call(before, "POST", "/generations", {
      type: "static_ad",
      template_slug: "product-hero",
      prompt: "This one goes #boom",
    });
    const failed = await settled(before, created.body.generations[0].id);
    expect(failed.error).toMatchObject({ code: "generation_failed", credits_returned: true });
    await before.stop();

    const after = await start(setupWith(5));
    const again = await call(after, "GET", `/generations/${created.body.generations[0].id}`);
    expect(again.body.status).toBe("error");
    expect((await after.wiring.deps.credits.balance(toOrganizationId(10))).available).toBe(100);
  });

  it("refuses to start, leaving the port free, when the database cannot be reached", async () => {
    schema = await createTestSchema(url as string);
    const unreachable = "postgres://reelkit@127.0.0.1:1/postgres";
    await expect(
      startHost({ port: 0, host: "127.0.0.1", setup: setupWith(1), databaseUrl: unreachable }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
