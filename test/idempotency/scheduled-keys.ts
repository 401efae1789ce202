/**
 * Puts every call of concurrent requests to an `IdempotencyStore` under the control of
 * `fc.scheduler`.
 *
 * Fingerprints are computed with Web Crypto, whose promises settle outside the
 * scheduler, so requests reach `claim` in an order the scheduler does not control. The
 * gate holds every claim until all `requestCount` requests have arrived, then hands them
 * to the scheduler in request order; from there on the scheduler alone decides, and a
 * seed reproduces the same interleaving.
 */
import type fc from "fast-check";
import type { IdempotencyStore } from "../../src/idempotency/index.js";

/** Returns the store view of request `index` (0-based). */
export type ScheduledKeys = (index: number) => IdempotencyStore;

export function scheduleKeys(
  scheduler: fc.Scheduler,
  store: IdempotencyStore,
  requestCount: number,
): ScheduledKeys {
  const waiting: { index: number; start: () => void }[] = [];
  const arrive = (index: number, start: () => void): void => {
    waiting.push({ index, start });
    if (waiting.length < requestCount) return;
    for (const entry of waiting.sort((a, b) => a.index - b.index)) entry.start();
  };
  const step = <T>(label: string, task: () => Promise<T>): Promise<T> =>
    scheduler.schedule(Promise.resolve(label), label).then(task);

  return (index) => ({
    claim: (scope, request) =>
      new Promise((resolve, reject) => {
        arrive(index, () => {
          step(`claim ${index}`, () => store.claim(scope, request)).then(resolve, reject);
        });
      }),
    complete: (scope, request) => step(`complete ${index}`, () => store.complete(scope, request)),
    release: (scope, token) => step(`release ${index}`, () => store.release(scope, token)),
    reap: (nowMilliseconds) => store.reap(nowMilliseconds),
    inspect: (scope) => store.inspect(scope),
  });
}
