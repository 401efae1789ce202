/**
 * Race tests of a `CreditStore`: concurrent calls released in an order chosen by
 * `fc.scheduler`, so every interleaving fast-check tries is one the store must survive.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CreditStore, HoldResolution, ResolveHoldResult } from "../../src/credits/index.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { type ContractOptions, runsOf } from "./contract-options.js";

const ORG = toOrganizationId(1);

// What a capture or release did: the resolution it applied, or why it applied none.
function outcomeOf(result: ResolveHoldResult<HoldResolution>): string {
  return result.ok ? result.value.resolution : result.error.kind;
}

/** Starts `task` when the scheduler picks `label`. */
function scheduled<T>(scheduler: fc.Scheduler, label: string, task: () => Promise<T>): Promise<T> {
  return scheduler.schedule(Promise.resolve(label), label).then(task);
}

/** Registers the race properties. */
export function describeCreditStoreRaces(
  makeStore: () => Promise<CreditStore> | CreditStore,
  options?: ContractOptions,
): void {
  describe("under concurrent requests", () => {
    it("lets K reservations of c against a balance B succeed exactly min(K, floor(B / c)) times", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.integer({ min: 0, max: 300 }),
          fc.integer({ min: 10, max: 60 }),
          fc.integer({ min: 1, max: 16 }),
          async (scheduler, balance, price, requestCount) => {
            const store = await makeStore();
            await store.grant(ORG, balance, "race-grant");
            const reservations = Array.from({ length: requestCount }, (_, index) =>
              scheduled(scheduler, `reserve ${index}`, () =>
                store.reserve(ORG, [{ holdId: `g${index}`, amount: price }]),
              ),
            );
            const results = await scheduler.waitFor(Promise.all(reservations));
            const reserved = results.filter((result) => result.ok);
            const expected = Math.min(requestCount, Math.floor(balance / price));
            expect(reserved).toHaveLength(expected);
            for (const result of results) {
              if (result.ok) {
                expect(result.value.balance.available).toBeGreaterThanOrEqual(0);
              } else {
                expect(result.error.credits_available).toBeLessThan(price);
              }
            }
            expect(await store.balance(ORG)).toEqual({
              posted: balance,
              pending: expected * price,
              available: balance - expected * price,
            });
            expect((await store.reconcile(ORG)).balanced).toBe(true);
          },
        ),
        { seed: 20260105, numRuns: runsOf(options) },
      );
    });

    it("holds the same bound when all K reservations start in the same tick", async () => {
      // No scheduler here: every call starts before any finishes, which exposes a store
      // that awaits between reading the balance and writing the hold.
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 300 }),
          fc.integer({ min: 10, max: 60 }),
          fc.integer({ min: 1, max: 16 }),
          async (balance, price, requestCount) => {
            const store = await makeStore();
            await store.grant(ORG, balance, "race-grant");
            const results = await Promise.all(
              Array.from({ length: requestCount }, (_, index) =>
                store.reserve(ORG, [{ holdId: `g${index}`, amount: price }]),
              ),
            );
            const expected = Math.min(requestCount, Math.floor(balance / price));
            expect(results.filter((result) => result.ok)).toHaveLength(expected);
            expect((await store.balance(ORG)).available).toBe(balance - expected * price);
            expect((await store.reconcile(ORG)).balanced).toBe(true);
          },
        ),
        { seed: 20260115, numRuns: runsOf(options) },
      );
    });

    it("gives a capture racing a release exactly one winner", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.integer({ min: 1, max: 100 }),
          async (scheduler, amount) => {
            const store = await makeStore();
            await store.grant(ORG, amount, "race-grant");
            await store.reserve(ORG, [{ holdId: "g1", amount }]);
            const [captured, released] = await scheduler.waitFor(
              Promise.all([
                scheduled(scheduler, "capture", () => store.capture(ORG, "g1")),
                scheduled(scheduler, "release", () => store.release(ORG, "g1")),
              ]),
            );
            const winner = captured.ok ? "captured" : "released";
            const loser = winner === "captured" ? released : captured;
            expect([outcomeOf(captured), outcomeOf(released)]).toContain(winner);
            expect(loser).toMatchObject({
              ok: false,
              error: { kind: "already_resolved", resolution: winner },
            });
            expect((await store.hold(ORG, "g1"))?.state).toBe(winner);
            const posted = winner === "captured" ? 0 : amount;
            expect(await store.balance(ORG)).toEqual({ posted, pending: 0, available: posted });
            expect((await store.reconcile(ORG)).balanced).toBe(true);
          },
        ),
        { seed: 20260106, numRuns: runsOf(options) },
      );
    });

    it("refunds a failure reported several times at once exactly once", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.integer({ min: 2, max: 6 }),
          async (scheduler, reports) => {
            const store = await makeStore();
            await store.grant(ORG, 100, "race-grant");
            await store.reserve(ORG, [{ holdId: "g1", amount: 70 }]);
            const results = await scheduler.waitFor(
              Promise.all(
                Array.from({ length: reports }, (_, index) =>
                  scheduled(scheduler, `release ${index}`, () => store.release(ORG, "g1")),
                ),
              ),
            );
            expect(results.filter((result) => result.ok)).toHaveLength(1);
            expect(
              results.filter((result) => outcomeOf(result) === "already_resolved"),
            ).toHaveLength(reports - 1);
            expect(await store.balance(ORG)).toEqual({ posted: 100, pending: 0, available: 100 });
            const releases = (await store.ledger(ORG)).filter((entry) => entry.kind === "release");
            expect(releases).toHaveLength(1);
            // The same reports started in one tick, against a fresh hold.
            await store.reserve(ORG, [{ holdId: "g2", amount: 70 }]);
            const burst = await Promise.all(
              Array.from({ length: reports }, () => store.release(ORG, "g2")),
            );
            expect(burst.filter((result) => result.ok)).toHaveLength(1);
            expect(await store.balance(ORG)).toEqual({ posted: 100, pending: 0, available: 100 });
          },
        ),
        { seed: 20260107, numRuns: runsOf(options) },
      );
    });
  });
}
