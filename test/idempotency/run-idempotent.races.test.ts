import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { chargedHolds, createPaidEndpoint, type PaidEndpoint } from "./paid-endpoint.js";
import { scheduleKeys } from "./scheduled-keys.js";

const ORG = toOrganizationId(1);
const BODIES = [
  { prompt: "Summer sale", slide_count: 6 },
  { prompt: "Winter sale", slide_count: 6 },
] as const;

/** Sends request `index` with its own scheduled view of the keys and a scheduled queueing step. */
function sendScheduled(
  endpoint: PaidEndpoint,
  scheduler: fc.Scheduler,
  keys: ReturnType<typeof scheduleKeys>,
  index: number,
  request: { key: string; body: unknown; price?: number },
) {
  return endpoint.send({
    organizationId: ORG,
    ...request,
    keys: keys(index),
    whileQueueing: () => scheduler.schedule(Promise.resolve(), `queue ${index}`),
  });
}

describe("runIdempotent under concurrent requests", () => {
  it("runs N concurrent requests with one key once; the others replay or see in_progress", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 2, max: 10 }),
        async (scheduler, requestCount) => {
          const endpoint = createPaidEndpoint();
          await endpoint.credits.grant(ORG, 1_000, "invoice-1");
          const keys = scheduleKeys(scheduler, endpoint.keys, requestCount);
          const requests = Array.from({ length: requestCount }, (_, index) =>
            sendScheduled(endpoint, scheduler, keys, index, { key: "k1", body: BODIES[0] }),
          );
          const results = await scheduler.waitFor(Promise.all(requests));

          expect(endpoint.actionRuns()).toBe(1);
          const fresh = results.filter((result) => result.kind === "answered" && !result.replayed);
          expect(fresh).toHaveLength(1);
          const [original] = fresh;
          if (original === undefined || original.kind === "conflict")
            throw new Error("Expected one answer.");
          for (const result of results) {
            if (result === original) continue;
            if (result.kind === "answered") {
              expect(result).toEqual({
                ...original,
                replayed: true,
                body: { ...original.body, idempotent_replay: true },
              });
            } else {
              expect(result.error).toMatchObject({
                code: "idempotency_conflict",
                context: { reason: "in_progress" },
              });
            }
          }
          expect(await chargedHolds(endpoint.credits, ORG)).toEqual(["hold-1"]);
        },
      ),
      { seed: 20260112, numRuns: 100 },
    );
  });

  it("lets a different body always lose with different_request, whatever the interleaving", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.constantFrom(0, 1), { minLength: 2, maxLength: 8 }),
        async (scheduler, variants) => {
          const endpoint = createPaidEndpoint();
          await endpoint.credits.grant(ORG, 1_000, "invoice-1");
          const keys = scheduleKeys(scheduler, endpoint.keys, variants.length);
          const requests = variants.map((variant, index) =>
            sendScheduled(endpoint, scheduler, keys, index, { key: "k1", body: BODIES[variant] }),
          );
          const results = await scheduler.waitFor(Promise.all(requests));

          expect(endpoint.actionRuns()).toBe(1);
          const winner = results.findIndex(
            (result) => result.kind === "answered" && !result.replayed,
          );
          expect(winner).toBeGreaterThanOrEqual(0);
          results.forEach((result, index) => {
            if (variants[index] === variants[winner] || result.kind === "answered") return;
            expect(result.error.context).toEqual({ reason: "different_request" });
          });
          results.forEach((result, index) => {
            if (variants[index] !== variants[winner]) expect(result.kind).toBe("conflict");
          });
        },
      ),
      { seed: 20260113, numRuns: 100 },
    );
  });

  it("lets K concurrent paid requests at price c against a balance B succeed exactly min(K, floor(B / c)) times", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 10, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        async (scheduler, balance, price, requestCount) => {
          const endpoint = createPaidEndpoint();
          await endpoint.credits.grant(ORG, balance, "invoice-1");
          const keys = scheduleKeys(scheduler, endpoint.keys, requestCount);
          const requests = Array.from({ length: requestCount }, (_, index) =>
            sendScheduled(endpoint, scheduler, keys, index, {
              key: `k${index}`,
              body: { prompt: `request ${index}` },
              price,
            }),
          );
          const results = await scheduler.waitFor(Promise.all(requests));

          const expected = Math.min(requestCount, Math.floor(balance / price));
          const statuses = results.map((result) =>
            result.kind === "answered" ? result.status : 409,
          );
          expect(statuses.filter((status) => status === 200)).toHaveLength(expected);
          expect(statuses.filter((status) => status === 402)).toHaveLength(requestCount - expected);
          const after = await endpoint.credits.balance(ORG);
          expect(after.available).toBe(balance - expected * price);
          expect(after.available).toBeGreaterThanOrEqual(0);
          expect((await endpoint.credits.reconcile(ORG)).balanced).toBe(true);
        },
      ),
      { seed: 20260114, numRuns: 100 },
    );
  });
});
