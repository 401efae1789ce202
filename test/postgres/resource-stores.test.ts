import type { GenerationRecord } from "reelkit";
import { createPostgresResourceStores } from "reelkit/postgres";
import { beforeEach, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { describeWithDatabase } from "./support/database.js";
import { editorProject, generation } from "./support/records.js";
import { truncate } from "./support/tables.js";

const bump = (row: GenerationRecord): GenerationRecord => ({
  ...row,
  creditsDeducted: row.creditsDeducted + 1,
});

describeWithDatabase("PostgreSQL resource stores", (schema) => {
  const inSchema = () => ({ schema: schema().name });
  const stores = () => createPostgresResourceStores(schema().pool, inSchema());
  beforeEach(() => truncate(schema(), ["generations", "videos"]));

  it("reads back exactly the record it stored", async () => {
    const record = generation("g1");
    await stores().generations.insert([record]);
    expect(await stores().generations.get(toOrganizationId(1), "g1")).toEqual(record);
  });

  it("hides another organization's records from get, list and update", async () => {
    await stores().generations.insert([generation("g1", 1)]);
    expect(await stores().generations.get(toOrganizationId(2), "g1")).toBeUndefined();
    expect(await stores().generations.list(toOrganizationId(2), { limit: 10 })).toEqual([]);
    expect(await stores().generations.update(toOrganizationId(2), "g1", bump)).toBeUndefined();
    expect((await stores().generations.get(toOrganizationId(1), "g1"))?.creditsDeducted).toBe(10);
  });

  it("lists newest first by insertion, filtered, up to the limit", async () => {
    await stores().generations.insert([1, 2, 3].map((value) => generation(`r${value}`, 1, value)));
    await stores().generations.insert([4, 5].map((value) => generation(`r${value}`, 1, value)));
    await stores().generations.insert([generation("elsewhere", 2, 7)]);
    const odd = await stores().generations.list(toOrganizationId(1), {
      limit: 2,
      filter: (row) => row.creditsDeducted % 2 === 1,
    });
    expect(odd.map((row) => row.id)).toEqual(["r5", "r3"]);
    const all = await stores().generations.list(toOrganizationId(1), { limit: 10 });
    expect(all.map((row) => row.id)).toEqual(["r5", "r4", "r3", "r2", "r1"]);
    expect(await stores().generations.list(toOrganizationId(1), { limit: 0 })).toEqual([]);
  });

  it("continues a list after a record, and ends it after an unknown one", async () => {
    await stores().generations.insert(
      [1, 2, 3, 4, 5].map((value) => generation(`r${value}`, 1, value)),
    );
    await stores().generations.insert([generation("elsewhere", 2, 7)]);
    const list = (query: {
      limit: number;
      after: string;
      filter?: (row: GenerationRecord) => boolean;
    }) => stores().generations.list(toOrganizationId(1), query);
    expect((await list({ limit: 2, after: "r4" })).map((row) => row.id)).toEqual(["r3", "r2"]);
    const odd = await list({
      limit: 5,
      after: "r5",
      filter: (row) => row.creditsDeducted % 2 === 1,
    });
    expect(odd.map((row) => row.id)).toEqual(["r3", "r1"]);
    expect(await list({ limit: 5, after: "r1" })).toEqual([]);
    expect(await list({ limit: 5, after: "elsewhere" })).toEqual([]);
    expect(await list({ limit: 5, after: "gone" })).toEqual([]);
    const videos = await stores().videos.list(toOrganizationId(1), { limit: 5, after: 1.5 });
    expect(videos).toEqual([]);
  });

  it("finds filtered records far down the list, across pages", async () => {
    const rows = Array.from({ length: 300 }, (_, index) => generation(`p${index}`, 1, index));
    await stores().generations.insert(rows);
    const rare = await stores().generations.list(toOrganizationId(1), {
      limit: 3,
      filter: (row) => row.creditsDeducted % 100 === 0,
    });
    expect(rare.map((row) => row.id)).toEqual(["p200", "p100", "p0"]);
  });

  it("inserts all rows or none when an id is taken", async () => {
    await stores().generations.insert([generation("a")]);
    await expect(stores().generations.insert([generation("b"), generation("a")])).rejects.toThrow(
      /exists/,
    );
    expect(await stores().generations.get(toOrganizationId(1), "b")).toBeUndefined();
  });

  it("keeps every one of 20 concurrent updates from two pools", async () => {
    await stores().generations.insert([generation("a", 1, 0)]);
    const other = createPostgresResourceStores(schema().openPool(4), inSchema());
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? stores() : other).generations.update(toOrganizationId(1), "a", bump),
      ),
    );
    expect((await stores().generations.get(toOrganizationId(1), "a"))?.creditsDeducted).toBe(20);
  });

  it("writes nothing when the change returns the record unchanged", async () => {
    await stores().generations.insert([generation("a")]);
    const before = await schema().pool.query(
      `SELECT xmin::text FROM ${schema().table("generations")} WHERE id = 'a'`,
    );
    const same = await stores().generations.update(toOrganizationId(1), "a", (row) => row);
    const after = await schema().pool.query(
      `SELECT xmin::text FROM ${schema().table("generations")} WHERE id = 'a'`,
    );
    expect(same).toEqual(generation("a"));
    expect(after.rows).toEqual(before.rows);
  });

  it("rolls an update back when its change throws", async () => {
    await stores().generations.insert([generation("a")]);
    await expect(
      stores().generations.update(toOrganizationId(1), "a", () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await stores().generations.get(toOrganizationId(1), "a")).toEqual(generation("a"));
  });

  it("allocates distinct, increasing video ids per organization across instances", async () => {
    const other = createPostgresResourceStores(schema().openPool(4), inSchema());
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 === 0 ? stores() : other).videos.nextId(toOrganizationId(1)),
      ),
    );
    expect(new Set(ids).size).toBe(10);
    expect(await stores().videos.nextId(toOrganizationId(1))).toBeGreaterThan(Math.max(...ids));
    // Another organization's ids start from 1, whatever organization 1 did.
    expect(await other.videos.nextId(toOrganizationId(2))).toBe(1);
  });

  it("keeps the same id in two organizations as two videos", async () => {
    await stores().videos.insert([
      editorProject(1),
      { ...editorProject(1), organizationId: toOrganizationId(2) },
    ]);
    expect((await stores().videos.get(toOrganizationId(1), 1))?.organizationId).toBe(1);
    expect((await stores().videos.get(toOrganizationId(2), 1))?.organizationId).toBe(2);
  });

  it("keeps the version column of an editor project in step with its record", async () => {
    const id = await stores().videos.nextId(toOrganizationId(1));
    await stores().videos.insert([editorProject(id)]);
    await stores().videos.update(toOrganizationId(1), id, (row) => ({
      ...row,
      version: row.version + 1,
    }));
    const { rows } = await schema().pool.query(
      `SELECT version, kind FROM ${schema().table("videos")} WHERE id = $1`,
      [id],
    );
    expect(rows).toEqual([{ version: 2, kind: "editor" }]);
    expect((await stores().videos.get(toOrganizationId(1), id))?.version).toBe(2);
    expect(await stores().videos.get(toOrganizationId(1), 2 ** 70)).toBeUndefined();
  });
});
