/**
 * `createHealthHandler`: liveness always 200, readiness 200 or 503 naming each failed
 * check (a rejection and a check past its bound count as failed), no caching, GET and
 * HEAD only.
 */
import {
  createHealthHandler,
  HEALTH_PATH,
  READINESS_PATH,
  type ReadinessCheck,
} from "reelkit/http";
import { describe, expect, it } from "vitest";

const ORIGIN = "http://reelkit.test";
const get = (handler: ReturnType<typeof createHealthHandler>, path: string, method = "GET") =>
  handler(new Request(`${ORIGIN}${path}`, { method }));

const passing: ReadinessCheck = {
  name: "cache",
  check: async () => ({ ok: true, value: undefined }),
};
const failing: ReadinessCheck = {
  name: "database",
  check: async () => ({
    ok: false,
    error: { reason: "migrations_pending", details: { missing: [15] } },
  }),
};

describe("the health handler", () => {
  it("answers /healthz 200 alive whatever the checks say, never cached", async () => {
    const response = await get(createHealthHandler({ checks: [failing] }), HEALTH_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "alive" });
  });

  it("answers /readyz 200 when every check passes, and with no checks at all", async () => {
    const response = await get(createHealthHandler({ checks: [passing] }), READINESS_PATH);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ready",
      checks: [{ name: "cache", status: "ok" }],
    });
    expect((await get(createHealthHandler(), READINESS_PATH)).status).toBe(200);
  });

  it("answers /readyz 503 naming each failed check with its reason and details", async () => {
    const response = await get(createHealthHandler({ checks: [passing, failing] }), READINESS_PATH);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "not_ready",
      checks: [
        { name: "cache", status: "ok" },
        {
          name: "database",
          status: "failed",
          reason: "migrations_pending",
          details: { missing: [15] },
        },
      ],
    });
  });

  it("counts a rejected check as check_failed and one past its bound as timed_out", async () => {
    const throwing: ReadinessCheck = {
      name: "queue",
      check: () => Promise.reject(new Error("password=hunter2 in the driver's message")),
    };
    const hanging: ReadinessCheck = { name: "storage", check: () => new Promise(() => undefined) };
    const handler = createHealthHandler({ checks: [throwing, hanging], timeoutMilliseconds: 1 });
    const response = await get(handler, READINESS_PATH);
    const text = await response.text();
    expect(response.status).toBe(503);
    expect(text).not.toContain("hunter2");
    expect(JSON.parse(text).checks).toEqual([
      { name: "queue", status: "failed", reason: "check_failed" },
      { name: "storage", status: "failed", reason: "timed_out" },
    ]);
  });

  it("answers HEAD without a body, refuses POST with 405 and Allow, and 404s other paths", async () => {
    const handler = createHealthHandler({ checks: [failing] });
    const head = await get(handler, READINESS_PATH, "HEAD");
    expect(head.status).toBe(503);
    expect(await head.text()).toBe("");
    const post = await get(handler, HEALTH_PATH, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect((await get(handler, "/health")).status).toBe(404);
  });

  it("refuses a bound that is not a positive integer when created", () => {
    expect(() => createHealthHandler({ timeoutMilliseconds: 0 })).toThrow(RangeError);
  });
});
