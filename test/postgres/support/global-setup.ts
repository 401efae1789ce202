/**
 * Finds the PostgreSQL server the tests use, once per test run, and hands its URL to the
 * test files (`inject("reelkitDatabaseUrl")`):
 *
 * 1. `REELKIT_TEST_DATABASE_URL` when set (CI sets it: `.ci/run` starts a server).
 * 2. Otherwise, outside CI and unless `REELKIT_TEST_POSTGRES=off`, a local throw-away
 *    server started by `.ci/postgres.sh` in a fixed temporary directory and reused by
 *    later runs (stop it with `.ci/postgres.sh stop <dir>`, the directory printed below).
 * 3. Otherwise none: the PostgreSQL tests then skip with the reason, or fail in CI.
 */
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { isDroppable, runIdOf, STALE_RUN_MILLISECONDS } from "./schema-names.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The URL of the test database server, or "" when there is none. */
    reelkitDatabaseUrl: string;
    /** Why there is no server, when there is none. */
    reelkitDatabaseMissing: string;
    /** The run part of this run's schema names. */
    reelkitTestRunId: string;
  }
}

const SCRIPT = join(import.meta.dirname, "..", "..", "..", ".ci", "postgres.sh");

function localServerDirectory(): string {
  return join(tmpdir(), `reelkit-pg-local-${process.getuid?.() ?? "user"}`);
}

function startLocalServer(): { url: string } | { missing: string } {
  try {
    const output = execFileSync(SCRIPT, ["start", localServerDirectory()], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const url = /REELKIT_TEST_DATABASE_URL=(\S+)/.exec(output)?.[1];
    return url === undefined ? { missing: "postgres.sh printed no URL" } : { url };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    return { missing: `could not start a local server: ${stderr.trim().split("\n").at(-1)}` };
  }
}

function locate(): { url: string } | { missing: string } {
  const fromEnvironment = process.env.REELKIT_TEST_DATABASE_URL;
  if (fromEnvironment !== undefined && fromEnvironment !== "") return { url: fromEnvironment };
  if (process.env.CI === "true") return { missing: "REELKIT_TEST_DATABASE_URL is not set in CI" };
  if (process.env.REELKIT_TEST_POSTGRES === "off") {
    return { missing: "REELKIT_TEST_POSTGRES=off and REELKIT_TEST_DATABASE_URL is not set" };
  }
  return startLocalServer();
}

// Drops this run's schemas, and those that killed runs left behind.
async function dropSchemas(url: string, runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'test\\_%'",
    );
    const staleBefore = Date.now() - STALE_RUN_MILLISECONDS;
    for (const { nspname } of rows) {
      if (isDroppable(nspname, runId, staleBefore))
        await client.query(`DROP SCHEMA ${nspname} CASCADE`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Provides the database URL (or why there is none) and the run id to every test file;
 * drops the run's schemas when the run ends.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const found = locate();
  const runId = runIdOf(Date.now());
  project.provide("reelkitDatabaseUrl", "url" in found ? found.url : "");
  project.provide("reelkitDatabaseMissing", "missing" in found ? found.missing : "");
  project.provide("reelkitTestRunId", runId);
  return async () => {
    if ("url" in found) await dropSchemas(found.url, runId).catch(() => undefined);
  };
}
