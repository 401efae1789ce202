/**
 * Standard Webhooks signing and verification, against the specification's published
 * test vector and every way a request can be refused.
 */
import { signWebhook, verifyWebhook, webhookSecretKey } from "reelkit";
import { describe, expect, it } from "vitest";

// The test vector of the Standard Webhooks specification and its reference libraries.
const VECTOR = {
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
  timestampSeconds: 1614265330,
  body: '{"test": 2432232314}',
  signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
};
const NOW = VECTOR.timestampSeconds * 1000;

function headers(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    "webhook-id": VECTOR.id,
    "webhook-timestamp": String(VECTOR.timestampSeconds),
    "webhook-signature": VECTOR.signature,
    ...overrides,
  };
}

describe("signWebhook", () => {
  it("reproduces the Standard Webhooks test vector", async () => {
    expect(await signWebhook(VECTOR)).toBe(VECTOR.signature);
  });

  it("signs with the UTF-8 bytes of a raw secret", async () => {
    const raw = await signWebhook({ ...VECTOR, secret: "plain secret" });
    expect(raw).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(raw).not.toBe(VECTOR.signature);
  });

  it("refuses a whsec_ secret that is not base64, or an empty one", async () => {
    await expect(signWebhook({ ...VECTOR, secret: "whsec_***" })).rejects.toThrow(RangeError);
    expect(webhookSecretKey("whsec_").ok).toBe(false);
    expect(webhookSecretKey("").ok).toBe(false);
    expect(webhookSecretKey("whsec_aGk=")).toEqual({ ok: true, value: new Uint8Array([104, 105]) });
  });
});

describe("verifyWebhook", () => {
  const verify = (overrides: Partial<Parameters<typeof verifyWebhook>[0]> = {}) =>
    verifyWebhook({
      secret: VECTOR.secret,
      headers: headers(),
      body: VECTOR.body,
      nowMilliseconds: NOW,
      ...overrides,
    });

  it("accepts the test vector, from a plain record or a Headers object", async () => {
    const accepted = {
      ok: true,
      value: { id: VECTOR.id, timestampSeconds: VECTOR.timestampSeconds },
    };
    expect(await verify()).toEqual(accepted);
    expect(await verify({ headers: new Headers(headers()) })).toEqual(accepted);
    const upperCase = {
      "Webhook-Id": VECTOR.id,
      "Webhook-Timestamp": String(VECTOR.timestampSeconds),
      "Webhook-Signature": VECTOR.signature,
    };
    expect(await verify({ headers: upperCase })).toEqual(accepted);
  });

  it("accepts a matching signature among several (a secret rotation)", async () => {
    const signatures = `v1,bm9wZQ== v2,ignored ${VECTOR.signature}`;
    expect((await verify({ headers: headers({ "webhook-signature": signatures }) })).ok).toBe(true);
  });

  it("refuses a changed body, id or secret", async () => {
    const refused = { ok: false, error: "invalid_signature" };
    expect(await verify({ body: '{"test": 2432232315}' })).toEqual(refused);
    expect(await verify({ headers: headers({ "webhook-id": "msg_other" }) })).toEqual(refused);
    expect(await verify({ secret: "whsec_aGk=" })).toEqual(refused);
    expect(await verify({ headers: headers({ "webhook-signature": "v1,bm9wZQ==" }) })).toEqual(
      refused,
    );
  });

  it("refuses a timestamp outside the tolerance, and accepts one at its edge", async () => {
    const edge = NOW + 300_000;
    expect((await verify({ nowMilliseconds: edge })).ok).toBe(true);
    expect(await verify({ nowMilliseconds: edge + 1000 })).toEqual({
      ok: false,
      error: "timestamp_out_of_tolerance",
    });
    expect(await verify({ nowMilliseconds: NOW - 301_000 })).toEqual({
      ok: false,
      error: "timestamp_out_of_tolerance",
    });
    expect((await verify({ nowMilliseconds: NOW + 10_000, tolerance: 10 })).ok).toBe(true);
    expect((await verify({ nowMilliseconds: NOW + 11_000, tolerance: 10 })).ok).toBe(false);
  });

  it("refuses missing headers, a malformed timestamp and a secret without a key", async () => {
    const { "webhook-signature": _, ...unsigned } = headers();
    expect(await verify({ headers: unsigned })).toEqual({ ok: false, error: "missing_headers" });
    expect(await verify({ headers: headers({ "webhook-timestamp": "16e8" }) })).toEqual({
      ok: false,
      error: "invalid_timestamp",
    });
    expect(await verify({ secret: "whsec_***" })).toEqual({ ok: false, error: "invalid_secret" });
  });
});
