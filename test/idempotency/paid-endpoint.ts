/**
 * A small paid endpoint for tests: `runIdempotent` around an action that reserves
 * credits the way the service does (charge before queueing, release on failure).
 */

import { createManualClock, type ManualClock } from "../../src/clock.js";
import type { CreditStore } from "../../src/credits/index.js";
import { type ApiErrorBody, errorBody, insufficientCreditsError } from "../../src/errors/index.js";
import {
  type IdempotencyStore,
  type IdempotentResult,
  runIdempotent,
} from "../../src/idempotency/index.js";
import { createMemoryCreditStore, createMemoryIdempotencyStore } from "../../src/memory/index.js";
import type { OrganizationId } from "../../src/organization-id.js";
import { ok } from "../../src/result.js";

/** The success body of the test endpoint, shaped like a slideshow creation result. */
export interface QueuedBody {
  readonly object: "slideshow_generation";
  readonly status: "queued";
  readonly hold_id: string;
  readonly credits_deducted: number;
  readonly remaining_credits: number;
}

/** Every body the test endpoint answers with. */
export type PaidBody = QueuedBody | ApiErrorBody;

/** One request to the test endpoint. */
export interface PaidRequest {
  readonly organizationId: OrganizationId;
  readonly key: string | undefined;
  readonly body: unknown;
  /** Credits the action reserves; 40 by default. */
  readonly price?: number;
  /** Makes queueing fail after the reservation: the hold is released and the action throws. */
  readonly failQueueing?: boolean;
  /** Awaited between the reservation and the answer, to hold the claim open. */
  readonly whileQueueing?: () => Promise<void>;
  /** The key store this request talks to; the endpoint's own by default. */
  readonly keys?: IdempotencyStore;
  /** Lease of this request; the library default when omitted. */
  readonly leaseMilliseconds?: number;
  /** Retention of this request; the library default when omitted. */
  readonly retentionMilliseconds?: number;
  /** The unit of work around the action and the stored response; none by default. */
  readonly atomically?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** The test endpoint and the stores behind it. */
export interface PaidEndpoint {
  readonly credits: CreditStore;
  readonly keys: IdempotencyStore;
  readonly clock: ManualClock;
  /** How many times the paid action started. */
  readonly actionRuns: () => number;
  send(request: PaidRequest): Promise<IdempotentResult<PaidBody>>;
}

/** The price the endpoint charges when a request does not say. */
export const DEFAULT_TEST_PRICE = 40;

/** Creates the endpoint over fresh in-memory stores. */
export function createPaidEndpoint(): PaidEndpoint {
  const clock = createManualClock(Date.UTC(2026, 0, 1));
  const credits = createMemoryCreditStore({ clock });
  const keys = createMemoryIdempotencyStore();
  let runs = 0;

  const action = (request: PaidRequest) => async () => {
    runs += 1;
    const holdId = `hold-${runs}`;
    const price = request.price ?? DEFAULT_TEST_PRICE;
    const reservation = await credits.reserve(request.organizationId, [{ holdId, amount: price }]);
    if (!reservation.ok) {
      const error = insufficientCreditsError(reservation.error);
      return ok({ status: 402, body: errorBody(error) as PaidBody });
    }
    await request.whileQueueing?.();
    if (request.failQueueing === true) {
      await credits.release(request.organizationId, holdId);
      throw new Error("The job queue is unavailable.");
    }
    const body: QueuedBody = {
      object: "slideshow_generation",
      status: "queued",
      hold_id: holdId,
      credits_deducted: price,
      remaining_credits: reservation.value.balance.available,
    };
    return ok({ status: 200, body: body as PaidBody });
  };

  return {
    credits,
    keys,
    clock,
    actionRuns: () => runs,
    send: (request) =>
      runIdempotent<PaidBody>({
        store: request.keys ?? keys,
        clock,
        organizationId: request.organizationId,
        key: request.key,
        operation: "create_slideshow",
        body: request.body,
        leaseMilliseconds: request.leaseMilliseconds,
        retentionMilliseconds: request.retentionMilliseconds,
        ...(request.atomically === undefined ? {} : { atomically: request.atomically }),
        action: action(request),
      }),
  };
}

/** Holds (captured or pending) charged to an organization, read from its ledger. */
export async function chargedHolds(
  credits: CreditStore,
  organizationId: OrganizationId,
): Promise<string[]> {
  const ledger = await credits.ledger(organizationId);
  const released = new Set(
    ledger.flatMap((entry) => (entry.kind === "release" ? [entry.holdId] : [])),
  );
  return ledger.flatMap((entry) =>
    entry.kind === "hold" && !released.has(entry.holdId) ? [entry.holdId] : [],
  );
}
