/**
 * The contract every `IdempotencyStore` implementation must meet. A store's own test
 * file calls {@link describeIdempotencyStoreContract} with a factory that returns an
 * empty store, so the in-memory store and the PostgreSQL adapter run the very same
 * tests. Time is passed to the store explicitly, so no clock is needed here.
 */

import { describe, expect, it } from "vitest";
import type { IdempotencyStore } from "../../src/idempotency/index.js";
import { toOrganizationId } from "../../src/organization-id.js";
import type { ContractOptions } from "./contract-options.js";
import { describeIdempotencyStoreModel } from "./idempotency-store-model.js";
import { describeIdempotencyStoreRaces } from "./idempotency-store-races.js";

/** Returns a new, empty store; called once per test and once per property run. */
export type IdempotencyStoreFactory = () => Promise<IdempotencyStore> | IdempotencyStore;

const START = Date.UTC(2026, 0, 1);
const LEASE = 60_000;
const RETENTION = 86_400_000;
const SCOPE = { organizationId: toOrganizationId(1), key: "key-1" };
const RESPONSE = { status: 200, bodyJson: '{"object":"generation_batch","status":"queued"}' };

const claimAt = (nowMilliseconds: number, fingerprint = "fingerprint-1") => ({
  fingerprint,
  nowMilliseconds,
  leaseMilliseconds: LEASE,
});

/** Claims {@link SCOPE} at {@link START} and returns the lease token. */
async function claimToken(store: IdempotencyStore): Promise<string> {
  const claim = await store.claim(SCOPE, claimAt(START));
  if (claim.kind !== "claimed") throw new Error(`Expected a claim, got ${claim.kind}.`);
  return claim.lease.token;
}

/** Claims and completes {@link SCOPE} at {@link START}. */
async function completeOnce(store: IdempotencyStore): Promise<void> {
  const token = await claimToken(store);
  const completion = {
    token,
    response: RESPONSE,
    nowMilliseconds: START,
    retentionMilliseconds: RETENTION,
  };
  expect(await store.complete(SCOPE, completion)).toEqual({ ok: true, value: undefined });
}

/** Registers the whole idempotency store contract under `name`. */
export function describeIdempotencyStoreContract(
  name: string,
  makeStore: IdempotencyStoreFactory,
  options?: ContractOptions,
): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    describeClaims(makeStore);
    describeCompletion(makeStore);
    describeLeases(makeStore);
    describeRetention(makeStore);
    describeIdempotencyStoreModel(makeStore, options);
    describeIdempotencyStoreRaces(makeStore, options);
  });
}

function describeClaims(makeStore: IdempotencyStoreFactory): void {
  describe("claims", () => {
    it("claims an absent key with a lease", async () => {
      const store = await makeStore();
      const claim = await store.claim(SCOPE, claimAt(START));
      expect(claim).toMatchObject({
        kind: "claimed",
        takeover: false,
        lease: { expiresAtMilliseconds: START + LEASE },
      });
      expect(await store.inspect(SCOPE)).toMatchObject({
        state: "in_flight",
        fingerprint: "fingerprint-1",
        leaseExpiresAtMilliseconds: START + LEASE,
      });
    });

    it("answers the same request in flight with in_progress", async () => {
      const store = await makeStore();
      await claimToken(store);
      expect(await store.claim(SCOPE, claimAt(START + LEASE - 1))).toEqual({
        kind: "conflict",
        reason: "in_progress",
      });
    });

    it("answers a different request with different_request, even while the key is in flight", async () => {
      const store = await makeStore();
      await claimToken(store);
      expect(await store.claim(SCOPE, claimAt(START + 1, "fingerprint-2"))).toEqual({
        kind: "conflict",
        reason: "different_request",
      });
    });

    it("scopes keys per organization", async () => {
      const store = await makeStore();
      await claimToken(store);
      const other = { organizationId: toOrganizationId(2), key: SCOPE.key };
      expect(await store.claim(other, claimAt(START))).toMatchObject({ kind: "claimed" });
    });

    it("rejects a lease that is not a positive duration", async () => {
      const store = await makeStore();
      await expect(
        store.claim(SCOPE, { fingerprint: "f", nowMilliseconds: START, leaseMilliseconds: 0 }),
      ).rejects.toThrow(RangeError);
      expect(await store.inspect(SCOPE)).toBeUndefined();
    });
  });
}

