import { describe, expect, it } from "vitest";
import { creditsReturned } from "../../src/credits/index.js";
import {
  fingerprintRequest,
  IDEMPOTENCY_LEASE_DEFAULT_MILLISECONDS,
  IDEMPOTENCY_RETENTION_DEFAULT_MILLISECONDS,
  isReplayableStatus,
} from "../../src/idempotency/index.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { chargedHolds, createPaidEndpoint, DEFAULT_TEST_PRICE } from "./paid-endpoint.js";

const ORG = toOrganizationId(1);
const BODY = { prompt: "Summer sale", slide_count: 6, aspect_ratio: "4:5" };

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A queueing step that stays open until released, and tells when it was reached. */
function stallQueueing(): {
  reached: Promise<void>;
  resume: () => void;
  hook: () => Promise<void>;
} {
  const reached = deferred();
  const resumed = deferred();
  const hook = (): Promise<void> => {
    reached.resolve();
    return resumed.promise;
  };
  return { reached: reached.promise, resume: resumed.resolve, hook };
}

describe("runIdempotent", () => {
  it("replays a completed request with the identical body and charges nothing more", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    const first = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    endpoint.clock.advance(5_000);
    const second = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    expect(first).toMatchObject({ kind: "answered", status: 200, replayed: false });
    if (first.kind === "conflict" || second.kind === "conflict")
      throw new Error("Expected answers.");
    expect(second).toEqual({
      kind: "answered",
      status: 200,
      replayed: true,
      body: { ...first.body, idempotent_replay: true },
    });
    expect("idempotent_replay" in first.body).toBe(false);
    expect(endpoint.actionRuns()).toBe(1);
    expect(await chargedHolds(endpoint.credits, ORG)).toEqual(["hold-1"]);
    expect(await endpoint.credits.balance(ORG)).toMatchObject({ available: 60 });
  });

  it("ignores key order and the body's own idempotency_key when matching", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    const reordered = {
      aspect_ratio: "4:5",
      idempotency_key: "k1",
      slide_count: 6,
      prompt: "Summer sale",
    };
    const replay = await endpoint.send({ organizationId: ORG, key: "k1", body: reordered });
    expect(replay).toMatchObject({ kind: "answered", replayed: true });
    expect(endpoint.actionRuns()).toBe(1);
  });

  it("answers the same key with a different body with a 409 different_request", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    const result = await endpoint.send({
      organizationId: ORG,
      key: "k1",
      body: { ...BODY, slide_count: 8 },
    });
    expect(result).toEqual({
      kind: "conflict",
      error: expect.objectContaining({
        code: "idempotency_conflict",
        retryable: false,
        context: { reason: "different_request" },
      }),
    });
    expect(endpoint.actionRuns()).toBe(1);
  });

  it("answers a key still in flight with a 409 in_progress, and a different body with different_request", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    const stall = stallQueueing();
    const first = endpoint.send({
      organizationId: ORG,
      key: "k1",
      body: BODY,
      whileQueueing: stall.hook,
    });
    await stall.reached;
    const same = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    const other = await endpoint.send({
      organizationId: ORG,
      key: "k1",
      body: { prompt: "other" },
    });
    expect(same).toMatchObject({ kind: "conflict", error: { context: { reason: "in_progress" } } });
    expect(other).toMatchObject({
      kind: "conflict",
      error: { context: { reason: "different_request" } },
    });
    stall.resume();
    expect(await first).toMatchObject({ kind: "answered", replayed: false });
    expect(endpoint.actionRuns()).toBe(1);
  });

  it("runs the same key once per organization", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(toOrganizationId(11), 100, "invoice-a");
    await endpoint.credits.grant(toOrganizationId(12), 100, "invoice-b");
    const a = await endpoint.send({
      organizationId: toOrganizationId(11),
      key: "shared",
      body: BODY,
    });
    const b = await endpoint.send({
      organizationId: toOrganizationId(12),
      key: "shared",
      body: BODY,
    });
    expect(a).toMatchObject({ kind: "answered", replayed: false });
    expect(b).toMatchObject({ kind: "answered", replayed: false });
    expect(endpoint.actionRuns()).toBe(2);
    expect(await chargedHolds(endpoint.credits, toOrganizationId(11))).toHaveLength(1);
    expect(await chargedHolds(endpoint.credits, toOrganizationId(12))).toHaveLength(1);
  });

  it("lets a request take over the expired lease of a crashed one and charges once", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    // The crashed request claimed the key for this very body, then died before charging.
    const crashed = await endpoint.keys.claim(
      { organizationId: ORG, key: "k1" },
      {
        fingerprint: await fingerprintRequest("create_slideshow", BODY),
        nowMilliseconds: endpoint.clock.now(),
        leaseMilliseconds: 1_000,
      },
    );
    expect(crashed.kind).toBe("claimed");
    const blocked = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    expect(blocked).toMatchObject({
      kind: "conflict",
      error: { context: { reason: "in_progress" } },
    });
    endpoint.clock.advance(1_000);
    const takeover = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    expect(takeover).toMatchObject({ kind: "answered", replayed: false });
    const replay = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    expect(replay).toMatchObject({ kind: "answered", replayed: true });
    expect(endpoint.actionRuns()).toBe(1);
    expect(await chargedHolds(endpoint.credits, ORG)).toEqual(["hold-1"]);
  });

  it("lets a request that outlives its lease lose the key: its late answer is returned but not stored", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    const stall = stallQueueing();
    const slow = endpoint.send({
      organizationId: ORG,
      key: "k1",
      body: BODY,
      leaseMilliseconds: 1_000,
      whileQueueing: stall.hook,
    });
    await stall.reached;
    endpoint.clock.advance(1_000);
    const fresh = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    stall.resume();
    const late = await slow;
    expect(late).toMatchObject({ kind: "answered", replayed: false, body: { hold_id: "hold-1" } });
    expect(fresh).toMatchObject({ kind: "answered", replayed: false, body: { hold_id: "hold-2" } });
    const replay = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    expect(replay).toMatchObject({ kind: "answered", replayed: true, body: { hold_id: "hold-2" } });
  });

  it("undoes, inside a unit of work, a request that outlived its lease, answering in_progress", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    const units: string[] = [];
    // A unit that reports whether its work committed or was rolled back.
    const atomically = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        const result = await work();
        units.push("committed");
        return result;
      } catch (error) {
        units.push("rolled back");
        throw error;
      }
    };
    const stall = stallQueueing();
    const slow = endpoint.send({
      organizationId: ORG,
      key: "k1",
      body: BODY,
      leaseMilliseconds: 1_000,
      whileQueueing: stall.hook,
      atomically,
    });
    await stall.reached;
    endpoint.clock.advance(1_000);
    const fresh = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY, atomically });
    stall.resume();
    const late = await slow;
    expect(fresh).toMatchObject({ kind: "answered", replayed: false, body: { hold_id: "hold-2" } });
    expect(late.kind).toBe("conflict");
    expect(late.kind === "conflict" && late.error.code).toBe("idempotency_conflict");
    expect(late.kind === "conflict" && late.error.context).toEqual({ reason: "in_progress" });
    expect(units).toEqual(["committed", "rolled back"]);
    const replay = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    expect(replay).toMatchObject({ kind: "answered", replayed: true, body: { hold_id: "hold-2" } });
  });

  it("frees the key after the retention period, so it can be reused", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    endpoint.clock.advance(IDEMPOTENCY_RETENTION_DEFAULT_MILLISECONDS - 1);
    expect(await endpoint.send({ organizationId: ORG, key: "k1", body: BODY })).toMatchObject({
      replayed: true,
    });
    endpoint.clock.advance(1);
    const reused = await endpoint.send({ organizationId: ORG, key: "k1", body: { prompt: "New" } });
    expect(reused).toMatchObject({ kind: "answered", replayed: false });
    expect(endpoint.actionRuns()).toBe(2);
  });

  it("honours a configured retention", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    await endpoint.send({ organizationId: ORG, key: "k1", body: BODY, retentionMilliseconds: 10 });
    endpoint.clock.advance(10);
    expect(await endpoint.send({ organizationId: ORG, key: "k1", body: BODY })).toMatchObject({
      replayed: false,
    });
  });

  it("releases the key and rethrows when the action throws, leaving no charge behind", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    await expect(
      endpoint.send({ organizationId: ORG, key: "k1", body: BODY, failQueueing: true }),
    ).rejects.toThrow("The job queue is unavailable.");
    expect(await endpoint.keys.inspect({ organizationId: ORG, key: "k1" })).toBeUndefined();
    expect(await endpoint.credits.balance(ORG)).toEqual({
      posted: 100,
      pending: 0,
      available: 100,
    });
    expect(creditsReturned((await endpoint.credits.hold(ORG, "hold-1"))?.state)).toBe(true);
    const retry = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    expect(retry).toMatchObject({ kind: "answered", replayed: false });
    expect(await chargedHolds(endpoint.credits, ORG)).toEqual(["hold-2"]);
  });

  it("does not store a 402, so the same key succeeds after a top-up", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 10, "invoice-1");
    const refused = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    expect(refused).toMatchObject({
      kind: "answered",
      status: 402,
      replayed: false,
      body: {
        error: {
          code: "insufficient_credits",
          context: { credits_required: DEFAULT_TEST_PRICE, credits_available: 10 },
        },
      },
    });
    expect(await endpoint.keys.inspect({ organizationId: ORG, key: "k1" })).toBeUndefined();
    await endpoint.credits.grant(ORG, 100, "top-up");
    const retry = await endpoint.send({ organizationId: ORG, key: "k1", body: BODY });
    expect(retry).toMatchObject({ kind: "answered", status: 200, replayed: false });
  });

  it("runs the action every time when the request carries no key", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    await endpoint.send({ organizationId: ORG, key: undefined, body: BODY });
    const second = await endpoint.send({ organizationId: ORG, key: undefined, body: BODY });
    expect(second).toMatchObject({ kind: "answered", replayed: false });
    expect(endpoint.actionRuns()).toBe(2);
    expect(await chargedHolds(endpoint.credits, ORG)).toHaveLength(2);
  });

  it("rejects invalid durations before running or charging anything", async () => {
    const endpoint = createPaidEndpoint();
    await endpoint.credits.grant(ORG, 100, "invoice-1");
    await expect(
      endpoint.send({ organizationId: ORG, key: "k1", body: BODY, retentionMilliseconds: -1 }),
    ).rejects.toThrow(RangeError);
    await expect(
      endpoint.send({ organizationId: ORG, key: undefined, body: BODY, leaseMilliseconds: 0 }),
    ).rejects.toThrow(RangeError);
    expect(endpoint.actionRuns()).toBe(0);
    expect(await endpoint.keys.inspect({ organizationId: ORG, key: "k1" })).toBeUndefined();
  });

  it("uses a one-minute lease and a one-day retention by default", () => {
    expect(IDEMPOTENCY_LEASE_DEFAULT_MILLISECONDS).toBe(60_000);
    expect(IDEMPOTENCY_RETENTION_DEFAULT_MILLISECONDS).toBe(86_400_000);
  });
});

describe("isReplayableStatus", () => {
  it("stores 2xx responses only", () => {
    expect([199, 200, 201, 299, 300, 402, 409, 429, 500].map(isReplayableStatus)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
