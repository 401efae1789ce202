/**
 * Where the reference host keeps its state: in this process's memory (the default), or
 * in PostgreSQL with `--database-url` (see `postgres-host-stores.ts`). Either way the
 * service sees the same ports; only their lifecycle differs, and it is kept here.
 *
 * @module
 */
import type { Clock } from "../clock.js";
import { createMemoryOAuthStore } from "../mcp/oauth/memory-oauth-store.js";
import { createMemoryAccountStore } from "../memory/account-store.js";
import { createMemoryCreditStore } from "../memory/credit-store.js";
import { createMemoryIdempotencyStore } from "../memory/idempotency-store.js";
import { createMemoryJobQueue } from "../memory/job-queue.js";
import { createMemoryRateLimiter } from "../memory/rate-limiter.js";
import { createMemoryResourceStores } from "../memory/record-store.js";
import { createMemoryWebhookPorts } from "../memory/webhooks.js";
import type { HostSetup } from "./host-setup.js";
import type { PostgresHostStores } from "./postgres-host-stores.js";
import { seedAccounts } from "./seed-accounts.js";
import { hostWebhookDispatcher, type StatefulPorts } from "./stateful-ports.js";

/** {@link StatefulPorts} in this process's memory. */
export interface MemoryHostStores extends StatefulPorts {
  /** Always `memory`. */
  readonly kind: "memory";
}

/** Where the host keeps state: memory, or PostgreSQL with what starting on it did. */
export type HostStores = MemoryHostStores | PostgresHostStores;

/** Endpoints of the setup's organizations, by organization id. */
export function setupWebhooks(setup: HostSetup) {
  return Object.fromEntries(
    setup.organizations.map((organization) => [organization.id, organization.webhooks]),
  );
}

/**
 * In-memory stores seeded with the setup's organizations: everything lives in this
 * process and is gone when it stops.
 *
 * @example
 * ```ts
 * const stores = await memoryHostStores(setupOf(DEMO_FIXTURE), systemClock);
 * stores.startJobs(service.processJob);
 * await stores.close();
 * ```
 */
export async function memoryHostStores(setup: HostSetup, clock: Clock): Promise<MemoryHostStores> {
  const accounts = createMemoryAccountStore();
  const credits = createMemoryCreditStore({ clock });
  await seedAccounts(accounts, credits, setup.organizations);
  const queue = createMemoryJobQueue();
  const webhooks = createMemoryWebhookPorts({ endpoints: setupWebhooks(setup) });
  const dispatcher = hostWebhookDispatcher(webhooks.queue, webhooks.endpoints);
  let stopping: Promise<void> | undefined;
  const stopJobs = (): Promise<void> => {
    stopping ??= Promise.all([queue.stop(), dispatcher.stop()]).then(() => undefined);
    return stopping;
  };
  return {
    kind: "memory",
    ports: {
      accounts,
      credits,
      idempotency: createMemoryIdempotencyStore(),
      stores: createMemoryResourceStores(),
      queue,
      rateLimiter: createMemoryRateLimiter(setup.rateLimit),
      editRateLimiter: createMemoryRateLimiter(setup.editRateLimit),
      frameRateLimiter: createMemoryRateLimiter(setup.frameRateLimit),
      webhooks,
    },
    oauth: createMemoryOAuthStore({ clock }),
    readiness: [],
    startJobs(process) {
      queue.start(process, setup.jobs);
      dispatcher.start();
    },
    stopJobs,
    interruptJobs: () => queue.interrupt(),
    release: async () => undefined,
    close: stopJobs,
  };
}
