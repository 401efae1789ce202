/**
 * Race tests of an `IdempotencyStore`: concurrent calls released in an order chosen by
 * `fc.scheduler`.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { IdempotencyStore } from "../../src/idempotency/index.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { type ContractOptions, runsOf } from "./contract-options.js";

const NOW = Date.UTC(2026, 0, 1);
const LEASE = 60_000;
const SCOPE = { organizationId: toOrganizationId(1), key: "key-race" };
const RESPONSE = { status: 200, bodyJson: '{"ok":true}' };

/** Starts `task` when the scheduler picks `label`. */
function scheduled<T>(scheduler: fc.Scheduler, label: string, task: () => Promise<T>): Promise<T> {
  return scheduler.schedule(Promise.resolve(label), label).then(task);
}

/** Registers the race properties. */
export function describeIdempotencyStoreRaces(
  makeStore: () => Promise<IdempotencyStore> | IdempotencyStore,
  options?: ContractOptions,
): void {
  describe("under concurrent requests", () => {
    it("lets exactly one of N concurrent claims of a key win", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.array(fc.constantFrom("fingerprint-1", "fingerprint-2"), {
            minLength: 2,
            maxLength: 12,
          }),
          async (scheduler, fingerprints) => {
            const store = await makeStore();
            const claims = fingerprints.map((fingerprint, index) =>
              scheduled(scheduler, `claim ${index} ${fingerprint}`, () =>
                store.claim(SCOPE, { fingerprint, nowMilliseconds: NOW, leaseMilliseconds: LEASE }),
              ),
            );
            const results = await scheduler.waitFor(Promise.all(claims));
            const winners = results.flatMap((result, index) =>
              result.kind === "claimed" ? [fingerprints[index]] : [],
            );
            expect(winners).toHaveLength(1);
            results.forEach((result, index) => {
              if (result.kind === "claimed") return;
              const reason =
                fingerprints[index] === winners[0] ? "in_progress" : "different_request";
              expect(result).toEqual({ kind: "conflict", reason });
            });
          },
        ),
        { seed: 20260109, numRuns: runsOf(options) },
      );
    });

    it("lets exactly one of N claims started in the same tick win", async () => {
      // No scheduler here: every claim starts before any finishes, which exposes a store
      // that awaits between reading the key and writing the claim.
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 2, max: 12 }), async (count) => {
          const store = await makeStore();
          const request = {
            fingerprint: "fingerprint-1",
            nowMilliseconds: NOW,
            leaseMilliseconds: LEASE,
          };
          const results = await Promise.all(
            Array.from({ length: count }, () => store.claim(SCOPE, request)),
          );
          expect(results.filter((result) => result.kind === "claimed")).toHaveLength(1);
          expect(results.filter((result) => result.kind === "conflict")).toHaveLength(count - 1);
        }),
        { seed: 20260116, numRuns: runsOf(options) },
      );
    });

    it("lets the same key in different organizations be claimed by each", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.integer({ min: 2, max: 8 }),
          async (scheduler, count) => {
            const store = await makeStore();
            const claims = Array.from({ length: count }, (_, index) =>
              scheduled(scheduler, `org ${index}`, () =>
                store.claim(
                  { organizationId: toOrganizationId(100 + index), key: SCOPE.key },
                  { fingerprint: "fingerprint-1", nowMilliseconds: NOW, leaseMilliseconds: LEASE },
                ),
              ),
            );
            const results = await scheduler.waitFor(Promise.all(claims));
            expect(results.every((result) => result.kind === "claimed")).toBe(true);
          },
        ),
        { seed: 20260110, numRuns: runsOf(options) },
      );
    });

    it("resolves a late completion racing a takeover with exactly one owner", async () => {
      await fc.assert(
        fc.asyncProperty(fc.scheduler(), async (scheduler) => {
          const store = await makeStore();
          const first = await store.claim(SCOPE, {
            fingerprint: "fingerprint-1",
            nowMilliseconds: NOW,
            leaseMilliseconds: LEASE,
          });
          if (first.kind !== "claimed") throw new Error("Expected a claim.");
          const later = NOW + LEASE;
          const [completion, takeover] = await scheduler.waitFor(
            Promise.all([
              scheduled(scheduler, "late completion", () =>
                store.complete(SCOPE, {
                  token: first.lease.token,
                  response: RESPONSE,
                  nowMilliseconds: later,
                  retentionMilliseconds: LEASE,
                }),
              ),
              scheduled(scheduler, "takeover", () =>
                store.claim(SCOPE, {
                  fingerprint: "fingerprint-1",
                  nowMilliseconds: later,
                  leaseMilliseconds: LEASE,
                }),
              ),
            ]),
          );
          if (completion.ok) {
            expect(takeover).toEqual({ kind: "replay", response: RESPONSE });
            expect(await store.inspect(SCOPE)).toMatchObject({ state: "completed" });
          } else {
            expect(completion).toEqual({ ok: false, error: "lease_lost" });
            expect(takeover).toMatchObject({ kind: "claimed", takeover: true });
            expect(await store.inspect(SCOPE)).toMatchObject({ state: "in_flight" });
          }
        }),
        { seed: 20260111, numRuns: runsOf(options) },
      );
    });
  });
}
