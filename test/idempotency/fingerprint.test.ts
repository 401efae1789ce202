import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, fingerprintRequest } from "../../src/idempotency/index.js";

describe("fingerprintRequest", () => {
  it("is the SHA-256 hex of the canonical JSON of [operation, body]", async () => {
    const expected = createHash("sha256")
      .update('["create_generation",{"request_count":2,"type":"static_ad"}]')
      .digest("hex");
    const fingerprint = await fingerprintRequest("create_generation", {
      type: "static_ad",
      request_count: 2,
    });
    expect(fingerprint).toBe(expected);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ignores key order and the top-level idempotency_key", async () => {
    const a = await fingerprintRequest("create_slideshow", { prompt: "p", slide_count: 6 });
    const b = await fingerprintRequest("create_slideshow", {
      slide_count: 6,
      idempotency_key: "key-1",
      prompt: "p",
    });
    expect(b).toBe(a);
  });

  it("keeps a nested idempotency_key, which is part of the request", async () => {
    const a = await fingerprintRequest("op", { nested: { idempotency_key: "x" } });
    const b = await fingerprintRequest("op", { nested: {} });
    expect(a).not.toBe(b);
  });

  it("tells operations apart for the same body", async () => {
    const body = { prompt: "p" };
    expect(await fingerprintRequest("create_slideshow", body)).not.toBe(
      await fingerprintRequest("create_faceless_video", body),
    );
  });

  it("gives bodies with different canonical forms different fingerprints", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.jsonValue(), async (a, b) => {
        fc.pre(canonicalJson(a) !== canonicalJson(b));
        expect(await fingerprintRequest("op", [a])).not.toBe(await fingerprintRequest("op", [b]));
      }),
      { seed: 20260121, numRuns: 100 },
    );
  });
});
