/**
 * The rules of a host's API key cache, without a database: rows are kept only while
 * changes are listened for, a change drops everything, a read that a change overtook is
 * not kept, lookups that found nothing are never kept, and the least recently used
 * prefix goes first.
 */
import { describe, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import type { KeyWithOrganization } from "../../src/ports/accounts.js";
import { ApiKeyCache } from "../../src/postgres/api-key-cache.js";

const candidate = (keyId: string, revoked = false): KeyWithOrganization => ({
  key: {
    keyId,
    organizationId: toOrganizationId(1),
    keyHash: `hash-${keyId}`,
    scopes: ["generations:read"],
    revoked,
  },
  organization: { id: toOrganizationId(1), name: "Acme", subscriptionActive: true },
});

// A database stand-in: counts reads, answers what `rows` holds at the time of the read.
function database(rows: Record<string, readonly KeyWithOrganization[]>) {
  const reads: string[] = [];
  return {
    reads,
    rows,
    read: (prefix: string) => async () => {
      reads.push(prefix);
      return rows[prefix] ?? [];
    },
  };
}

// A lookup whose read is still on its way until `answer` is called.
function lookupAnsweredLater(cache: ApiKeyCache, prefix: string) {
  let answer: (rows: readonly KeyWithOrganization[]) => void = () => undefined;
  const slow = cache.lookup(
    prefix,
    () => new Promise<readonly KeyWithOrganization[]>((resolve) => (answer = resolve)),
  );
  return { slow, answer: (rows: readonly KeyWithOrganization[]) => answer(rows) };
}

describe("ApiKeyCache", () => {
  it("reads every lookup from the database until changes are listened for", async () => {
    const cache = new ApiKeyCache(10);
    const db = database({ abc: [candidate("k1")] });
    await cache.lookup("abc", db.read("abc"));
    await cache.lookup("abc", db.read("abc"));
    expect(db.reads).toEqual(["abc", "abc"]);
    expect(cache.size).toBe(0);
    expect(cache.isListening).toBe(false);
  });

  it("keeps a found key while listening, and reads it again after any change", async () => {
    const cache = new ApiKeyCache(10);
    cache.listening();
    const db = database({ abc: [candidate("k1")] });
    expect(await cache.lookup("abc", db.read("abc"))).toEqual([candidate("k1")]);
    expect(await cache.lookup("abc", db.read("abc"))).toEqual([candidate("k1")]);
    expect(db.reads).toEqual(["abc"]);
    db.rows.abc = [candidate("k1", true)];
    cache.changed();
    expect(await cache.lookup("abc", db.read("abc"))).toEqual([candidate("k1", true)]);
    expect(db.reads).toEqual(["abc", "abc"]);
  });

  it("does not keep a read that a change overtook, since it may hold the rows from before", async () => {
    const cache = new ApiKeyCache(10);
    cache.listening();
    const { slow, answer } = lookupAnsweredLater(cache, "abc");
    // The key is revoked and announced while the read is on its way back.
    cache.changed();
    answer([candidate("k1")]);
    expect(await slow).toEqual([candidate("k1")]);
    const db = database({ abc: [candidate("k1", true)] });
    expect(await cache.lookup("abc", db.read("abc"))).toEqual([candidate("k1", true)]);
    expect(db.reads).toEqual(["abc"]);
  });

  it("never keeps a lookup that found no key, so made-up keys cannot fill it", async () => {
    const cache = new ApiKeyCache(2);
    cache.listening();
    const db = database({ real: [candidate("k1")] });
    await cache.lookup("real", db.read("real"));
    for (const prefix of ["made-up-1", "made-up-2", "made-up-3"]) {
      await cache.lookup(prefix, db.read(prefix));
    }
    expect(cache.size).toBe(1);
    await cache.lookup("real", db.read("real"));
    expect(db.reads.filter((prefix) => prefix === "real")).toHaveLength(1);
  });

  it("drops everything and stops keeping while deaf, and starts afresh when listening again", async () => {
    const cache = new ApiKeyCache(10);
    cache.listening();
    const db = database({ abc: [candidate("k1")] });
    await cache.lookup("abc", db.read("abc"));
    cache.deaf();
    expect(cache.size).toBe(0);
    await cache.lookup("abc", db.read("abc"));
    await cache.lookup("abc", db.read("abc"));
    expect(db.reads).toHaveLength(3);
    cache.listening();
    await cache.lookup("abc", db.read("abc"));
    await cache.lookup("abc", db.read("abc"));
    expect(db.reads).toHaveLength(4);
  });

  it("does not keep a read that began before the connection was lost and ended after", async () => {
    const cache = new ApiKeyCache(10);
    cache.listening();
    const { slow, answer } = lookupAnsweredLater(cache, "abc");
    cache.deaf();
    cache.listening();
    answer([candidate("k1")]);
    await slow;
    expect(cache.size).toBe(0);
  });

  it("drops the least recently used prefix when full", async () => {
    const cache = new ApiKeyCache(2);
    cache.listening();
    const db = database({ a: [candidate("a")], b: [candidate("b")], c: [candidate("c")] });
    await cache.lookup("a", db.read("a"));
    await cache.lookup("b", db.read("b"));
    // Using `a` makes `b` the least recently used.
    await cache.lookup("a", db.read("a"));
    await cache.lookup("c", db.read("c"));
    expect(cache.size).toBe(2);
    await cache.lookup("a", db.read("a"));
    await cache.lookup("c", db.read("c"));
    await cache.lookup("b", db.read("b"));
    expect(db.reads).toEqual(["a", "b", "c", "b"]);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses a capacity of %s", (capacity) => {
    expect(() => new ApiKeyCache(capacity)).toThrow(RangeError);
  });
});
