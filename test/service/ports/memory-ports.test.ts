import { hashApiKey, type Job, lookupPrefixOf } from "reelkit";
import {
  createMemoryAccountStore,
  createMemoryJobQueue,
  createMemoryMediaStorage,
  createMemoryRateLimiter,
  createMemoryRecordStore,
  createMemoryResourceStores,
} from "reelkit/memory";
import { describe, expect, it } from "vitest";
import { type OrganizationId, toOrganizationId } from "../../../src/organization-id.js";
import { readStored } from "../../support/stored-object.js";

interface Row {
  readonly id: string;
  readonly organizationId: OrganizationId;
  readonly value: number;
}

function rowStore() {
  return createMemoryRecordStore<Row, string>({
    idOf: (row) => row.id,
    organizationOf: (row) => row.organizationId,
  });
}

function job(id: string): Job {
  return {
    id,
    kind: "generation",
    organizationId: toOrganizationId(1),
    resourceId: id,
    holdId: id,
    input: {},
  };
}

describe("memory record store", () => {
  it("hides another organization's records from get, list and update", async () => {
    const store = rowStore();
    await store.insert([{ id: "a", organizationId: toOrganizationId(1), value: 1 }]);
    expect(await store.get(toOrganizationId(2), "a")).toBeUndefined();
    expect(await store.list(toOrganizationId(2), { limit: 10 })).toEqual([]);
    expect(
      await store.update(toOrganizationId(2), "a", (row) => ({ ...row, value: 9 })),
    ).toBeUndefined();
    expect((await store.get(toOrganizationId(1), "a"))?.value).toBe(1);
  });

  it("lists newest first, filtered, up to the limit", async () => {
    const store = rowStore();
    await store.insert(
      [1, 2, 3, 4, 5].map((value) => ({
        id: `r${value}`,
        organizationId: toOrganizationId(1),
        value,
      })),
    );
    const odd = await store.list(toOrganizationId(1), {
      limit: 2,
      filter: (row) => row.value % 2 === 1,
    });
    expect(odd.map((row) => row.id)).toEqual(["r5", "r3"]);
  });

  it("continues a list after a record, and ends it after an unknown one", async () => {
    const store = rowStore();
    const rows = [1, 2, 3, 4, 5].map((value) => ({
      id: `r${value}`,
      organizationId: toOrganizationId(1),
      value,
    }));
    await store.insert(rows);
    await store.insert([{ id: "x", organizationId: toOrganizationId(2), value: 9 }]);
    const page = await store.list(toOrganizationId(1), { limit: 2, after: "r4" });
    expect(page.map((row) => row.id)).toEqual(["r3", "r2"]);
    const odd = await store.list(toOrganizationId(1), {
      limit: 5,
      after: "r5",
      filter: (row) => row.value % 2 === 1,
    });
    expect(odd.map((row) => row.id)).toEqual(["r3", "r1"]);
    expect(await store.list(toOrganizationId(1), { limit: 5, after: "r1" })).toEqual([]);
    expect(await store.list(toOrganizationId(1), { limit: 5, after: "x" })).toEqual([]);
    expect(await store.list(toOrganizationId(1), { limit: 5, after: "gone" })).toEqual([]);
  });

  it("inserts all rows or none when an id is taken", async () => {
    const store = rowStore();
    await store.insert([{ id: "a", organizationId: toOrganizationId(1), value: 1 }]);
    await expect(
      store.insert([
        { id: "b", organizationId: toOrganizationId(1), value: 2 },
        { id: "a", organizationId: toOrganizationId(1), value: 3 },
      ]),
    ).rejects.toThrow(/exists/);
    expect(await store.get(toOrganizationId(1), "b")).toBeUndefined();
  });

  it("keeps every concurrent update", async () => {
    const store = rowStore();
    await store.insert([{ id: "a", organizationId: toOrganizationId(1), value: 0 }]);
    await Promise.all(
      Array.from({ length: 50 }, () =>
        store.update(toOrganizationId(1), "a", (row) => ({ ...row, value: row.value + 1 })),
      ),
    );
    expect((await store.get(toOrganizationId(1), "a"))?.value).toBe(50);
  });

  it("allocates increasing video ids per organization", async () => {
    const stores = createMemoryResourceStores();
    expect([
      await stores.videos.nextId(toOrganizationId(1)),
      await stores.videos.nextId(toOrganizationId(1)),
    ]).toEqual([1, 2]);
    expect(await stores.videos.nextId(toOrganizationId(2))).toBe(1);
  });
});