function describeCompletion(makeStore: IdempotencyStoreFactory): void {
  describe("completion and release", () => {
    it("replays a completed request's response", async () => {
      const store = await makeStore();
      await completeOnce(store);
      expect(await store.claim(SCOPE, claimAt(START + 5))).toEqual({
        kind: "replay",
        response: RESPONSE,
      });
      expect(await store.inspect(SCOPE)).toMatchObject({
        state: "completed",
        completedAtMilliseconds: START,
        retainedUntilMilliseconds: START + RETENTION,
      });
    });

    it("answers a different request against a completed key with different_request", async () => {
      const store = await makeStore();
      await completeOnce(store);
      expect(await store.claim(SCOPE, claimAt(START + 5, "fingerprint-2"))).toEqual({
        kind: "conflict",
        reason: "different_request",
      });
    });

    it("frees a released key at once, and issues a new token for the next claim", async () => {
      const store = await makeStore();
      const first = await claimToken(store);
      expect(await store.release(SCOPE, first)).toEqual({ ok: true, value: undefined });
      expect(await store.inspect(SCOPE)).toBeUndefined();
      const second = await claimToken(store);
      expect(second).not.toBe(first);
      expect(await store.release(SCOPE, first)).toEqual({ ok: false, error: "lease_lost" });
    });

    it("refuses to complete or release with a token it did not issue for the claim", async () => {
      const store = await makeStore();
      await claimToken(store);
      const completion = {
        token: "not-a-token",
        response: RESPONSE,
        nowMilliseconds: START,
        retentionMilliseconds: RETENTION,
      };
      expect(await store.complete(SCOPE, completion)).toEqual({ ok: false, error: "lease_lost" });
      expect(await store.release(SCOPE, "not-a-token")).toEqual({ ok: false, error: "lease_lost" });
      expect(await store.inspect(SCOPE)).toMatchObject({ state: "in_flight" });
    });

    it("cannot complete a key twice", async () => {
      const store = await makeStore();
      const token = await claimToken(store);
      const completion = {
        token,
        response: RESPONSE,
        nowMilliseconds: START,
        retentionMilliseconds: RETENTION,
      };
      expect(await store.complete(SCOPE, completion)).toEqual({ ok: true, value: undefined });
      const later = { ...completion, response: { status: 201, bodyJson: "{}" } };
      expect(await store.complete(SCOPE, later)).toEqual({ ok: false, error: "lease_lost" });
      expect(await store.claim(SCOPE, claimAt(START + 1))).toEqual({
        kind: "replay",
        response: RESPONSE,
      });
    });
  });
}

function describeLeases(makeStore: IdempotencyStoreFactory): void {
  describe("leases", () => {
    it("lets a request take over an expired lease; the old holder then loses it", async () => {
      const store = await makeStore();
      const stale = await claimToken(store);
      const takeover = await store.claim(SCOPE, claimAt(START + LEASE));
      expect(takeover).toMatchObject({ kind: "claimed", takeover: true });
      const completion = {
        token: stale,
        response: RESPONSE,
        nowMilliseconds: START + LEASE,
        retentionMilliseconds: RETENTION,
      };
      expect(await store.complete(SCOPE, completion)).toEqual({ ok: false, error: "lease_lost" });
      expect(await store.release(SCOPE, stale)).toEqual({ ok: false, error: "lease_lost" });
      expect(await store.inspect(SCOPE)).toMatchObject({
        state: "in_flight",
        leaseExpiresAtMilliseconds: START + 2 * LEASE,
      });
    });

    it("lets a holder whose lease expired complete while nobody has taken over", async () => {
      const store = await makeStore();
      const token = await claimToken(store);
      const completion = {
        token,
        response: RESPONSE,
        nowMilliseconds: START + 3 * LEASE,
        retentionMilliseconds: RETENTION,
      };
      expect(await store.complete(SCOPE, completion)).toEqual({ ok: true, value: undefined });
    });
  });
}

function describeRetention(makeStore: IdempotencyStoreFactory): void {
  describe("retention", () => {
    it("replays until the retention ends, then frees the key for reuse", async () => {
      const store = await makeStore();
      await completeOnce(store);
      const lastReplay = await store.claim(SCOPE, claimAt(START + RETENTION - 1));
      expect(lastReplay.kind).toBe("replay");
      const reuse = await store.claim(SCOPE, claimAt(START + RETENTION, "fingerprint-2"));
      expect(reuse).toMatchObject({ kind: "claimed", takeover: false });
    });

    it("reaps completed records past retention and never in-flight ones", async () => {
      const store = await makeStore();
      await completeOnce(store);
      const fresh = { organizationId: toOrganizationId(1), key: "key-2" };
      const freshClaim = await store.claim(fresh, claimAt(START + 10));
      if (freshClaim.kind !== "claimed") throw new Error("Expected a claim.");
      const freshCompletion = {
        token: freshClaim.lease.token,
        response: RESPONSE,
        nowMilliseconds: START + 10,
        retentionMilliseconds: RETENTION,
      };
      await store.complete(fresh, freshCompletion);
      const abandoned = { organizationId: toOrganizationId(2), key: "key-3" };
      await store.claim(abandoned, claimAt(START));

      expect(await store.reap(START + RETENTION - 1)).toBe(0);
      expect(await store.reap(START + RETENTION)).toBe(1);
      expect(await store.inspect(SCOPE)).toBeUndefined();
      expect(await store.inspect(fresh)).toMatchObject({ state: "completed" });
      expect(await store.inspect(abandoned)).toMatchObject({ state: "in_flight" });
      expect(await store.reap(START + 10 * RETENTION)).toBe(1);
      expect(await store.inspect(abandoned)).toMatchObject({ state: "in_flight" });
    });
  });
}
