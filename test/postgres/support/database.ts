/**
 * The test database: its URL (from the global setup), and a fresh schema per suite so
 * test files run in parallel on one server without seeing each other's rows.
 */
import pg from "pg";
import { migrate } from "reelkit/postgres";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { schemaNameFor } from "./schema-names.js";

/**
 * The URL of the test server. Without one, CI fails loudly (the PostgreSQL tests must run
 * there); elsewhere undefined, and the tests skip with the reason printed.
 */
export function testDatabaseUrl(): string | undefined {
  const url = inject("reelkitDatabaseUrl") || process.env.REELKIT_TEST_DATABASE_URL;
  if (url !== undefined && url !== "") return url;
  const missing = inject("reelkitDatabaseMissing") || "REELKIT_TEST_DATABASE_URL is not set";
  if (process.env.CI === "true") {
    throw new Error(`PostgreSQL tests cannot run in CI: ${missing}.`);
  }
  console.warn(`Skipping PostgreSQL tests: ${missing}.`);
  return undefined;
}

/** A schema of its own, migrated, and a pool whose connections use it. */
export interface TestSchema {
  /** Connections whose `search_path` is the schema. */
  readonly pool: pg.Pool;
  /** The schema's name. */
  readonly name: string;
  /** A second pool on the same schema, as another process would have. */
  openPool(max?: number): pg.Pool;
  /** Closes every pool and drops the schema. */
  dispose(): Promise<void>;
}

/** Settings of {@link createTestSchema}. */
export interface TestSchemaOptions {
  /** Connections of the first pool; 8 by default. */
  readonly max?: number;
  /** Whether to apply the migrations; true by default. */
  readonly migrate?: boolean;
}

/**
 * The database URL of `schema`, for code that connects with a URL alone (the reference
 * host): the schema goes into the connection's options as its search path.
 */
export function schemaUrl(base: string, schema: TestSchema): string {
  const withSchema = new URL(base);
  withSchema.searchParams.set("options", `-c search_path=${schema.name}`);
  return withSchema.href;
}

/** Creates a fresh schema, migrated unless told otherwise. */
export async function createTestSchema(
  url: string,
  options: TestSchemaOptions = {},
): Promise<TestSchema> {
  const max = options.max ?? 8;
  const name = schemaNameFor(inject("reelkitTestRunId") || "local");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  await admin.end();
  const pools: pg.Pool[] = [];
  const openPool = (poolMax = max): pg.Pool => {
    const pool = new pg.Pool({
      connectionString: url,
      options: `-c search_path=${name}`,
      max: poolMax,
      idleTimeoutMillis: 200,
      allowExitOnIdle: true,
    });
    pools.push(pool);
    return pool;
  };
  const pool = openPool();
  if (options.migrate ?? true) await migrate(pool);
  return {
    pool,
    name,
    openPool,
    async dispose() {
      await Promise.all(pools.map((each) => each.end()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${name} CASCADE`);
      await client.end();
    },
  };
}

/**
 * Registers `body` under `name` with a fresh migrated schema for the whole block; skips
 * it (saying why) when there is no server, except in CI, where the file fails.
 */
export function describeWithDatabase(name: string, body: (schema: () => TestSchema) => void): void {
  const url = testDatabaseUrl();
  if (url === undefined) {
    describe.skip(`${name} (no PostgreSQL server)`, () => body(() => undefined as never));
    return;
  }
  describe(name, () => {
    let schema: TestSchema | undefined;
    beforeAll(async () => {
      schema = await createTestSchema(url);
    });
    afterAll(async () => {
      await schema?.dispose();
    });
    body(() => {
      if (schema === undefined) throw new Error("The test schema is not ready.");
      return schema;
    });
  });
}
