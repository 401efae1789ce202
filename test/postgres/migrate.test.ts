import { MIGRATIONS, migrate } from "reelkit/postgres";
import { afterAll, describe, expect, it } from "vitest";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";

const url = testDatabaseUrl();
const schemas: TestSchema[] = [];

afterAll(async () => {
  await Promise.all(schemas.map((schema) => schema.dispose()));
});

async function bareSchema(): Promise<TestSchema> {
  if (url === undefined) throw new Error("No database.");
  const schema = await createTestSchema(url, { migrate: false });
  schemas.push(schema);
  return schema;
}

describe.skipIf(url === undefined)("PostgreSQL migrations", () => {
  it("applies every migration once, in order, and nothing on a second run", async () => {
    const schema = await bareSchema();
    const versions = MIGRATIONS.map((migration) => migration.version);
    const latest = versions.at(-1);
    const options = { schema: schema.name };
    expect(await migrate(schema.pool, options)).toEqual({ applied: versions, version: latest });
    expect(await migrate(schema.pool, options)).toEqual({ applied: [], version: latest });
    const { rows } = await schema.pool.query(
      `SELECT version, name FROM ${schema.table("schema_migrations")} ORDER BY version`,
    );
    expect(rows).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
  });

  it("applies each migration exactly once when five processes migrate at the same moment", async () => {
    const schema = await bareSchema();
    const pools = Array.from({ length: 5 }, () => schema.openPool(2));
    const reports = await Promise.all(pools.map((pool) => migrate(pool, { schema: schema.name })));
    const applied = reports.flatMap((report) => report.applied).sort((a, b) => a - b);
    expect(applied).toEqual(MIGRATIONS.map((migration) => migration.version));
    const latest = MIGRATIONS.at(-1)?.version;
    expect(reports.every((report) => report.version === latest)).toBe(true);
  });

  it("refuses a list of migrations out of order or repeating a version", async () => {
    const schema = await bareSchema();
    const [first, second] = MIGRATIONS;
    if (first === undefined || second === undefined) throw new Error("Expected migrations.");
    const repeated = [first, { ...second, version: 1 }];
    await expect(
      migrate(schema.pool, { schema: schema.name, migrations: repeated }),
    ).rejects.toThrow(RangeError);
    const backwards = [second, first];
    await expect(
      migrate(schema.pool, { schema: schema.name, migrations: backwards }),
    ).rejects.toThrow(RangeError);
  });

  it("keeps the ledger append-only", async () => {
    const schema = await bareSchema();
    await migrate(schema.pool, { schema: schema.name });
    const [accounts, ledger] = [schema.table("credit_accounts"), schema.table("credit_ledger")];
    await schema.pool.query(`INSERT INTO ${accounts} (account_id) VALUES ('a')`);
    await schema.pool.query(
      `INSERT INTO ${ledger} (account_id, sequence, kind, amount, reference, recorded_at_ms) VALUES ('a', 1, 'grant', 5, 'x', 0)`,
    );
    await expect(schema.pool.query(`UPDATE ${ledger} SET amount = 6`)).rejects.toThrow(
      /append-only/,
    );
    await expect(schema.pool.query(`DELETE FROM ${ledger}`)).rejects.toThrow(/append-only/);
    await expect(
      schema.pool.query(`UPDATE ${accounts} SET posted = 1, pending = 2 WHERE account_id = 'a'`),
    ).rejects.toThrow(/credit_accounts_available_not_negative/);
  });
});
