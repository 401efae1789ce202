/**
 * The webhook ports: where an organization's endpoints are kept, and the outbox that
 * holds deliveries until a dispatcher sends them. A delivery is added in the same unit
 * of work as the state change it reports (the job's completion), so a reported change
 * always has its delivery and a rolled-back one never does.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { WebhookEventType } from "../vocabulary.js";

/** One URL an organization's events are sent to. */
export interface WebhookEndpoint {
  /** Stable id within the organization; part of every delivery's `webhook-id`. */
  readonly id: string;
  /** Where deliveries are POSTed. */
  readonly url: string;
  /**
   * The signing secret: `whsec_` followed by base64 (the Standard Webhooks form), or any
   * other text, whose UTF-8 bytes are then the key.
   */
  readonly secret: string;
  /** The event types sent to it; the others are not. */
  readonly events: readonly WebhookEventType[];
  /**
   * True when the host operator configured the URL, which is then reached directly;
   * false for a URL a client registered, which is sent through the SSRF policy (https
   * only, no private, loopback or link-local addresses).
   */
  readonly trusted: boolean;
}

/** Where endpoints are kept; hosts that store them elsewhere implement it. */
export interface WebhookEndpoints {
  /** The organization's endpoints; empty when it has none. */
  list(organizationId: OrganizationId): Promise<readonly WebhookEndpoint[]>;
  /** One endpoint, or undefined once it is gone (its pending deliveries are then dropped). */
  get(organizationId: OrganizationId, endpointId: string): Promise<WebhookEndpoint | undefined>;
}

/** One event to send to one endpoint. */
export interface WebhookDelivery {
  /** The `webhook-id` header: the same on every attempt, so receivers can de-duplicate. */
  readonly id: string;
  /** The organization whose event it is. */
  readonly organizationId: OrganizationId;
  /** The endpoint it goes to. */
  readonly endpointId: string;
  /** The event type. */
  readonly eventType: WebhookEventType;
  /** The request body, serialized once so every attempt sends the same bytes. */
  readonly body: string;
}

/** Where deliveries wait for a dispatcher. */
export interface WebhookOutbox {
  /**
   * Adds deliveries; all or none, and inside the caller's unit of work when there is
   * one. A delivery whose id is already there is left as it is.
   */
  add(deliveries: readonly WebhookDelivery[]): Promise<void>;
}

/** The webhook ports of the service. */
export interface WebhookPorts {
  /** The endpoints of each organization. */
  readonly endpoints: WebhookEndpoints;
  /** The outbox of deliveries. */
  readonly outbox: WebhookOutbox;
}

/** A delivery a dispatcher claimed, with how many attempts it has had before. */
export interface ClaimedWebhookDelivery extends WebhookDelivery {
  /** Failed attempts before this one. */
  readonly attempts: number;
}

/** What a dispatcher needs of the outbox: claims with a lease, and the settling moves. */
export interface WebhookDeliveryQueue {
  /**
   * Claims up to `limit` deliveries due at `nowMilliseconds`, each for
   * `leaseMilliseconds`: no other claim gets them meanwhile, and an unsettled claim is
   * taken again once its lease ends (a dispatcher that crashed).
   */
  claim(request: WebhookClaimRequest): Promise<readonly ClaimedWebhookDelivery[]>;
  /** Marks a claimed delivery as delivered. */
  delivered(id: string): Promise<void>;
  /** Records a failed attempt; the delivery is due again at `nextAttemptAtMilliseconds`. */
  retry(id: string, nextAttemptAtMilliseconds: number, error: string): Promise<void>;
  /** Gives a delivery up after its last failed attempt. */
  dead(id: string, error: string): Promise<void>;
  /**
   * Calls `onQueued` whenever deliveries were queued (by any host sharing the outbox),
   * and once listening starts, until stopped. A queue that offers it is not polled
   * often: the dispatcher waits for it, with only a slow safety poll
   * (`WEBHOOK_SAFETY_POLL_MILLISECONDS_DEFAULT`). The PostgreSQL queue offers it
   * (`LISTEN`), the in-memory one does not (a poll of memory costs nothing).
   */
  listen?(listener: WebhookQueueListenerOptions): WebhookQueueListening;
}

/** What {@link WebhookDeliveryQueue.listen} takes. */
export interface WebhookQueueListenerOptions {
  /** Called when deliveries may be due, or notifications may have been missed. */
  readonly onQueued: () => void;
  /** Told when listening fails or its connection is lost. */
  readonly onError: (error: unknown) => void;
}

/** Listening started by {@link WebhookDeliveryQueue.listen}. */
export interface WebhookQueueListening {
  /** Stops listening; resolves once its connection is given up. */
  stop(): Promise<void>;
}

/** What {@link WebhookDeliveryQueue.claim} takes. */
export interface WebhookClaimRequest {
  /** Most deliveries to claim. */
  readonly limit: number;
  /** The dispatcher's time, in milliseconds since the epoch. */
  readonly nowMilliseconds: number;
  /** How long a claim lasts. */
  readonly leaseMilliseconds: number;
}
