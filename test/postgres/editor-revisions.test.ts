/**
 * Editor revisions with two service instances on one database, as two hosts behind a
 * load balancer: each has its own pool and its own cache of latest states, and they agree
 * on the latest revision because it lives in the row both lock.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEYS } from "../service/support/harness.js";
import { createTestSchema, type TestSchema, testDatabaseUrl } from "./support/database.js";
import { type Instance, seedHarnessOrganizations, startInstance } from "./support/instances.js";

const url = testDatabaseUrl();
const PARALLEL = 20;

describe.skipIf(url === undefined && process.env.CI !== "true")(
  "editor revisions on two instances",
  () => {
    let schema: TestSchema;
    let a: Instance;
    let b: Instance;
    let id: number;
    const either = (index: number) => (index % 2 === 0 ? a : b).harness;
    const patch = (index: number, body: Record<string, unknown>) =>
      either(index).call("PATCH", `/editor/videos/${id}`, { key: KEYS.acme, body });
    const read = async (instance: Instance) =>
      (await instance.harness.call("GET", `/editor/videos/${id}`, { key: KEYS.acme })).body.video;

    beforeEach(async () => {
      if (url === undefined) throw new Error("REELKIT_TEST_DATABASE_URL is not set.");
      schema = await createTestSchema(url);
      await seedHarnessOrganizations(schema, 5000);
      [a, b] = await Promise.all([startInstance(schema, "a"), startInstance(schema, "b")]);
      const created = await a.harness.call("POST", "/editor/videos", {
        key: KEYS.acme,
        body: { title: "Shared" },
      });
      id = created.body.video.id;
      // Both hosts hold revision 0 in their caches before the race.
      expect((await read(a)).revision).toBe(0);
      expect((await read(b)).revision).toBe(0);
    });
    afterEach(async () => {
      for (const instance of [a, b]) expect(instance.harness.serverErrors).toEqual([]);
      await schema.dispose();
    });

    it("applies exactly one of 20 parallel edits sent with the same expected_revision", async () => {
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) =>
          patch(index, {
            expected_revision: 0,
            operations: [{ type: "add_text", text: `Line ${index}` }],
          }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(PARALLEL - 1);
      for (const refused of responses.filter((response) => response.status === 409)) {
        expect(refused.body.error).toMatchObject({
          code: "revision_conflict",
          context: { current_revision: 1 },
        });
      }
      for (const instance of [a, b]) {
        const video = await read(instance);
        expect(video.revision).toBe(1);
        expect(video.editor_summary.itemCount).toBe(1);
      }
    });

    it("applies all of 20 parallel edits sent without a precondition, one revision each", async () => {
      const responses = await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) =>
          patch(index, { operations: [{ type: "add_text", text: `Line ${index}` }] }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(200));
      const revisions = responses.map((response) => response.body.revision).sort((x, y) => x - y);
      expect(revisions).toEqual(Array.from({ length: PARALLEL }, (_, index) => index + 1));
      const [fromA, fromB] = [await read(a), await read(b)];
      expect(fromA.revision).toBe(PARALLEL);
      expect(fromB).toEqual(fromA);
      expect(fromA.editor_summary.itemCount).toBe(PARALLEL);
      // Each host undoes on the state the other made.
      const undone = await b.harness.call("POST", `/editor/videos/${id}/undo`, { key: KEYS.acme });
      expect(undone.body.revision).toBe(PARALLEL + 1);
      expect((await read(a)).editor_summary.itemCount).toBe(PARALLEL - 1);
    });

    it("rebuilds the same state on a host with a cold cache, across snapshots", async () => {
      for (let index = 0; index < 150; index += 1) {
        const response = await patch(index, {
          operations: [{ type: "set_title", title: `Take ${index}` }],
        });
        expect(response.status).toBe(200);
      }
      const cold = await startInstance(schema, "c");
      const [warm, fresh] = [await read(a), await read(cold)];
      expect(fresh).toEqual(warm);
      expect(fresh).toMatchObject({ revision: 150, title: "Take 149" });
      const past = await cold.harness.call("GET", `/editor/videos/${id}?revision=60`, {
        key: KEYS.acme,
      });
      expect(past.body.video.title).toBe("Take 59");
      const forgotten = await cold.harness.call("GET", `/editor/videos/${id}?revision=50`, {
        key: KEYS.acme,
      });
      expect(forgotten.body.error.context).toMatchObject({ oldest_revision: 51 });
      // The snapshot at 150 let the rows no kept revision needs go: the last 100 remain.
      const { rows } = await schema.pool.query(
        `SELECT min(revision)::int AS oldest, count(*)::int AS kept FROM ${schema.table("editor_revisions")}`,
      );
      expect(rows[0]).toEqual({ oldest: 51, kept: 100 });
      const snapshots = await schema.pool.query(
        `SELECT revision FROM ${schema.table("editor_snapshots")} ORDER BY 1`,
      );
      expect(snapshots.rows.map((row) => row.revision)).toEqual([50, 100, 150]);
      expect(cold.harness.serverErrors).toEqual([]);
    });
  },
);
