/**
 * `/readyz` on PostgreSQL: the check reports missing migrations (not newer ones), and a
 * host on a server of its own answers 200, 503 while that server is down, and 200 again
 * once it is back. The server is this file's own (`.ci/postgres.sh`), so stopping it
 * leaves the shared one alone.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { MIGRATIONS, migrate, postgresReadiness } from "reelkit/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { ROOT } from "../host/support/spawn-host.js";
import { createTestSchema, testDatabaseUrl } from "./support/database.js";

const run = promisify(execFile);
const sharedUrl = testDatabaseUrl();
const SCRIPT = join(ROOT, ".ci", "postgres.sh");
const ALL_VERSIONS = MIGRATIONS.map((migration) => migration.version);

async function ownServer(command: "start" | "pause" | "resume" | "stop", dir: string) {
  const { stdout } = await run(SCRIPT, [command, dir]);
  return /REELKIT_TEST_DATABASE_URL=(\S+)/.exec(stdout)?.[1];
}

describe.skipIf(sharedUrl === undefined)("the PostgreSQL readiness check", () => {
  it("reports every version pending before migrate, none after, and ignores newer ones", async () => {
    const schema = await createTestSchema(sharedUrl ?? "", { migrate: false });
    try {
      const check = postgresReadiness(schema.pool, { schema: schema.name });
      expect(await check.check()).toEqual({
        ok: false,
        error: {
          reason: "migrations_pending",
          details: { schema: schema.name, missing: ALL_VERSIONS },
        },
      });
      await migrate(schema.pool, { schema: schema.name });
      const latest = ALL_VERSIONS.at(-1);
      expect(await check.check()).toEqual({
        ok: true,
        value: { schema: schema.name, migration: latest },
      });
      // A newer host of a rolling deploy applied a migration this one does not know.
      await schema.pool.query(
        `INSERT INTO "${schema.name}".schema_migrations (version, name) VALUES (9999, 'from a newer host')`,
      );
      expect(await check.check()).toEqual({
        ok: true,
        value: { schema: schema.name, migration: 9999 },
      });
    } finally {
      await schema.dispose();
    }
  });
});

describe.skipIf(sharedUrl === undefined)("/readyz while the database goes down and back", () => {
  const dir = mkdtempSync(join(tmpdir(), "reelkit-readyz-"));
  let url: string | undefined;
  let host: RunningHost | undefined;
  beforeAll(async () => {
    url = await ownServer("start", dir);
  }, 120_000);
  afterAll(async () => {
    await host?.stop();
    await ownServer("stop", dir);
  }, 60_000);

  const readiness = async () => {
    const response = await fetch(`${host?.origin}/readyz`);
    return { status: response.status, body: await response.json() };
  };

  it("answers 200, then 503 naming the database while it is down, then 200 again", async () => {
    expect(url).toMatch(/^postgres:\/\//);
    host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: setupOf(DEMO_FIXTURE),
      databaseUrl: url,
      databaseSchema: "readyz",
      shutdownTimeoutMilliseconds: 1000,
    });
    const up = await readiness();
    expect(up.status).toBe(200);
    expect(up.body.checks).toContainEqual({
      name: "database",
      status: "ok",
      details: { schema: "readyz", migration: ALL_VERSIONS.at(-1) },
    });

    await ownServer("pause", dir);
    const down = await readiness();
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: "not_ready",
      checks: [
        { name: "accepting", status: "ok" },
        { name: "database", status: "failed", reason: "database_unreachable" },
      ],
    });
    expect((await fetch(`${host.origin}/healthz`)).status).toBe(200);

    await ownServer("resume", dir);
    // Connections the outage broke are dropped as they are found; a few probes may still
    // meet one, as a load balancer's would.
    let again = await readiness();
    for (let probe = 0; again.status !== 200 && probe < 20; probe += 1) again = await readiness();
    expect(again.status).toBe(200);
  }, 120_000);
});
