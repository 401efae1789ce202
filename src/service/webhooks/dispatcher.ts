/**
 * The webhook dispatcher: it claims due deliveries from the outbox, signs and sends
 * each, and settles it. A 2xx answer delivers it; any other status, a connection error
 * or no answer within the timeout is a failed attempt, retried with exponential backoff
 * and full jitter (the job backoff) until the attempt limit, after which the delivery is
 * dead. Deliveries are at least once: a dispatcher that stops between a receiver's 2xx
 * and recording it sends again once the claim's lease ends, with the same `webhook-id`.
 * It runs beside the request path, so no request ever waits for a receiver. An idle
 * dispatcher waits for the outbox to say deliveries were queued when it can (PostgreSQL's
 * `LISTEN`), and otherwise looks every couple of seconds.
 *
 * @module
 */
import { type Clock, systemClock } from "../../clock.js";
import { jobRetryDelayMilliseconds, type RetryBackoff } from "../../ports/retry-backoff.js";
import { createWebhookSender, type WebhookSender } from "../../ports/webhook-sender.js";
import type {
  ClaimedWebhookDelivery,
  WebhookDeliveryQueue,
  WebhookEndpoints,
  WebhookQueueListening,
} from "../../ports/webhooks.js";
import { signWebhook } from "./signature.js";

/** Longest wait for a receiver's answer before the attempt counts as failed: 10 seconds. */
export const WEBHOOK_TIMEOUT_MILLISECONDS_DEFAULT = 10_000;

/**
 * Attempts of one delivery before it is dead: 10, which with the default backoff spans
 * about an hour and a half of a receiver being down (the ceilings add up to about 85
 * minutes, half of that on average).
 */
export const WEBHOOK_MAX_ATTEMPTS_DEFAULT = 10;

/** The backoff of failed attempts: up to 5 s first, doubling, never over 30 minutes. */
export const WEBHOOK_RETRY_BACKOFF_DEFAULT: RetryBackoff = {
  baseMilliseconds: 5000,
  factor: 2,
  capMilliseconds: 30 * 60 * 1000,
};

/** Deliveries one dispatcher sends at once. */
export const WEBHOOK_CONCURRENCY_DEFAULT = 8;

/**
 * How often an idle dispatcher looks at an outbox that cannot tell it when deliveries
 * are queued (the in-memory one): every 2 seconds.
 */
export const WEBHOOK_POLL_MILLISECONDS_DEFAULT = 2000;

/**
 * How often an idle dispatcher looks at an outbox it listens to (PostgreSQL's `LISTEN`):
 * every 30 seconds, as the job worker's safety poll. It only finds what no notification
 * announced: a delivery whose claim lapsed (its dispatcher died), or one another host
 * retried, which comes due later.
 */
export const WEBHOOK_SAFETY_POLL_MILLISECONDS_DEFAULT = 30_000;

/** Settings of {@link createWebhookDispatcher}. */
export interface WebhookDispatcherOptions {
  /** The outbox's claims (`createMemoryWebhookPorts` or `createPostgresWebhookPorts`). */
  readonly queue: WebhookDeliveryQueue;
  /** Where each delivery's endpoint (URL, secret, trust) is looked up when it is sent. */
  readonly endpoints: WebhookEndpoints;
  /** Makes each attempt; {@link createWebhookSender} (trusted endpoints only) by default. */
  readonly send?: WebhookSender;
  /** The time of timestamps, due dates and leases; the system clock by default. */
  readonly clock?: Clock;
  /** Numbers in `[0, 1)` for the jitter; `Math.random` by default. */
  readonly random?: () => number;
  /** Attempts before a delivery is dead; {@link WEBHOOK_MAX_ATTEMPTS_DEFAULT} by default. */
  readonly maxAttempts?: number;
  /** The retry backoff; {@link WEBHOOK_RETRY_BACKOFF_DEFAULT} by default. */
  readonly backoff?: RetryBackoff;
  /** Per-attempt limit; {@link WEBHOOK_TIMEOUT_MILLISECONDS_DEFAULT} by default. */
  readonly timeoutMilliseconds?: number;
  /** Deliveries sent at once; {@link WEBHOOK_CONCURRENCY_DEFAULT} by default. */
  readonly concurrency?: number;
  /**
   * Pause of an idle dispatcher: {@link WEBHOOK_POLL_MILLISECONDS_DEFAULT} by default, or
   * {@link WEBHOOK_SAFETY_POLL_MILLISECONDS_DEFAULT} when the queue can `listen`. A retry
   * this dispatcher scheduled ends the pause when it comes due.
   */
  readonly pollMilliseconds?: number;
  /** Told about errors of the outbox; printed to stderr by default. */
  readonly onError?: (error: unknown) => void;
}

/** What one round of {@link WebhookDispatcher.runDue} did. */
export interface WebhookDispatchReport {
  /** Deliveries a receiver accepted. */
  readonly delivered: number;
  /** Failed attempts that will be retried. */
  readonly retried: number;
  /** Deliveries given up (attempt limit reached, or endpoint gone). */
  readonly dead: number;
}

/** A dispatcher over one outbox. */
export interface WebhookDispatcher {
  /** Sends every delivery due now, once each, and says how they ended. */
  runDue(): Promise<WebhookDispatchReport>;
  /** Keeps sending in the background until {@link WebhookDispatcher.stop}. */
  start(): void;
  /** Stops looking and resolves once the attempts in flight have settled. */
  stop(): Promise<void>;
}

