import { describe, expect, it } from "vitest";
import { createHarness, KEYS, ORGS } from "../support/harness.js";
import { IMAGE_BYTES, imageUrlsBody, inlineImage, recordingStorage } from "./reference-fixtures.js";

const PATH = "/reference-inspirations";

describe("POST /reference-inspirations as a paid request", () => {
  it("answers 402 insufficient_credits when the media cost more than the balance", async () => {
    const harness = await createHarness({ credits: 89 });
    const response = await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(3) });
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({
      code: "insufficient_credits",
      context: { credits_required: 90, credits_available: 89 },
    });
    expect(await harness.available()).toBe(89);
    expect(harness.queue.pending()).toHaveLength(0);
    const fits = await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(2) });
    expect(fits.status).toBe(200);
    expect(fits.body.remaining_credits).toBe(29);
  });

  it("replays a completed request with the same key and body without charging again", async () => {
    const harness = await createHarness();
    const headers = { "Idempotency-Key": "ref-1" };
    const first = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: imageUrlsBody(2),
      headers,
    });
    const again = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: imageUrlsBody(2),
      headers,
    });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, idempotent_replay: true });
    expect(await harness.available()).toBe(4940);
    expect(harness.queue.pending()).toHaveLength(1);
  });

  it("takes the key from the body when the header is absent", async () => {
    const harness = await createHarness();
    const body = imageUrlsBody(1, { idempotency_key: "body-key" });
    const first = await harness.call("POST", PATH, { key: KEYS.acme, body });
    const again = await harness.call("POST", PATH, { key: KEYS.acme, body });
    expect(again.body.idempotent_replay).toBe(true);
    expect(again.body.reference.id).toBe(first.body.reference.id);
    expect(await harness.available()).toBe(4970);
  });

  it("answers 409 idempotency_conflict for the same key with another body", async () => {
    const harness = await createHarness();
    const headers = { "Idempotency-Key": "ref-2" };
    await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(1), headers });
    const conflict = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: imageUrlsBody(2),
      headers,
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("idempotency_conflict");
    expect(await harness.available()).toBe(4970);
  });

  it("charges once for parallel requests with one key", async () => {
    const harness = await createHarness();
    const headers = { "Idempotency-Key": "ref-parallel" };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(1), headers }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(await harness.available()).toBe(4970);
    expect(harness.queue.pending()).toHaveLength(1);
  });

  it("never overdraws with parallel requests under distinct keys", async () => {
    const harness = await createHarness({ credits: 100 });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        harness.call("POST", PATH, {
          key: KEYS.acme,
          body: imageUrlsBody(1),
          headers: { "Idempotency-Key": `distinct-${index}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 402, 402, 402]);
    expect(await harness.available()).toBe(10);
  });

  it("answers 429 past the rate limit, charging nothing", async () => {
    const harness = await createHarness({ rateLimit: { maxRequests: 1, windowSeconds: 60 } });
    const first = await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(1) });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-RateLimit-Remaining")).toBe("0");
    const limited = await harness.call("POST", PATH, { key: KEYS.acme, body: imageUrlsBody(1) });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: "rate_limited", retryable: true });
    expect(await harness.available()).toBe(4970);
  });

  it("releases the hold and answers a retryable 500 when the analysis cannot be queued", async () => {
    const harness = await createHarness({ queueCapacity: 0 });
    const headers = { "Idempotency-Key": "queue-down" };
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: imageUrlsBody(2),
      headers,
    });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({ code: "server_error", retryable: true });
    expect(await harness.available()).toBe(5000);
    const list = await harness.call("GET", PATH, { key: KEYS.acme });
    expect(list.body.references).toHaveLength(1);
    expect(list.body.references[0]).toMatchObject({
      analysis_status: "failed",
      analysis_error: expect.stringContaining("could not be queued"),
    });
    expect(harness.serverErrors).toEqual([]);
  });

  it("releases the hold and answers a retryable 500 when inline images cannot be stored", async () => {
    const storage = recordingStorage({ failing: true });
    const harness = await createHarness({ overrides: { mediaStorage: storage } });
    const response = await harness.call("POST", PATH, {
      key: KEYS.acme,
      body: imageUrlsBody(1, { images: [inlineImage(IMAGE_BYTES.png)] }),
    });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({ code: "server_error", retryable: true });
    expect(storage.puts).toHaveLength(1);
    expect(await harness.available()).toBe(5000);
    expect(harness.queue.pending()).toHaveLength(0);
    const list = await harness.call("GET", PATH, { key: KEYS.acme });
    expect(list.body.references).toEqual([]);
  });
});

describe("POST /reference-inspirations authentication", () => {
  it("answers 401 without a key and with a revoked key", async () => {
    const harness = await createHarness();
    const missing = await harness.call("POST", PATH, { body: imageUrlsBody(1) });
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe("unauthorized");
    const revoked = await harness.call("POST", PATH, { key: KEYS.revoked, body: imageUrlsBody(1) });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe("invalid_api_key");
  });

  it("answers 403 for a read-only key and 402 for a lapsed organization", async () => {
    const harness = await createHarness();
    const readOnly = await harness.call("POST", PATH, {
      key: KEYS.acmeRead,
      body: imageUrlsBody(1),
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.code).toBe("forbidden");
    const lapsed = await harness.call("POST", PATH, { key: KEYS.lapsed, body: imageUrlsBody(1) });
    expect(lapsed.status).toBe(402);
    expect(lapsed.body.error.code).toBe("payment_required");
    expect(await harness.available()).toBe(5000);
    expect(await harness.available(ORGS.lapsed)).toBe(5000);
  });

  it("accepts a write-only key", async () => {
    const harness = await createHarness();
    const response = await harness.call("POST", PATH, {
      key: KEYS.acmeWrite,
      body: imageUrlsBody(1),
    });
    expect(response.status).toBe(200);
  });
});
