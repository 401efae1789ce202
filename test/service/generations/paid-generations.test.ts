import { describe, expect, it } from "vitest";
import { toOrganizationId } from "../../../src/organization-id.js";
import { createHarness } from "../support/harness.js";
import { get, post, staticAd } from "./support.js";

describe("POST /generations: idempotency", () => {
  it("replays a completed request with idempotent_replay and charges once", async () => {
    const harness = await createHarness();
    const first = await post(harness, "/generations", staticAd("hero", 2), {
      idempotencyKey: "k-1",
    });
    const again = await post(harness, "/generations", staticAd("hero", 2), {
      idempotencyKey: "k-1",
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, idempotent_replay: true });
    expect(first.body.idempotent_replay).toBeUndefined();
    expect(await harness.available()).toBe(4960);
    expect(harness.queue.pending()).toHaveLength(2);
  });

  it("reads the key from the body when the header is absent", async () => {
    const harness = await createHarness();
    const body = { ...staticAd(), idempotency_key: "body-key" };
    const first = await post(harness, "/generations", body);
    const again = await post(harness, "/generations", body);
    expect(again.body).toEqual({ ...first.body, idempotent_replay: true });
    expect(await harness.available()).toBe(4980);
  });

  it("answers 409 idempotency_conflict for the same key with another body", async () => {
    const harness = await createHarness();
    await post(harness, "/generations", staticAd("hero"), { idempotencyKey: "k-2" });
    const other = await post(harness, "/generations", staticAd("other"), { idempotencyKey: "k-2" });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("idempotency_conflict");
    expect(await harness.available()).toBe(4980);
  });

  it("charges once for ten parallel requests with one key", async () => {
    const harness = await createHarness();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(harness, "/generations", staticAd("parallel", 3), { idempotencyKey: "same" }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const succeeded = responses.filter((response) => response.status === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(succeeded.map((response) => JSON.stringify(response.body.generations)));
    expect(ids.size).toBe(1);
    expect(await harness.available()).toBe(4940);
    expect(harness.queue.pending()).toHaveLength(3);
    expect(harness.serverErrors).toEqual([]);
  });

  it("never overdraws with parallel requests under distinct keys", async () => {
    const harness = await createHarness({ credits: 60 });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        post(harness, "/generations", staticAd(`ad ${index}`), { idempotencyKey: `k-${index}` }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 402, 402, 402]);
    for (const refused of responses.filter((response) => response.status === 402)) {
      expect(refused.body.error.code).toBe("insufficient_credits");
      expect(refused.body.error.context).toEqual({ credits_required: 20, credits_available: 0 });
    }
    expect(await harness.available()).toBe(0);
    expect(harness.queue.pending()).toHaveLength(3);
  });
});

describe("POST /generations: the job queue refuses work", () => {
  it("answers a partial batch, listing every generation, when only some are queued", async () => {
    const harness = await createHarness({ queueCapacity: 2 });
    const response = await post(harness, "/generations", staticAd("three", 3));
    expect(response.status).toBe(200);
    const [a, b, c] = response.body.generations;
    expect(response.body).toMatchObject({
      status: "partial",
      request_count: 3,
      credits_deducted: 40,
      remaining_credits: 4960,
    });
    expect([a.status, b.status, c.status]).toEqual(["generating", "generating", "error"]);
    expect([a.credits_deducted, b.credits_deducted, c.credits_deducted]).toEqual([20, 20, 0]);
    expect(response.body.error).toEqual({
      code: "server_error",
      message: expect.stringContaining("2 of 3"),
      retryable: false,
      context: { reason: "queue_unavailable", not_queued_generation_ids: [c.id] },
    });
    expect(await harness.available()).toBe(4960);
    const refused = await get(harness, `/generations/${c.id}`);
    expect(refused.body.status).toBe("error");
    expect(refused.body.error).toMatchObject({
      code: "generation_failed",
      category: "queue_unavailable",
      retryable: true,
      credits_returned: true,
    });
    await harness.runJobs();
    expect((await get(harness, `/generations/${a.id}`)).body.status).toBe("completed");
    expect(await harness.available()).toBe(4960);
    expect(harness.serverErrors).toEqual([]);
  });

  it("answers 500 and charges nothing when no generation is queued; the key stays usable", async () => {
    const harness = await createHarness({ queueCapacity: 0 });
    const response = await post(harness, "/generations", staticAd("none", 2), {
      idempotencyKey: "q",
    });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({
      code: "server_error",
      retryable: true,
      context: { reason: "queue_unavailable" },
    });
    expect(await harness.available()).toBe(5000);
    const retry = await post(harness, "/generations", staticAd("none", 2), { idempotencyKey: "q" });
    expect(retry.status).toBe(500);
    expect(await harness.available()).toBe(5000);
    const holds = (await harness.deps.credits.ledger(toOrganizationId(1))).filter(
      (entry) => entry.kind === "hold",
    );
    expect(holds).toHaveLength(4);
    expect(harness.serverErrors).toEqual([]);
  });
});

describe("POST /generations: rate limit", () => {
  it("answers 429 past the limit, replays without counting, and recovers after the window", async () => {
    const harness = await createHarness({ rateLimit: { maxRequests: 2, windowSeconds: 60 } });
    const first = await post(harness, "/generations", staticAd("one"), { idempotencyKey: "r-1" });
    const second = await post(harness, "/generations", staticAd("two"), { idempotencyKey: "r-2" });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("X-RateLimit-Remaining")).toBe("0");
    const replay = await post(harness, "/generations", staticAd("one"), { idempotencyKey: "r-1" });
    expect(replay.status).toBe(200);
    expect(replay.body.idempotent_replay).toBe(true);
    const limited = await post(harness, "/generations", staticAd("three"), {
      idempotencyKey: "r-3",
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: "rate_limited", retryable: true });
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(limited.headers.get("X-RateLimit-Remaining")).toBe("0");
    const windowEnd = Date.parse("2026-11-22T09:01:00.000Z");
    expect(limited.headers.get("X-RateLimit-Reset")).toBe(String(windowEnd));
    expect(await harness.available()).toBe(4960);
    harness.clock.advance(60_001);
    const later = await post(harness, "/generations", staticAd("three"), { idempotencyKey: "r-3" });
    expect(later.status).toBe(200);
    expect(await harness.available()).toBe(4940);
  });
});
