import type { AccountStore } from "reelkit";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, KEYS, ORGS } from "../support/harness.js";

// A key stops working when it is revoked or when it expires (spec 5.8, 7.2:
// invalid_api_key is "malformed, revoked, expired or unknown"). This file runs on memory
// and PostgreSQL; revocation goes through the account port itself.

const HOUR_MS = 3_600_000;

let harness: Harness;
afterEach(() => {
  expect(harness.serverErrors).toEqual([]);
});

const assets = (key: string) => harness.call("GET", "/assets", { key });

function expectInvalid(response: { status: number; body: { error: { code: string } } }): void {
  expect(response.status).toBe(401);
  expect(response.body.error.code).toBe("invalid_api_key");
}

describe("revoking a key through the account port", () => {
  it("refuses the key from the next request on, and leaves the organization's other keys working", async () => {
    harness = await createHarness();
    const record = await harness.accounts.addApiKey(ORGS.acme, {
      key: "rk_test_soon_revoked",
      scopes: ["generations:read"],
    });
    expect((await assets("rk_test_soon_revoked")).status).toBe(200);
    const accounts: AccountStore = harness.deps.accounts;
    expect(await accounts.revokeApiKey(record.keyId)).toBe(true);
    expect(await accounts.revokeApiKey("key_that_never_was")).toBe(false);
    expectInvalid(await assets("rk_test_soon_revoked"));
    expect((await assets(KEYS.acme)).status).toBe(200);
  });
});

describe("a key that expires", () => {
  it("works until its expiry and is refused from that instant on", async () => {
    harness = await createHarness();
    const expiresAt = harness.clock.now() + HOUR_MS;
    await harness.accounts.addApiKey(ORGS.acme, {
      key: "rk_test_expiring",
      scopes: ["generations:read"],
      options: { expiresAtEpochMilliseconds: expiresAt },
    });
    expect((await assets("rk_test_expiring")).status).toBe(200);
    harness.clock.advance(HOUR_MS - 1);
    expect((await assets("rk_test_expiring")).status).toBe(200);
    harness.clock.advance(1);
    expectInvalid(await assets("rk_test_expiring"));
    const created = await harness.call("POST", "/editor/videos", {
      key: "rk_test_expiring",
      body: {},
    });
    expectInvalid(created);
  });

  it("is refused with the same answer as a revoked or unknown key", async () => {
    harness = await createHarness();
    await harness.accounts.addApiKey(ORGS.acme, {
      key: "rk_test_expired",
      scopes: ["generations:read"],
      options: { expiresAtEpochMilliseconds: harness.clock.now() - 1 },
    });
    const expired = await assets("rk_test_expired");
    const revoked = await assets(KEYS.revoked);
    const unknown = await assets("rk_test_nobody_has_this");
    expect(expired.body).toEqual(revoked.body);
    expect(expired.body).toEqual(unknown.body);
  });
});
