/**
 * Webhook endpoints and the delivery outbox in memory. A delivery is added in one
 * synchronous step, so the job step that awaits it cannot interleave with another, and
 * a delivered one is dropped at once, as the in-memory queue drops finished jobs; dead
 * deliveries are kept for inspection.
 *
 * @module
 */
import { type OrganizationId, toOrganizationId } from "../organization-id.js";
import type {
  ClaimedWebhookDelivery,
  WebhookDelivery,
  WebhookDeliveryQueue,
  WebhookEndpoint,
  WebhookEndpoints,
  WebhookOutbox,
  WebhookPorts,
} from "../ports/webhooks.js";

/** Where a delivery stands. */
export type WebhookDeliveryState = "pending" | "delivered" | "dead";

/** A delivery of the in-memory outbox as it stands. */
export interface MemoryWebhookDelivery extends ClaimedWebhookDelivery {
  /** `pending` until delivered or dead. */
  readonly state: WebhookDeliveryState;
  /** When it is due again, in milliseconds; undefined while it has had no attempt. */
  readonly availableAtMilliseconds: number | undefined;
  /** Why the last attempt failed. */
  readonly lastError: string | undefined;
}

/** Settings of {@link createMemoryWebhookPorts}. */
export interface MemoryWebhookOptions {
  /** Endpoints by organization id. */
  readonly endpoints?: Readonly<Record<number, readonly WebhookEndpoint[]>>;
}

/** The in-memory webhook ports, with the dispatcher's queue and an inspection. */
export interface MemoryWebhookPorts extends WebhookPorts {
  /** The claims a dispatcher takes deliveries with. */
  readonly queue: WebhookDeliveryQueue;
  /** Replaces an organization's endpoints. */
  setEndpoints(organizationId: number, endpoints: readonly WebhookEndpoint[]): void;
  /** Deliveries not yet delivered (pending or dead), oldest first. */
  deliveries(): readonly MemoryWebhookDelivery[];
}

interface Row {
  delivery: WebhookDelivery;
  state: WebhookDeliveryState;
  attempts: number;
  availableAt: number | undefined;
  claimedUntil: number | undefined;
  lastError: string | undefined;
}

function memoryEndpoints(
  byOrganization: Map<OrganizationId, readonly WebhookEndpoint[]>,
): WebhookEndpoints {
  return {
    async list(organizationId) {
      return byOrganization.get(organizationId) ?? [];
    },
    async get(organizationId, endpointId) {
      return byOrganization.get(organizationId)?.find((endpoint) => endpoint.id === endpointId);
    },
  };
}

function memoryOutbox(rows: Map<string, Row>): WebhookOutbox {
  return {
    async add(deliveries) {
      for (const delivery of deliveries) {
        if (rows.has(delivery.id)) continue;
        rows.set(delivery.id, {
          delivery,
          state: "pending",
          attempts: 0,
          availableAt: undefined,
          claimedUntil: undefined,
          lastError: undefined,
        });
      }
    },
  };
}

function memoryQueue(rows: Map<string, Row>): WebhookDeliveryQueue {
  const claimedRow = (id: string): Row => {
    const row = rows.get(id);
    if (row === undefined || row.state !== "pending") {
      throw new Error(`No pending webhook delivery has id ${id}.`);
    }
    return row;
  };
  return {
    async claim({ limit, nowMilliseconds, leaseMilliseconds }) {
      const claimed: ClaimedWebhookDelivery[] = [];
      for (const row of rows.values()) {
        if (claimed.length >= limit) break;
        const due = row.availableAt === undefined || row.availableAt <= nowMilliseconds;
        const free = row.claimedUntil === undefined || row.claimedUntil <= nowMilliseconds;
        if (row.state !== "pending" || !due || !free) continue;
        row.claimedUntil = nowMilliseconds + leaseMilliseconds;
        claimed.push({ ...row.delivery, attempts: row.attempts });
      }
      return claimed;
    },
    async delivered(id) {
      claimedRow(id);
      rows.delete(id);
    },
    async retry(id, nextAttemptAtMilliseconds, error) {
      const row = claimedRow(id);
      row.attempts += 1;
      row.availableAt = nextAttemptAtMilliseconds;
      row.claimedUntil = undefined;
      row.lastError = error;
    },
    async dead(id, error) {
      const row = claimedRow(id);
      row.attempts += 1;
      row.state = "dead";
      row.claimedUntil = undefined;
      row.lastError = error;
    },
  };
}

/**
 * Creates in-memory endpoints and outbox. Pass the result as the service's `webhooks`
 * and its `queue` and `endpoints` to `createWebhookDispatcher`.
 *
 * @example
 * ```ts
 * const webhooks = createMemoryWebhookPorts({
 *   endpoints: { 1: [{ id: "main", url: "https://hooks.example.com/reelkit", secret: "whsec_aGVsbG8=", events: ["generation.completed"], trusted: true }] },
 * });
 * const service = createService({ ...ports, webhooks });
 * createWebhookDispatcher({ queue: webhooks.queue, endpoints: webhooks.endpoints }).start();
 * ```
 */
export function createMemoryWebhookPorts(options: MemoryWebhookOptions = {}): MemoryWebhookPorts {
  const byOrganization = new Map<OrganizationId, readonly WebhookEndpoint[]>();
  for (const [id, endpoints] of Object.entries(options.endpoints ?? {})) {
    byOrganization.set(toOrganizationId(Number(id)), endpoints);
  }
  const rows = new Map<string, Row>();
  return {
    endpoints: memoryEndpoints(byOrganization),
    outbox: memoryOutbox(rows),
    queue: memoryQueue(rows),
    setEndpoints(organizationId, endpoints) {
      byOrganization.set(toOrganizationId(organizationId), endpoints);
    },
    deliveries: () =>
      [...rows.values()].map((row) => ({
        ...row.delivery,
        attempts: row.attempts,
        state: row.state,
        availableAtMilliseconds: row.availableAt,
        lastError: row.lastError,
      })),
  };
}
