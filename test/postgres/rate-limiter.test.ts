import {
  createPostgresRateLimiter,
  EDIT_RATE_LIMIT_NAME,
  PAID_RATE_LIMIT_NAME,
} from "reelkit/postgres";
import { beforeEach, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { describeWithDatabase } from "./support/database.js";
import { truncate } from "./support/tables.js";

describeWithDatabase("PostgreSQL rate limiter", (schema) => {
  beforeEach(() => truncate(schema(), ["rate_limit_windows"]));

  it("allows max requests per window, then refuses until the window ends", async () => {
    const limiter = createPostgresRateLimiter(schema().pool, {
      schema: schema().name,
      maxRequests: 2,
      windowSeconds: 60,
    });
    const first = await limiter.consume(toOrganizationId(1), 1_000);
    const second = await limiter.consume(toOrganizationId(1), 2_000);
    const third = await limiter.consume(toOrganizationId(1), 3_000);
    expect([first.allowed, second.allowed, third.allowed]).toEqual([true, true, false]);
    expect([first.remaining, second.remaining, third.remaining]).toEqual([1, 0, 0]);
    expect(third.resetAtMilliseconds).toBe(60_000);
    expect((await limiter.consume(toOrganizationId(2), 3_000)).allowed).toBe(true);
    expect((await limiter.consume(toOrganizationId(1), 60_000)).allowed).toBe(true);
  });

  it("counts requests from every instance against one limit", async () => {
    const limiters = [schema().pool, schema().openPool(4)].map((pool) =>
      createPostgresRateLimiter(pool, { schema: schema().name, maxRequests: 7, windowSeconds: 60 }),
    );
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        limiters[index % 2]?.consume(toOrganizationId(1), 5_000),
      ),
    );
    expect(decisions.filter((decision) => decision?.allowed)).toHaveLength(7);
  });

  it("counts limits of different names apart, the paid one by default", async () => {
    const settings = { schema: schema().name, maxRequests: 1, windowSeconds: 60 };
    const paid = createPostgresRateLimiter(schema().pool, settings);
    const edits = createPostgresRateLimiter(schema().pool, {
      ...settings,
      name: EDIT_RATE_LIMIT_NAME,
    });
    const alsoPaid = createPostgresRateLimiter(schema().pool, {
      ...settings,
      name: PAID_RATE_LIMIT_NAME,
    });
    expect((await paid.consume(toOrganizationId(1), 1_000)).allowed).toBe(true);
    expect((await edits.consume(toOrganizationId(1), 1_000)).allowed).toBe(true);
    expect((await edits.consume(toOrganizationId(1), 2_000)).allowed).toBe(false);
    expect((await alsoPaid.consume(toOrganizationId(1), 2_000)).allowed).toBe(false);
  });

  it("refuses settings that cannot limit anything", () => {
    expect(() =>
      createPostgresRateLimiter(schema().pool, { schema: schema().name, maxRequests: 0 }),
    ).toThrow(RangeError);
    expect(() =>
      createPostgresRateLimiter(schema().pool, { schema: schema().name, windowSeconds: 0 }),
    ).toThrow(RangeError);
  });
});
