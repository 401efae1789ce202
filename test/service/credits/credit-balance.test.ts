import { buildOpenApiDocument, buildSkillMarkdown, creditBalanceSchema } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { get, post, staticAd } from "../generations/support.js";
import { createHarness, KEYS } from "../support/harness.js";

describe("GET /credits", () => {
  it("reads the balance with a read or a write key", async () => {
    const harness = await createHarness();
    const expected = { object: "credit_balance", available: 5000, pending: 0, posted: 5000 };
    for (const key of [KEYS.acme, KEYS.acmeRead, KEYS.acmeWrite]) {
      const response = await get(harness, "/credits", key);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(expected);
    }
    expect(creditBalanceSchema.parse((await get(harness, "/credits")).body)).toEqual(expected);
  });

  it("holds a paid request's credits as pending, then posts them when the work completes", async () => {
    const harness = await createHarness();
    const created = await post(harness, "/generations", staticAd("Cold brew", 2), {
      idempotencyKey: "credits-1",
    });
    expect(created.status).toBe(200);
    const held = await get(harness, "/credits");
    expect(held.body).toEqual({
      object: "credit_balance",
      available: 4960,
      pending: 40,
      posted: 5000,
    });
    // The number a paid response reports as remaining_credits.
    expect(held.body.available).toBe(created.body.remaining_credits);
    await harness.runJobs();
    expect((await get(harness, "/credits")).body).toEqual({
      object: "credit_balance",
      available: 4960,
      pending: 0,
      posted: 4960,
    });
  });

  it("shows a failed job's credits returned", async () => {
    const harness = await createHarness();
    await post(harness, "/generations", staticAd("This one #fail"), { idempotencyKey: "f-1" });
    expect((await get(harness, "/credits")).body).toMatchObject({ available: 4980, pending: 20 });
    await harness.runJobs();
    expect((await get(harness, "/credits")).body).toMatchObject({
      available: 5000,
      pending: 0,
      posted: 5000,
    });
  });

  it("answers for the key's own organization only", async () => {
    const harness = await createHarness();
    await post(harness, "/generations", staticAd("Acme only"), { idempotencyKey: "o-1" });
    expect((await get(harness, "/credits", KEYS.other)).body).toMatchObject({
      available: 5000,
      pending: 0,
    });
  });

  it.each([
    ["no key", undefined, 401, "unauthorized"],
    ["an unknown key", "rk_test_nobody_at_all", 401, "invalid_api_key"],
    ["a revoked key", KEYS.revoked, 401, "invalid_api_key"],
    ["a key without a generations scope", KEYS.acmeSocial, 403, "forbidden"],
    ["an organization without a subscription", KEYS.lapsed, 402, "payment_required"],
  ])("refuses %s", async (_case, key, status, code) => {
    const harness = await createHarness();
    const response = await harness.call("GET", "/credits", key === undefined ? {} : { key });
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
  });

  it("is documented in the OpenAPI document and skill.md as an extension", () => {
    const operation = buildOpenApiDocument().paths["/credits"]?.get;
    expect(operation).toMatchObject({
      operationId: "getCreditBalance",
      "x-reelkit-extension": true,
      responses: {
        "200": {
          content: {
            "application/json": { schema: { $ref: "#/components/schemas/CreditBalance" } },
          },
        },
      },
    });
    expect(buildSkillMarkdown()).toContain("### GET /credits");
  });
});
