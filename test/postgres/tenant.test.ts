import pg from "pg";
import type { Job } from "reelkit";
import {
  createPostgresPorts,
  listDeadJobs,
  MIGRATIONS,
  migrate,
  pruneJobOutbox,
  releaseAbandonedHolds,
  seedOrganizations,
} from "reelkit/postgres";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { setupOf } from "../../src/host/host-setup.js";
import { startHost } from "../../src/host/start-host.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";
import { job, sleep } from "./support/jobs.js";

const url = testDatabaseUrl();

const REELKIT_TABLES = [
  "api_keys",
  "credit_accounts",
  "credit_holds",
  "credit_ledger",
  "editor_revisions",
  "editor_snapshots",
  "generations",
  "idempotency_keys",
  "job_lane_turns",
  "job_organization_turns",
  "job_outbox",
  "media",
  "oauth_authorization_codes",
  "oauth_clients",
  "oauth_grants",
  "oauth_tokens",
  "organizations",
  "rate_limit_windows",
  "reference_inspirations",
  "schema_migrations",
  "slideshows",
  "video_id_counters",
  "videos",
  "webhook_deliveries",
  "webhook_endpoints",
];

const HOST_KEY = "rk_test_tenant_host";

// The reference host's setup: Acme with 100 credits and a key that may generate.
function hostSetup() {
  const parsed = parseFixtureText(
    JSON.stringify({
      organizations: [
        {
          id: 1,
          name: "Acme",
          credits: 100,
          api_keys: [{ key: HOST_KEY, scopes: ["generations:read", "generations:write"] }],
        },
      ],
      simulator: { job_duration_ms: 0 },
    }),
    "tenant",
  );
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

const ACME = {
  id: 1,
  name: "Acme",
  subscriptionActive: true,
  credits: 500,
  apiKeys: [{ key: "rk_test_tenant", scopes: ["generations:read"] as const }],
};

// An application's own schema: its `organizations` and golang-migrate's
// `schema_migrations`, both of another shape than reelkit's.
async function fillApplicationSchema(pool: pg.Pool, name: string): Promise<void> {
  await pool.query(`
    CREATE TABLE ${name}.organizations (id bigserial PRIMARY KEY, slug text NOT NULL UNIQUE, plan text);
    INSERT INTO ${name}.organizations (slug, plan) VALUES ('acme-inc', 'gold'), ('globex', NULL);
    CREATE TABLE ${name}.schema_migrations (version bigint NOT NULL PRIMARY KEY, dirty boolean NOT NULL);
    INSERT INTO ${name}.schema_migrations VALUES (20240611093000, false);`);
}

// Everything about a schema a migration could change: its relations, their columns, and
// the rows of the application's two tables.
async function snapshotOf(pool: pg.Pool, name: string) {
  const relations = await pool.query(
    `SELECT c.relname, c.relkind FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 ORDER BY c.relname`,
    [name],
  );
  const columns = await pool.query(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
    [name],
  );
  const organizations = await pool.query(`SELECT * FROM ${name}.organizations ORDER BY id`);
  const migrations = await pool.query(`SELECT * FROM ${name}.schema_migrations`);
  return {
    relations: relations.rows,
    columns: columns.rows,
    organizations: organizations.rows,
    migrations: migrations.rows,
  };
}

async function relationsIn(pool: pg.Pool, name: string, kind: string): Promise<string[]> {
  const { rows } = await pool.query(
    `SELECT c.relname FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind = $2 ORDER BY c.relname`,
    [name, kind],
  );
  return rows.map((row) => row.relname);
}

describe.skipIf(url === undefined)("reelkit/postgres as a tenant of a shared database", () => {
  let application: TestSchema;
  let reelkit: TestSchema;
  let applicationPool: pg.Pool;
  beforeEach(async () => {
    application = await createTestSchema(url as string, { migrate: false });
    // A fresh name for reelkit's schema, which `migrate` must create itself.
    reelkit = await createTestSchema(url as string, { migrate: false });
    await reelkit.pool.query(`DROP SCHEMA ${reelkit.name}`);
    await fillApplicationSchema(application.pool, application.name);
    // The application's pool: its connections look up unqualified names in its schema.
    applicationPool = new pg.Pool({
      connectionString: url,
      options: `-c search_path=${application.name}`,
      max: 4,
      idleTimeoutMillis: 200,
    });
  });
  afterEach(async () => {
    await applicationPool.end();
    await Promise.all([application.dispose(), reelkit.dispose()]);
  });

  it("migrates and seeds beside the application's organizations and schema_migrations, leaving them as they were", async () => {
    const before = await snapshotOf(applicationPool, application.name);
    const inSchema = { schema: reelkit.name };
    const versions = MIGRATIONS.map((migration) => migration.version);
    // Versions may skip a number (one held by a change developed alongside).
    const latest = versions.at(-1);
    expect(await migrate(applicationPool, inSchema)).toEqual({
      applied: versions,
      version: latest,
    });
    expect(await migrate(applicationPool, inSchema)).toEqual({ applied: [], version: latest });
    const seeded = await seedOrganizations(applicationPool, [ACME], inSchema);
    expect(seeded.organizationsAdded).toEqual([1]);

    expect(await snapshotOf(applicationPool, application.name)).toEqual(before);
    expect(await relationsIn(applicationPool, reelkit.name, "r")).toEqual(REELKIT_TABLES);
    expect(await relationsIn(applicationPool, reelkit.name, "S")).toEqual([
      "generations_position_seq",
      "job_outbox_position_seq",
      "job_turns",
      "media_position_seq",
      "reference_inspirations_position_seq",
      "slideshows_position_seq",
      "videos_position_seq",
      "webhook_deliveries_position_seq",
    ]);
    const indexes = await relationsIn(applicationPool, reelkit.name, "i");
    expect(indexes).toContain("job_outbox_finished");
    expect(indexes).toContain("api_keys_lookup_prefix");
    // Every index, sequence and function reelkit made is in its schema, none elsewhere.
    const { rows: stray } = await applicationPool.query(
      `SELECT n.nspname, c.relname FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
       WHERE n.nspname IN ($1, 'public') AND c.relname NOT LIKE 'organizations%'
         AND c.relname NOT LIKE 'schema_migrations%'`,
      [application.name],
    );
    expect(stray).toEqual([]);
    const { rows: functions } = await applicationPool.query(
      `SELECT n.nspname FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace
       WHERE p.proname = 'reelkit_refuse_ledger_change' AND n.nspname IN ($1, $2, 'public')`,
      [application.name, reelkit.name],
    );
    expect(functions).toEqual([{ nspname: reelkit.name }]);
    const { rows: seededRows } = await applicationPool.query(
      `SELECT id, name FROM ${reelkit.name}.organizations`,
    );
    expect(seededRows).toEqual([{ id: 1, name: "Acme" }]);
  });

  it("serves a paid request through the host whose connections search the application's schema", async () => {
    const before = await snapshotOf(applicationPool, application.name);
    // The host's connections look up unqualified names in the application's schema.
    const databaseUrl = new URL(url as string);
    databaseUrl.searchParams.set("options", `-c search_path=${application.name}`);
    const host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: hostSetup(),
      databaseUrl: databaseUrl.href,
      databaseSchema: reelkit.name,
    });
    try {
      const headers = { authorization: `Bearer ${HOST_KEY}` };
      const created = await fetch(`${host.origin}/v1/generations`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "idempotency-key": "tenant-1" },
        body: JSON.stringify({
          type: "static_ad",
          template_slug: "product-hero",
          prompt: "Cold brew",
        }),
      });
      const body = await created.json();
      expect(created.status).toBe(200);
      expect(body.remaining_credits).toBe(80);
      const id = body.generations[0].id;
      let status = "generating";
      while (status === "generating") {
        const read = await fetch(`${host.origin}/v1/generations/${id}`, { headers });
        status = (await read.json()).status;
        if (status === "generating") await sleep(20);
      }
      expect(status).toBe("completed");
      expect((await host.wiring.deps.credits.balance(toOrganizationId(1))).available).toBe(80);
    } finally {
      await host.stop();
    }
    expect(await snapshotOf(applicationPool, application.name)).toEqual(before);
    const { rows } = await applicationPool.query(
      `SELECT organization_id, state FROM ${reelkit.name}.job_outbox`,
    );
    expect(rows).toEqual([{ organization_id: 1, state: "done" }]);
  });

  it("runs every port, the worker and its maintenance on the application's pool", async () => {
    const inSchema = { schema: reelkit.name };
    await migrate(applicationPool, inSchema);
    await seedOrganizations(applicationPool, [ACME], inSchema);
    const before = await snapshotOf(applicationPool, application.name);
    const ports = createPostgresPorts(applicationPool, inSchema);

    expect(await ports.accounts.organization(toOrganizationId(1))).toEqual({
      id: 1,
      name: "Acme",
      subscriptionActive: true,
    });
    expect((await ports.rateLimiter.consume(toOrganizationId(1), 0)).allowed).toBe(true);
    const claim = await ports.idempotency.claim(
      { organizationId: toOrganizationId(1), key: "tenant-1" },
      { fingerprint: "f", nowMilliseconds: 0, leaseMilliseconds: 60_000 },
    );
    expect(claim.kind).toBe("claimed");
    await ports.unitOfWork.run(async () => {
      await ports.credits.reserve(toOrganizationId(1), [{ holdId: "paid", amount: 40 }]);
      await ports.queue.enqueue(job("paid"));
    });
    const id = await ports.stores.videos.nextId(toOrganizationId(1));
    expect(id).toBe(1);

    const ran: string[] = [];
    const worker = ports.startWorker(async (next: Job) => {
      ran.push(next.id);
      await ports.credits.capture(toOrganizationId(1), next.holdId);
    });
    while (ran.length === 0) await sleep(10);
    await worker.stop();

    expect(await ports.credits.balance(toOrganizationId(1))).toEqual({
      posted: 460,
      pending: 0,
      available: 460,
    });
    expect(await pruneJobOutbox(applicationPool, inSchema)).toEqual({ done: 0, dead: 0 });
    expect(await listDeadJobs(applicationPool, inSchema)).toEqual([]);
    expect(await releaseAbandonedHolds(applicationPool, ports.credits, inSchema)).toBe(0);
    expect(await snapshotOf(applicationPool, application.name)).toEqual(before);
  });

  it("refuses to start an empty schema beside the tables of a deployment from before the option, and keeps using them when named", async () => {
    // A deployment one version behind whose tables live in its connections' own schema.
    const legacy = await createTestSchema(url as string, { migrate: false });
    const legacyPool = new pg.Pool({
      connectionString: url,
      options: `-c search_path=${legacy.name}`,
      max: 2,
      idleTimeoutMillis: 200,
    });
    try {
      await migrate(legacyPool, { schema: legacy.name, migrations: MIGRATIONS.slice(0, -1) });
      await seedOrganizations(legacyPool, [ACME], { schema: legacy.name });

      await expect(migrate(legacyPool, { schema: reelkit.name })).rejects.toThrow(
        `reelkit's tables already exist in schema "${legacy.name}", not in "${reelkit.name}". Pass { schema: "${legacy.name}" }`,
      );
      expect(await relationsIn(legacyPool, reelkit.name, "r")).toEqual([]);

      const latest = MIGRATIONS.at(-1)?.version;
      expect(await migrate(legacyPool, { schema: legacy.name })).toEqual({
        applied: [latest],
        version: latest,
      });
      const ports = createPostgresPorts(legacyPool, { schema: legacy.name });
      expect((await ports.credits.balance(toOrganizationId(1))).available).toBe(500);
    } finally {
      await legacyPool.end();
      await legacy.dispose();
    }
  });
});
