/**
 * Telemetry around the ports: a span per store call and per job, and the credit metrics.
 * A host wraps its ports once, before `createService`; the service itself knows nothing
 * of telemetry.
 *
 * @module
 */
import type { CreditStore } from "../credits/store.js";
import type { JobProcessor } from "../ports/jobs.js";
import type { ResourceStores } from "../ports/stores.js";
import { monotonicMilliseconds, TELEMETRY_METRICS, type Telemetry } from "./telemetry.js";

// Every method of `target`, each call in a span named `{storeName}.{method}`. A proxy
// rather than a hand-written wrapper, so a method added to a port is traced too.
function withMethodSpans<T extends object>(target: T, storeName: string, telemetry: Telemetry): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      if (typeof value !== "function" || typeof key !== "string") return value;
      const attributes = { "reelkit.store": storeName, "reelkit.store.operation": key };
      return (...args: unknown[]) =>
        telemetry.inSpan(`${storeName}.${key}`, attributes, () =>
          Promise.resolve(value.apply(object, args)),
        );
    },
  });
}

/**
 * The credit store with a span per call, and the credits held (accepted reservations)
 * and captured (holds spent) counted on {@link TELEMETRY_METRICS}.
 *
 * @example
 * ```ts
 * const credits = instrumentCreditStore(createMemoryCreditStore(), telemetry);
 * ```
 */
export function instrumentCreditStore(store: CreditStore, telemetry: Telemetry): CreditStore {
  const traced = withMethodSpans(store, "credits", telemetry);
  return Object.assign(Object.create(traced) as CreditStore, {
    async reserve(...args: Parameters<CreditStore["reserve"]>) {
      const result = await traced.reserve(...args);
      if (result.ok) {
        const held = result.value.holds.reduce((sum, hold) => sum + hold.amount, 0);
        telemetry.add(TELEMETRY_METRICS.creditsHeld, held);
      }
      return result;
    },
    async capture(...args: Parameters<CreditStore["capture"]>) {
      const result = await traced.capture(...args);
      if (result.ok) {
        telemetry.add(TELEMETRY_METRICS.creditsCaptured, result.value.hold.amount);
      }
      return result;
    },
  });
}

/**
 * The resource stores (generations, slideshows, videos with their editor revisions,
 * references, media) with a span per call.
 *
 * @example
 * ```ts
 * const stores = instrumentResourceStores(createMemoryResourceStores(), telemetry);
 * ```
 */
export function instrumentResourceStores(
  stores: ResourceStores,
  telemetry: Telemetry,
): ResourceStores {
  const wrapped: Record<string, unknown> = {};
  for (const [name, store] of Object.entries(stores)) {
    wrapped[name] = withMethodSpans(store as object, name, telemetry);
  }
  return wrapped as unknown as ResourceStores;
}

/**
 * A job processor (the service's `processJob`) whose runs each have a span and are
 * counted and timed on {@link TELEMETRY_METRICS} with their kind and outcome.
 *
 * @example
 * ```ts
 * queue.start(instrumentJobProcessor(service.processJob, telemetry));
 * ```
 */
export function instrumentJobProcessor(process: JobProcessor, telemetry: Telemetry): JobProcessor {
  return async (job, options) => {
    const startedAt = monotonicMilliseconds();
    const attributes = {
      "reelkit.job.kind": job.kind,
      "reelkit.organization_id": job.organizationId,
    };
    let outcome: "completed" | "failed" = "failed";
    try {
      await telemetry.inSpan(`job ${job.kind}`, attributes, () => process(job, options));
      outcome = "completed";
    } finally {
      const metric = { kind: job.kind, outcome };
      telemetry.add(TELEMETRY_METRICS.jobs, 1, metric);
      telemetry.record(TELEMETRY_METRICS.jobDuration, monotonicMilliseconds() - startedAt, metric);
    }
  };
}