describe("memory account store", () => {
  it("keeps only the digest of a key and finds it by its lookup prefix", async () => {
    const accounts = createMemoryAccountStore();
    const record = await accounts.addApiKey(toOrganizationId(1), {
      key: "rk_secret",
      scopes: ["generations:read"],
    });
    const digest = await hashApiKey("rk_secret");
    expect(record.keyHash).toBe(digest);
    expect(JSON.stringify(record)).not.toContain("rk_secret");
    expect(await accounts.findKeysByLookupPrefix(lookupPrefixOf(digest))).toEqual([record]);
    expect(await accounts.revokeApiKey(record.keyId)).toBe(true);
    expect((await accounts.findKeysByLookupPrefix(lookupPrefixOf(digest)))[0]?.revoked).toBe(true);
  });
});

describe("memory rate limiter", () => {
  it("allows max requests per window, then refuses until the window ends", async () => {
    const limiter = createMemoryRateLimiter({ maxRequests: 2, windowSeconds: 60 });
    const first = await limiter.consume(toOrganizationId(1), 1_000);
    const second = await limiter.consume(toOrganizationId(1), 2_000);
    const third = await limiter.consume(toOrganizationId(1), 3_000);
    expect([first.allowed, second.allowed, third.allowed]).toEqual([true, true, false]);
    expect([first.remaining, second.remaining, third.remaining]).toEqual([1, 0, 0]);
    expect(third.resetAtMilliseconds).toBe(60_000);
    expect((await limiter.consume(toOrganizationId(2), 3_000)).allowed).toBe(true);
    expect((await limiter.consume(toOrganizationId(1), 60_000)).allowed).toBe(true);
  });

  it("refuses settings that cannot limit anything", () => {
    expect(() => createMemoryRateLimiter({ maxRequests: 0 })).toThrow(RangeError);
    expect(() => createMemoryRateLimiter({ windowSeconds: 0 })).toThrow(RangeError);
  });
});

describe("memory job queue", () => {
  it("runs pending jobs in order, including those queued meanwhile", async () => {
    const queue = createMemoryJobQueue();
    const ran: string[] = [];
    await queue.enqueue(job("a"));
    await queue.enqueue(job("b"));
    const count = await queue.runPending(async (next) => {
      ran.push(next.id);
      if (next.id === "a") await queue.enqueue(job("c"));
    });
    expect(count).toBe(3);
    expect(ran).toEqual(["a", "b", "c"]);
    expect(queue.pending()).toEqual([]);
  });

  it("refuses jobs beyond its capacity", async () => {
    const queue = createMemoryJobQueue({ capacity: 1 });
    await queue.enqueue(job("a"));
    await expect(queue.enqueue(job("b"))).rejects.toThrow(/full/);
  });

  it("works started jobs up to the concurrency and reports worker errors", async () => {
    const errors: string[] = [];
    const queue = createMemoryJobQueue({ onError: (_error, failed) => errors.push(failed.id) });
    let running = 0;
    let peak = 0;
    queue.start(
      async (next) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (next.id === "j3") throw new Error("boom");
      },
      { concurrency: 2 },
    );
    for (let index = 0; index < 6; index += 1) await queue.enqueue(job(`j${index}`));
    await queue.idle();
    expect(peak).toBe(2);
    expect(errors).toEqual(["j3"]);
    await queue.stop();
  });
});

describe("memory media storage", () => {
  it("serves stored bytes under the public base URL and maps URLs back to keys", async () => {
    let tokens = 0;
    const storage = createMemoryMediaStorage({
      publicBaseUrl: "http://host.test/files/",
      newToken: () => {
        tokens += 1;
        return `token${tokens}`;
      },
    });
    const stored = await storage.put("media/1/a b.png", new Uint8Array([1, 2]), {
      contentType: "image/png",
    });
    expect(stored.url).toBe("http://host.test/files/token1/media/1/a%20b.png");
    expect(storage.urlOf("media/1/a b.png")).toBe(stored.url);
    expect(storage.objectKeyOf(stored.url)).toBe("media/1/a b.png");
    expect(storage.objectKeyOf("http://elsewhere.test/files/x")).toBeUndefined();
    // The key alone, or another object's token, is no way in.
    expect(storage.objectKeyOf("http://host.test/files/media/1/a%20b.png")).toBeUndefined();
    await storage.put("media/1/c.png", new Uint8Array([3]), { contentType: "image/png" });
    expect(storage.objectKeyOf("http://host.test/files/token2/media/1/a%20b.png")).toBeUndefined();

    expect(await readStored(storage, "media/1/a b.png")).toEqual({
      bytes: new Uint8Array([1, 2]),
      contentType: "image/png",
    });
    // Replacing an object keeps its URL.
    const again = await storage.put("media/1/a b.png", new Uint8Array([9]), {
      contentType: "image/png",
    });
    expect(again.url).toBe(stored.url);
  });
});