type AttemptOutcome = "delivered" | "retried" | "dead";

function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError")
    return "The receiver did not answer in time.";
  return error instanceof Error ? error.message : String(error);
}

/**
 * Creates a dispatcher. Start it where the job worker starts; any number of them may
 * share a PostgreSQL outbox (claims skip each other's rows).
 *
 * @example
 * ```ts
 * const webhooks = createMemoryWebhookPorts({ endpoints: { 1: [{ id: "main", url, secret, events, trusted: true }] } });
 * const service = createService({ ...ports, webhooks });
 * const dispatcher = createWebhookDispatcher({ queue: webhooks.queue, endpoints: webhooks.endpoints });
 * dispatcher.start();
 * ```
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const clock = options.clock ?? systemClock;
  const send = options.send ?? createWebhookSender();
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS_DEFAULT;
  const backoff = options.backoff ?? WEBHOOK_RETRY_BACKOFF_DEFAULT;
  const timeoutMilliseconds = options.timeoutMilliseconds ?? WEBHOOK_TIMEOUT_MILLISECONDS_DEFAULT;
  const concurrency = options.concurrency ?? WEBHOOK_CONCURRENCY_DEFAULT;
  const onError =
    options.onError ?? ((error: unknown) => console.error("reelkit: webhook dispatcher:", error));
  const { queue } = options;
  const pollMilliseconds =
    options.pollMilliseconds ??
    (queue.listen === undefined
      ? WEBHOOK_POLL_MILLISECONDS_DEFAULT
      : WEBHOOK_SAFETY_POLL_MILLISECONDS_DEFAULT);
  // The earliest retry this dispatcher scheduled and has not looked for since: an idle
  // dispatcher looks again when it comes due, not at its next poll.
  let nextRetryAt = Number.POSITIVE_INFINITY;

  const failed = async (
    delivery: ClaimedWebhookDelivery,
    error: string,
  ): Promise<AttemptOutcome> => {
    const attempt = delivery.attempts + 1;
    if (attempt >= maxAttempts) {
      await queue.dead(delivery.id, error);
      return "dead";
    }
    const delay = jobRetryDelayMilliseconds(attempt, backoff, random);
    const dueAt = clock.now() + delay;
    await queue.retry(delivery.id, dueAt, error);
    nextRetryAt = Math.min(nextRetryAt, dueAt);
    return "retried";
  };

  const attempt = async (delivery: ClaimedWebhookDelivery): Promise<AttemptOutcome> => {
    const endpoint = await options.endpoints.get(delivery.organizationId, delivery.endpointId);
    if (endpoint === undefined) {
      await queue.dead(delivery.id, "The endpoint no longer exists.");
      return "dead";
    }
    const timestampSeconds = Math.floor(clock.now() / 1000);
    const signature = await signWebhook({
      secret: endpoint.secret,
      id: delivery.id,
      timestampSeconds,
      body: delivery.body,
    });
    try {
      const response = await send({
        url: endpoint.url,
        headers: {
          "content-type": "application/json",
          "webhook-id": delivery.id,
          "webhook-timestamp": String(timestampSeconds),
          "webhook-signature": signature,
        },
        body: delivery.body,
        trusted: endpoint.trusted,
        signal: AbortSignal.timeout(timeoutMilliseconds),
      });
      if (response.status >= 200 && response.status < 300) {
        await queue.delivered(delivery.id);
        return "delivered";
      }
      return failed(delivery, `The receiver answered ${response.status}.`);
    } catch (error) {
      return failed(delivery, describeFailure(error));
    }
  };

  const runDue = async (): Promise<WebhookDispatchReport> => {
    const claimed = await queue.claim({
      limit: concurrency,
      nowMilliseconds: clock.now(),
      // A claim outlives the slowest attempt, so no other dispatcher sends it meanwhile.
      leaseMilliseconds: timeoutMilliseconds * 3,
    });
    const outcomes = await Promise.all(claimed.map(attempt));
    const count = (outcome: AttemptOutcome) => outcomes.filter((each) => each === outcome).length;
    return { delivered: count("delivered"), retried: count("retried"), dead: count("dead") };
  };

  let running: Promise<void> | undefined;
  let stopped = false;
  let listening: WebhookQueueListening | undefined;
  // Set by a notification, so one that arrives while deliveries are being sent is not lost.
  let woken = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let endPause: () => void = () => undefined;
  const wake = (): void => {
    woken = true;
    endPause();
  };
  const pause = () =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      endPause = resolve;
      const untilRetry = Math.max(0, nextRetryAt - clock.now());
      timer = setTimeout(resolve, Math.min(pollMilliseconds, untilRetry));
      (timer as { unref?: () => void }).unref?.();
    });
  const loop = async (): Promise<void> => {
    while (!stopped) {
      woken = false;
      if (nextRetryAt <= clock.now()) nextRetryAt = Number.POSITIVE_INFINITY;
      const report = await runDue().catch((error: unknown) => {
        onError(error);
        return undefined;
      });
      const busy = report !== undefined && report.delivered + report.retried + report.dead > 0;
      if (!busy && !stopped) await pause();
    }
  };

  return {
    runDue,
    start() {
      stopped = false;
      listening ??= queue.listen?.({ onQueued: wake, onError });
      running ??= loop().finally(() => {
        running = undefined;
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      endPause();
      const listened = listening;
      listening = undefined;
      await Promise.all([running, listened?.stop()]);
    },
  };
}
