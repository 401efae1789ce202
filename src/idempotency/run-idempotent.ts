/**
 * `runIdempotent`: one call that claims a key, runs a paid action once, stores its
 * response and answers retries with the stored response.
 *
 * @module
 */

import type { Clock } from "../clock.js";
import type { ApiError } from "../errors/api-error.js";
import type { OrganizationId } from "../organization-id.js";
import type { Err, Result } from "../result.js";
import { idempotencyConflictError } from "./conflict-error.js";
import {
  IDEMPOTENCY_LEASE_DEFAULT_MILLISECONDS,
  IDEMPOTENCY_RETENTION_DEFAULT_MILLISECONDS,
} from "./defaults.js";
import { fingerprintRequest } from "./fingerprint.js";
import type { IdempotencyScope, StoredResponse } from "./record.js";
import type { IdempotencyStore } from "./store.js";

/** A response of a paid action, kept for replay when its status is 2xx. */
export interface IdempotentResponse<Body extends object> {
  /** HTTP status; 200 when omitted, as an action that only succeeds or refuses leaves it. */
  readonly status?: number;
  /** The JSON body. */
  readonly body: Body;
}

/**
 * What a paid action answers when it refuses the request (such as with the
 * `insufficient_credits` error): nothing is kept, the key is freed so the same request
 * can run again, and the error is handed back as it is.
 */
export type IdempotentRefusal<Refusal> = Err<Refusal>;

/** What a paid action answers: its response, or the refusal of the request. */
export type IdempotentActionAnswer<Body extends object, Refusal = never> = Result<
  IdempotentResponse<Body>,
  Refusal
>;

/** The field a replayed body gains (spec 2.3 to 2.5). */
export interface ReplayMarker {
  /** Present and true when the body is a replay of a completed request. */
  readonly idempotent_replay?: true;
}

/** A body as answered: a replay carries `idempotent_replay: true`, a fresh body does not. */
export type ReplayableBody<Body extends object> = Body & ReplayMarker;

/** Everything {@link runIdempotent} needs. */
export interface RunIdempotentOptions<Body extends object, Refusal = never> {
  /** Where keys live. */
  readonly store: IdempotencyStore;
  /** The source of leases' and retention's time. */
  readonly clock: Clock;
  /** The organization making the request; keys are scoped to it. */
  readonly organizationId: OrganizationId;
  /** The resolved key (see `resolveIdempotencyKey`); undefined runs the action unprotected. */
  readonly key: string | undefined;
  /** Names the endpoint or tool (`create_generation`), so one key never matches across them. */
  readonly operation: string;
  /** The request body as received; fingerprinted without its `idempotency_key`. */
  readonly body: unknown;
  /** How long the claim holds; one minute by default. */
  readonly leaseMilliseconds?: number;
  /**
   * Runs the action and the storing of its response as one unit that commits together
   * or not at all (a database transaction over the stores the action uses). With it, an
   * action that outlived its lease is undone and answered with the `in_progress`
   * conflict, so the request that took the key over is the only one that charges.
   * Without it, the action and the storing are separate steps.
   */
  readonly atomically?: <T>(work: () => Promise<T>) => Promise<T>;
  /** How long a completed response is kept; 24 hours by default. */
  readonly retentionMilliseconds?: number;
  /**
   * The paid action. It must leave no charge behind when it throws, refuses, or answers
   * with a non-2xx status: those outcomes free the key so the same request can run again.
   */
  readonly action: () => Promise<IdempotentActionAnswer<Body, Refusal>>;
}

/** A response to send: fresh from the action, or replayed from the store. */
export interface IdempotentAnswer<Body extends object> {
  /** Marks a response: the action answered (or an earlier run did). */
  readonly kind: "answered";
  /** HTTP status. */
  readonly status: number;
  /** The body; a replay adds `idempotent_replay: true` to the stored body. */
  readonly body: ReplayableBody<Body>;
  /** True when the action did not run and the stored response was replayed. */
  readonly replayed: boolean;
}

/** A key that cannot be used now: answer with this 409. */
export interface IdempotentConflict {
  /** Marks a conflict. */
  readonly kind: "conflict";
  /** The `idempotency_conflict` error, with `context.reason`. */
  readonly error: ApiError;
}

/** The action refused the request; the key is free again. */
export interface IdempotentRefused<Refusal> {
  /** Marks a request that was run and refused. */
  readonly kind: "refused";
  /** The action's refusal, as it answered it. */
  readonly refusal: Refusal;
}

/**
 * The result of {@link runIdempotent}, told apart by `kind`: a response to send, the 409
 * conflict of a key that cannot be used now, or the action's refusal (only when the
 * action can refuse). Three outcomes, each answered differently, so not a `Result`.
 */
export type IdempotentResult<Body extends object, Refusal = never> =
  | IdempotentAnswer<Body>
  | IdempotentConflict
  | ([Refusal] extends [never] ? never : IdempotentRefused<Refusal>);

/**
 * True for the statuses whose responses are stored and replayed: 2xx. Every other
 * status frees the key, so a retry with the same key runs again, as spec 7.3 expects
 * for 429 and 5xx, and as a client expects after topping up following a 402.
 */
