/**
 * Where the reference host keeps its state: in this process's memory (the default), or
 * in PostgreSQL with `--database-url` (see `postgres-host-stores.ts`). Either way the
 * service sees the same ports; only their lifecycle differs, and it is kept here.
 *
 * @module
 */
import type { Clock } from "../clock.js";
import type { ReadinessCheck } from "../http/health.js";
import { createMemoryOAuthStore } from "../mcp/oauth/memory-oauth-store.js";
import type { OAuthStore } from "../mcp/oauth/oauth-store.js";
import { createMemoryAccountStore } from "../memory/account-store.js";
import { createMemoryCreditStore } from "../memory/credit-store.js";
import { createMemoryIdempotencyStore } from "../memory/idempotency-store.js";
import { createMemoryJobQueue } from "../memory/job-queue.js";
import { createMemoryRateLimiter } from "../memory/rate-limiter.js";
import { createMemoryResourceStores } from "../memory/record-store.js";
import { createMemoryWebhookPorts } from "../memory/webhooks.js";
import { createNodeWebhookSender } from "../node/webhook-sender.js";
import type { ServiceDependencies } from "../service/dependencies.js";
import type { JobProcessor } from "../service/ports/jobs.js";
import type { WebhookDeliveryQueue, WebhookEndpoints } from "../service/ports/webhooks.js";
import { createWebhookDispatcher, type WebhookDispatcher } from "../service/webhooks/dispatcher.js";
import type { HostSetup } from "./host-setup.js";
import type { PostgresHostStores } from "./postgres-host-stores.js";
import { seedAccounts } from "./seed-accounts.js";

/** The ports that hold state, and how the host runs and ends them. */
export interface StatefulPorts {
  /** The stateful ports, handed to the service as they are. */
  readonly ports: Pick<
    ServiceDependencies,
    | "accounts"
    | "credits"
    | "idempotency"
    | "stores"
    | "queue"
    | "rateLimiter"
    | "editRateLimiter"
    | "frameRateLimiter"
    | "unitOfWork"
    | "webhooks"
  >;
  /** The MCP authorization server's clients, codes, approvals and tokens. */
  readonly oauth: OAuthStore;
  /** What `/readyz` checks of these stores; none for memory, which is always there. */
  readonly readiness: readonly ReadinessCheck[];
  /**
   * Starts running queued jobs with `process` (the service's `processJob`), and the
   * webhook dispatcher beside them.
   */
  startJobs(process: JobProcessor): void;
  /**
   * Stops claiming jobs and sending webhooks and resolves once the running ones have
   * ended; repeatable.
   */
  stopJobs(): Promise<void>;
  /**
   * Tells the running jobs to stop now (their signals abort), for a stop whose deadline
   * passed: on PostgreSQL each is handed back to the outbox, runnable at once by another
   * host, its hold untouched; in memory, which keeps nothing across a restart, each fails
   * with `host_stopped` and is refunded.
   */
  interruptJobs(): void;
  /**
   * Releases connections at once, for a stop whose deadline passed with jobs still
   * running: on PostgreSQL their claims lapse and another host resumes them.
   */
  release(): Promise<void>;
  /** Stops taking jobs and sending webhooks, waits for the running ones, and releases connections. */
  close(): Promise<void>;
}

/** {@link StatefulPorts} in this process's memory. */
export interface MemoryHostStores extends StatefulPorts {
  /** Always `memory`. */
  readonly kind: "memory";
}

/** Where the host keeps state: memory, or PostgreSQL with what starting on it did. */
export type HostStores = MemoryHostStores | PostgresHostStores;

/**
 * The host's webhook dispatcher over `queue`: client-registered endpoints (none come
 * from a fixture, but a host's own port may hold some) go through the SSRF policy.
 */
export function hostWebhookDispatcher(
  queue: WebhookDeliveryQueue,
  endpoints: WebhookEndpoints,
): WebhookDispatcher {
  return createWebhookDispatcher({ queue, endpoints, send: createNodeWebhookSender() });
}

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
    oauth: createMemoryOAuthStore(),
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
