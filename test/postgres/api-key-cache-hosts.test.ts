/**
 * Two hosts on one database, one of them caching API keys: what a client sees when a key
 * is revoked or a subscription lapses on the other host or by hand in SQL, and what the
 * caching host does while it cannot hear changes.
 */
import pg from "pg";
import { createPostgresAccountStore, type PostgresAccountStore } from "reelkit/postgres";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEYS } from "../service/support/harness.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";
import { type Instance, seedHarnessOrganizations, startInstance } from "./support/instances.js";
import { sleep } from "./support/jobs.js";
import { type ObservedPool, observedPool } from "./support/observed-pool.js";

const url = testDatabaseUrl();

// Far longer than a notification takes on a local server; a test fails rather than hangs.
const ANNOUNCED_WITHIN_MILLISECONDS = 5_000;

describe.skipIf(url === undefined)("a host caching API keys beside another host", () => {
  let schema: TestSchema;
  let caching: Instance;
  let other: Instance;
  let observed: ObservedPool;
  let accounts: PostgresAccountStore;
  let listenErrors: unknown[];

  beforeEach(async () => {
    if (url === undefined) return;
    schema = await createTestSchema(url);
    await seedHarnessOrganizations(schema, 5000);
    observed = observedPool(schema);
    listenErrors = [];
    accounts = createPostgresAccountStore(observed.pool, {
      schema: schema.name,
      apiKeyCache: { onError: (error) => listenErrors.push(error) },
    });
    await accounts.ready;
    caching = await startInstance(schema, "a", () => ({ accounts }));
    other = await startInstance(schema, "b");
  });
  afterEach(async () => {
    for (const instance of [caching, other]) expect(instance.harness.serverErrors).toEqual([]);
    await accounts.close();
    await schema.dispose();
  });

  const list = (instance: Instance) =>
    instance.harness.call("GET", "/editor/videos", { key: KEYS.acme });
  const keyLookups = () =>
    observed.statements.filter((text) => text.includes("api_keys") && text.includes("LEFT JOIN"))
      .length;
  // Asks the caching host until it answers `status`; the time that took, in milliseconds.
  const untilAnswers = async (status: number): Promise<number> => {
    const started = performance.now();
    while (performance.now() - started < ANNOUNCED_WITHIN_MILLISECONDS) {
      if ((await list(caching)).status === status) return performance.now() - started;
      await sleep(2);
    }
    throw new Error(`The caching host never answered ${status}.`);
  };
  const acmeKeyIds = async () => {
    const { rows } = await schema.pool.query<{ key_id: string }>(
      `SELECT key_id FROM ${schema.table("api_keys")} WHERE organization_id = 1`,
    );
    return rows.map((row) => row.key_id);
  };
  const listener = async () => {
    const { rows } = await schema.pool.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE query = $1 AND state = 'idle'",
      [`LISTEN "${schema.name}.accounts"`],
    );
    return rows[0]?.pid;
  };

  it("reads a key once and answers later requests from memory", async () => {
    for (let request = 0; request < 5; request += 1) expect((await list(caching)).status).toBe(200);
    expect(keyLookups()).toBe(1);
  });

  it("refuses a key revoked on the other host once the change is announced", async () => {
    expect((await list(caching)).status).toBe(200);
    expect((await list(caching)).status).toBe(200);
    expect(keyLookups()).toBe(1);
    for (const keyId of await acmeKeyIds()) {
      expect(await other.ports.accounts.revokeApiKey(keyId)).toBe(true);
    }
    await untilAnswers(401);
    const refused = await list(caching);
    expect(refused.body.error.code).toBe("invalid_api_key");
    expect((await list(other)).status).toBe(401);
  });

  it("refuses a lapsed subscription changed by hand in SQL", async () => {
    expect((await list(caching)).status).toBe(200);
    await schema.pool.query(
      `UPDATE ${schema.table("organizations")} SET subscription_active = false WHERE id = 1`,
    );
    await untilAnswers(402);
    expect((await list(caching)).body.error.code).toBe("payment_required");
  });

  it("refuses a key it revoked itself from its very next request", async () => {
    expect((await list(caching)).status).toBe(200);
    for (const keyId of await acmeKeyIds()) expect(await accounts.revokeApiKey(keyId)).toBe(true);
    expect((await list(caching)).status).toBe(401);
  });

  it("keeps nothing while it cannot hear changes, and caches again once it listens", async () => {
    expect((await list(caching)).status).toBe(200);
    const pid = await listener();
    expect(pid).toBeDefined();
    await schema.pool.query("SELECT pg_terminate_backend($1)", [pid]);
    while (listenErrors.length === 0) await sleep(5);
    expect(String(listenErrors[0])).toContain("listening for API key changes was lost");
    // Deaf, every request reads its key, so a change nobody announced to it still counts.
    const before = keyLookups();
    await list(caching);
    await list(caching);
    expect(keyLookups() - before).toBe(2);
    await schema.pool.query(
      `UPDATE ${schema.table("api_keys")} SET revoked = true WHERE organization_id = 1`,
    );
    expect((await list(caching)).status).toBe(401);
    await schema.pool.query(
      `UPDATE ${schema.table("api_keys")} SET revoked = false WHERE organization_id = 1`,
    );
    // The connection is replaced after at most a second of backoff.
    while ((await listener()) === undefined) await sleep(20);
    await sleep(50);
    const listening = keyLookups();
    for (let request = 0; request < 3; request += 1) expect((await list(caching)).status).toBe(200);
    expect(keyLookups() - listening).toBe(1);
  });

  it("gives its connection back when closed, and reads every key from then on", async () => {
    expect(observed.pool.totalCount - observed.pool.idleCount).toBe(1);
    await accounts.close();
    expect(await listener()).toBeUndefined();
    // Nothing is checked out any more, so the pool can end.
    expect(observed.pool.totalCount - observed.pool.idleCount).toBe(0);
    const before = keyLookups();
    expect((await list(caching)).status).toBe(200);
    expect((await list(caching)).status).toBe(200);
    expect(keyLookups() - before).toBe(2);
  });

  it("has closed its listening connection whenever close() resolves", async () => {
    // The server takes a moment to end a backend after the client says goodbye; a host
    // shutting down must not find its connection still counted. Repeated because the
    // race, when there was one, was lost only a few times in a hundred.
    await accounts.close();
    for (let round = 0; round < 40; round += 1) {
      const store = createPostgresAccountStore(observed.pool, {
        schema: schema.name,
        apiKeyCache: { onError: (error) => listenErrors.push(error) },
      });
      await store.ready;
      expect(await listener()).toBeDefined();
      await store.close();
      expect(await listener()).toBeUndefined();
    }
    expect(listenErrors).toEqual([]);
  });
});