export function isReplayableStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Runs a paid action at most once per (organization, key, request).
 *
 * Without a key the action simply runs. With one, the key is claimed first: a completed
 * match is replayed without running anything, a conflict comes back as the 409, and a
 * fresh claim runs the action. A 2xx response is then stored for replay; any other
 * response, or an error thrown by the action, frees the key (the error is rethrown). When
 * the action outlives its lease and another request takes the key over, the late action
 * is undone and answered with the `in_progress` conflict when `atomically` is given;
 * without it, what the action did stays, its response is returned, and the newer
 * claim's response is the one stored.
 *
 * @example
 * ```ts
 * const result = await runIdempotent({
 *   store: keys, clock: systemClock, organizationId: toOrganizationId(1), key: "order-42",
 *   operation: "create_slideshow", body,
 *   action: async () => ok({ status: 200, body: await queueSlideshow(body) }),
 * });
 * if (result.kind === "conflict") return errorResponse(result.error); // 409
 * return jsonResponse(result.status, result.body); // result.replayed tells a replay apart
 * ```
 */
export async function runIdempotent<Body extends object, Refusal = never>(
  options: RunIdempotentOptions<Body, Refusal>,
): Promise<IdempotentResult<Body, Refusal>> {
  const { store, clock, key, action } = options;
  const { leaseMilliseconds, retentionMilliseconds } = durationsOf(options);
  if (key === undefined) return answer(await action());
  const scope: IdempotencyScope = { organizationId: options.organizationId, key };
  const fingerprint = await fingerprintRequest(options.operation, options.body);
  const claim = await store.claim(scope, {
    fingerprint,
    nowMilliseconds: clock.now(),
    leaseMilliseconds,
  });
  if (claim.kind === "conflict") {
    return { kind: "conflict", error: idempotencyConflictError(claim.reason) };
  }
  if (claim.kind === "replay") return replay<Body>(claim.response);
  return runClaimed(options, { scope, token: claim.lease.token, retentionMilliseconds });
}

interface Claimed {
  readonly scope: IdempotencyScope;
  readonly token: string;
  readonly retentionMilliseconds: number;
}

async function runClaimed<Body extends object, Refusal>(
  options: RunIdempotentOptions<Body, Refusal>,
  claimed: Claimed,
): Promise<IdempotentResult<Body, Refusal>> {
  const { store, clock, action } = options;
  const { scope, token, retentionMilliseconds } = claimed;
  const atomic = options.atomically !== undefined;
  const atomically = options.atomically ?? ((work) => work());
  let ran: {
    readonly response: IdempotentActionAnswer<Body, Refusal>;
    readonly stored: boolean;
  };
  try {
    ran = await atomically(async () => {
      const response = await action();
      if (!response.ok || !isReplayableStatus(statusOf(response.value))) {
        return { response, stored: false };
      }
      const { value } = response;
      const completion = await store.complete(scope, {
        token,
        response: { status: statusOf(value), bodyJson: JSON.stringify(value.body) },
        nowMilliseconds: clock.now(),
        retentionMilliseconds,
      });
      // Another request holds the key now and its answer is the one that counts; inside
      // a unit, throwing undoes this one's charge and records.
      if (!completion.ok && atomic) throw new LeaseLostError();
      return { response, stored: true };
    });
  } catch (error) {
    // The action's own error matters more than a failed release; an unreleased claim
    // still frees itself when its lease expires.
    await store.release(scope, token).catch(() => undefined);
    if (error instanceof LeaseLostError) {
      return { kind: "conflict", error: idempotencyConflictError("in_progress") };
    }
    throw error;
  }
  if (!ran.stored) await store.release(scope, token);
  return answer(ran.response);
}

class LeaseLostError extends Error {
  constructor() {
    super("The idempotency lease expired before the response was stored.");
  }
}

// Checked before anything runs: a bad duration found only when storing the response
// would strand a paid action that has already charged.
function durationsOf<Refusal>(options: RunIdempotentOptions<object, Refusal>): {
  leaseMilliseconds: number;
  retentionMilliseconds: number;
} {
  const leaseMilliseconds = options.leaseMilliseconds ?? IDEMPOTENCY_LEASE_DEFAULT_MILLISECONDS;
  const retentionMilliseconds =
    options.retentionMilliseconds ?? IDEMPOTENCY_RETENTION_DEFAULT_MILLISECONDS;
  if (!Number.isFinite(leaseMilliseconds) || leaseMilliseconds <= 0) {
    throw new RangeError("A lease lasts a positive number of milliseconds.");
  }
  if (!Number.isFinite(retentionMilliseconds) || retentionMilliseconds < 0) {
    throw new RangeError("A retention lasts a non-negative number of milliseconds.");
  }
  return { leaseMilliseconds, retentionMilliseconds };
}

function statusOf(response: IdempotentResponse<object>): number {
  return response.status ?? 200;
}

function answer<Body extends object, Refusal>(
  response: IdempotentActionAnswer<Body, Refusal>,
): IdempotentResult<Body, Refusal> {
  if (!response.ok) {
    const refused: IdempotentRefused<Refusal> = { kind: "refused", refusal: response.error };
    // A refusal is only possible when the action's type allows one.
    return refused as IdempotentResult<Body, Refusal>;
  }
  return {
    kind: "answered",
    status: statusOf(response.value),
    body: response.value.body,
    replayed: false,
  };
}

function replay<Body extends object>(response: StoredResponse): IdempotentAnswer<Body> {
  const stored: unknown = JSON.parse(response.bodyJson);
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) {
    throw new TypeError("A stored idempotent response body is not a JSON object.");
  }
  // The fingerprint covers the operation, so the stored body came from this same action.
  const body = { ...stored, idempotent_replay: true } as ReplayableBody<Body>;
  return { kind: "answered", status: response.status, body, replayed: true };
}
