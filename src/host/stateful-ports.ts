/**
 * What every store set of the reference host offers, in memory or on PostgreSQL: the
 * stateful ports and their lifecycle, and the webhook dispatcher both run beside them.
 *
 * @module
 */
import type { ReadinessCheck } from "../http/health.js";
import { createNodeWebhookSender } from "../node/webhook-sender.js";
import type { ServiceDependencies } from "../ports/dependencies.js";
import type { JobProcessor } from "../ports/jobs.js";
import type { OAuthStore } from "../ports/oauth-store.js";
import type { WebhookDeliveryQueue, WebhookEndpoints } from "../ports/webhooks.js";
import { createWebhookDispatcher, type WebhookDispatcher } from "../service/webhooks/dispatcher.js";

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
