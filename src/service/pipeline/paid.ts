/**
 * The frame of every paid creation request (spec 3, 4.0, 7.2): the idempotency key is
 * resolved and claimed, the organization's rate limit is counted, and only then does the
 * action price, hold credits and queue. The count, the action and the stored response
 * form one unit of work when the stores provide one. A replay answers from the stored
 * response without counting against the limit; any failure frees the key and leaves no
 * charge behind.
 *
 * @module
 */

import { apiError } from "../../errors/api-error.js";
import { resolveIdempotencyKey } from "../../idempotency/resolve-key.js";
import { type IdempotentActionAnswer, runIdempotent } from "../../idempotency/run-idempotent.js";
import type {
  ResultHeaders,
  ServiceFailure,
  ServiceRequest,
  ServiceSuccess,
} from "../../ports/contract.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { RateLimitDecision } from "../../ports/rate-limiter.js";
import { err, ok } from "../../result.js";
import type { EndpointDefinition } from "../../schemas/endpoints.js";
import type { Caller } from "./authorize.js";
import { failure, success } from "./results.js";

/** What {@link runPaidRequest} needs. */
export interface PaidRequest {
  /** The ports. */
  readonly deps: ServiceDependencies;
  /** The endpoint, for its idempotency rules and its name in key fingerprints. */
  readonly endpoint: EndpointDefinition;
  /** The admitted caller. */
  readonly caller: Caller;
  /** The request as received; its raw body is what the key's fingerprint covers. */
  readonly request: ServiceRequest;
  /**
   * The paid work: price, hold credits, queue, store, answer. It must leave no charge
   * behind when it answers with an error or throws.
   */
  readonly action: () => Promise<PaidAnswer>;
}

/** What a paid action answers: the created resources, or why nothing was created. */
export type PaidAnswer = ServiceSuccess | ServiceFailure;

function bodyKeyOf(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  return (body as Record<string, unknown>).idempotency_key;
}

function asObjectBody(body: unknown): object {
  if (typeof body !== "object" || body === null) {
    throw new TypeError("A paid action answers with a JSON object body.");
  }
  return body;
}

// What the action answered, as the key store keeps it: a success is kept for replay; a
// refusal (the rate limit, a failure of the action) frees the key and is answered as is.
function kept(answer: PaidAnswer): IdempotentActionAnswer<object, ServiceFailure> {
  return answer.kind === "ok" ? ok({ body: asObjectBody(answer.body) }) : err(answer);
}

/**
 * Runs a paid request once per idempotency key: resolves the key (header first, then the
 * body's `idempotency_key`), answers a replay or a 409 conflict from the key store, and
 * otherwise counts the request against the rate limit and runs the action.
 */
export async function runPaidRequest(paid: PaidRequest): Promise<PaidAnswer> {
  const { deps, endpoint, caller, request } = paid;
  const resolved = resolveIdempotencyKey({
    header: request.idempotencyKey,
    bodyKey: bodyKeyOf(request.body),
    minLength: endpoint.idempotency?.minLength ?? 0,
  });
  if (!resolved.ok) return failure(resolved.error);
  let headers: ResultHeaders | undefined;
  const unit = deps.unitOfWork;
  const result = await runIdempotent({
    ...(unit === undefined ? {} : { atomically: <T>(work: () => Promise<T>) => unit.run(work) }),
    store: deps.idempotency,
    clock: deps.clock,
    organizationId: caller.organization.id,
    key: resolved.value,
    operation: endpoint.operationId,
    body: request.body,
    action: async () => {
      const now = deps.clock.now();
      const decision = await deps.rateLimiter.consume(caller.organization.id, now);
      if (!decision.allowed) return kept(rateLimitedFailure(decision, now));
      headers = rateLimitHeaders(decision);
      return kept(await paid.action());
    },
  });
  if (result.kind === "conflict") return failure(result.error);
  if (result.kind === "refused") return result.refusal;
  if (result.replayed || headers === undefined) return success(result.body);
  return success(result.body, { ...headers });
}

/** The `X-RateLimit-*` headers of a decision, sent with every paid creation response. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(decision.resetAtMilliseconds),
  };
}

/**
 * Which limit a request passed: paid creation requests, changes of editor projects, or
 * previews of them.
 */
export type RateLimitName = "paid" | "edits" | "frames";

const RATE_LIMITED_MESSAGES: Readonly<Record<RateLimitName, (seconds: number) => string>> = {
  paid: (seconds) =>
    `Too many paid requests; retry after ${seconds} seconds with the same idempotency key.`,
  edits: (seconds) =>
    `Too many changes to editor projects; retry after ${seconds} seconds. Reading projects is not limited.`,
  frames: (seconds) =>
    `Too many previews of editor projects; retry after ${seconds} seconds. Reading projects is not limited.`,
};

const FREE_LIMITERS = {
  edits: "editRateLimiter",
  frames: "frameRateLimiter",
} as const satisfies Record<Exclude<RateLimitName, "paid">, keyof ServiceDependencies>;

/**
 * Counts one free request (an edit, a preview) against its limit for the caller's
 * organization: undefined when it may go ahead (or that limiter is not configured), else
 * the 429 that refuses it.
 */
export async function freeRateRefusal(
  deps: ServiceDependencies,
  caller: Caller,
  name: keyof typeof FREE_LIMITERS,
): Promise<ServiceFailure | undefined> {
  const limiter = deps[FREE_LIMITERS[name]];
  if (limiter === undefined) return undefined;
  const now = deps.clock.now();
  const decision = await limiter.consume(caller.organization.id, now);
  return decision.allowed ? undefined : rateLimitedFailure(decision, now, name);
}

/**
 * The `rate_limited` failure (429 over HTTP), with `Retry-After` in whole seconds;
 * `context.limit_name` says which limit was passed.
 */
export function rateLimitedFailure(
  decision: RateLimitDecision,
  nowMilliseconds: number,
  name: RateLimitName = "paid",
): ServiceFailure {
  const retryAfterSeconds = Math.max(
    0,
    Math.ceil((decision.resetAtMilliseconds - nowMilliseconds) / 1000),
  );
  const error = apiError("rate_limited", RATE_LIMITED_MESSAGES[name](retryAfterSeconds), {
    context: { limit_name: name, limit: decision.limit, retry_after_seconds: retryAfterSeconds },
  });
  return failure(error, {
    ...rateLimitHeaders(decision),
    "Retry-After": String(retryAfterSeconds),
  });
}
