/**
 * Reading an editor project's state inside a caller's transaction (a paid edit reads the
 * project within the transaction that charges it). That transaction is read-committed, so
 * every statement sees what was committed before it: the state must come from one
 * statement, or a revision committed between two reads leaves neither holding it.
 */
import type pg from "pg";
import { atomically, createPostgresVideoStore } from "reelkit/postgres";
import { expect, it } from "vitest";
import { KEYS, ORGS } from "../service/support/harness.js";
import { describeWithDatabase } from "./support/database.js";
import { seedHarnessOrganizations, startInstance } from "./support/instances.js";

/**
 * `pool`, whose connections run `meanwhile` once, after the first statement whose text
 * `matches` has answered and before its answer is handed back: another host's work lands
 * exactly between that statement and the next.
 */
function pausingPool(
  pool: pg.Pool,
  matches: (sql: string) => boolean,
  meanwhile: () => Promise<void>,
): pg.Pool {
  let paused = false;
  const pausingQuery =
    (target: pg.Pool | pg.PoolClient) =>
    async (...args: unknown[]): Promise<unknown> => {
      const answer = await (target.query as (...params: unknown[]) => Promise<unknown>)(...args);
      const sql = typeof args[0] === "string" ? args[0] : "";
      if (!paused && matches(sql)) {
        paused = true;
        await meanwhile();
      }
      return answer;
    };
  // `target`, with `overrides` in place of some of its properties.
  const passing = <T extends object>(target: T, overrides: Record<string, unknown>): T =>
    new Proxy(target, {
      get(object, property) {
        if (typeof property === "string" && property in overrides) return overrides[property];
        const value = Reflect.get(object, property, object);
        return typeof value === "function" ? value.bind(object) : value;
      },
    });
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    return passing(client, { query: pausingQuery(client) });
  };
  return passing(pool, { connect, query: pausingQuery(pool) });
}

describeWithDatabase("an editor project's state read inside a caller's transaction", (schemaOf) => {
  it("reads the project whole when its first revision commits between the reads", async () => {
    const schema = schemaOf();
    await seedHarnessOrganizations(schema, 5000);
    const writer = await startInstance(schema, "w");
    const created = await writer.harness.call("POST", "/editor/videos", {
      key: KEYS.acme,
      body: { title: "Shared" },
    });
    const id: number = created.body.video.id;
    let edit: { status: number } | undefined;
    // The first revision moves the state out of the project's row into a snapshot; here it
    // commits right after this host's first read of the snapshots.
    const pool = pausingPool(
      schema.openPool(2),
      (sql) => sql.includes("editor_snapshots"),
      async () => {
        edit = await writer.harness.call("PATCH", `/editor/videos/${id}`, {
          key: KEYS.acme,
          body: { operations: [{ type: "add_text", text: "First" }] },
        });
      },
    );
    const videos = createPostgresVideoStore(pool, { schema: schema.name });

    const read = await atomically(pool, () => videos.get(ORGS.acme, id));

    expect(edit?.status).toBe(200);
    expect(read?.version).toBe(0);
    expect(read?.editor?.title).toBe("Shared");
    expect(read?.editor?.items).toEqual({});
    const after = await videos.get(ORGS.acme, id);
    expect(after?.version).toBe(1);
    expect(Object.values(after?.editor?.items ?? {})).toHaveLength(1);
    expect(writer.harness.serverErrors).toEqual([]);
  });
});