describe.skipIf(url === undefined)("notifications of account changes", () => {
  let schema: TestSchema;
  let client: pg.Client;
  const heard: string[] = [];
  beforeEach(async () => {
    if (url === undefined) return;
    schema = await createTestSchema(url);
    await seedHarnessOrganizations(schema, 5000);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    client.on("notification", (message) => heard.push(message.channel));
    await client.query(`LISTEN "${schema.name}.accounts"`);
    heard.length = 0;
  });
  afterEach(async () => {
    await client.end();
    await schema.dispose();
  });
  const settle = () => sleep(200);

  it("are sent once per committed statement that changes keys or organizations", async () => {
    const keys = schema.table("api_keys");
    const organizations = schema.table("organizations");
    await schema.pool.query(`UPDATE ${keys} SET scopes = scopes WHERE organization_id = 1`);
    await schema.pool.query(`DELETE FROM ${keys} WHERE organization_id = 2`);
    await schema.pool.query(
      `INSERT INTO ${organizations} (id, name, subscription_active) VALUES (3, 'Third', true)`,
    );
    await schema.pool.query(`TRUNCATE ${keys}`);
    await settle();
    expect(heard).toEqual(Array(4).fill(`${schema.name}.accounts`));
  });

  it("are not sent for a change that is rolled back, nor for other tables", async () => {
    const connection = await schema.pool.connect();
    try {
      await connection.query("BEGIN");
      await connection.query(`UPDATE ${schema.table("api_keys")} SET revoked = true`);
      await connection.query("ROLLBACK");
    } finally {
      connection.release();
    }
    await schema.pool.query(`DELETE FROM ${schema.table("job_outbox")}`);
    await settle();
    expect(heard).toEqual([]);
  });
});
