/**
 * Health endpoints for load balancers and orchestrators: `GET /healthz` answers 200 as
 * long as the process can answer at all (liveness), and `GET /readyz` runs the host's
 * readiness checks (database reachable, migrations current, not shutting down) and
 * answers 503 naming each one that failed. Neither needs an API key, and both live
 * outside the API's base path, where probes are configured once per deployment.
 *
 * @module
 */
import { err, type Result } from "../result.js";
import type { FetchHandler } from "./fetch-handler.js";
import { jsonResponse, rejectionResponse, unknownRouteResponse } from "./responses.js";

/** The liveness path. */
export const HEALTH_PATH = "/healthz";
/** The readiness path. */
export const READINESS_PATH = "/readyz";
/** Longest a readiness check may take before it counts as failed (`timed_out`). */
export const READINESS_CHECK_TIMEOUT_MILLISECONDS = 2000;

/** Plain JSON facts a readiness check reports for the operator; never a secret. */
export type ReadinessDetails = Readonly<Record<string, unknown>>;

/** Why a readiness check failed. */
export interface ReadinessFailure {
  /** A short snake_case reason, such as `database_unreachable`. */
  readonly reason: string;
  /** What the check found. */
  readonly details?: ReadinessDetails;
}

/**
 * What one readiness check found: passed, with any facts it reports (`ok(undefined)`
 * when it has none), or failed.
 */
export type ReadinessResult = Result<ReadinessDetails | undefined, ReadinessFailure>;

/** One named readiness check. */
export interface ReadinessCheck {
  /** Its name in the `/readyz` body, such as `database`. */
  readonly name: string;
  /** Runs the check; a rejection counts as failed with reason `check_failed`. */
  check(): Promise<ReadinessResult>;
}

/** Options of {@link createHealthHandler}. */
export interface HealthHandlerOptions {
  /** Checks `/readyz` runs, all at once; none means always ready. */
  readonly checks?: readonly ReadinessCheck[];
  /** Per-check bound; {@link READINESS_CHECK_TIMEOUT_MILLISECONDS} by default. */
  readonly timeoutMilliseconds?: number;
}

/** One check's line in the `/readyz` body. */
export interface ReadinessReport {
  /** The check's name. */
  readonly name: string;
  /** `ok`, or `failed` with a reason. */
  readonly status: "ok" | "failed";
  /** Why it failed. */
  readonly reason?: string;
  /** What the check reported. */
  readonly details?: Readonly<Record<string, unknown>>;
}

// Probes must see the live answer, never a cached one.
const NO_STORE = { "cache-control": "no-store" };
const READ_METHODS = ["GET", "HEAD"];

function timedOut(milliseconds: number): { promise: Promise<ReadinessResult>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<ReadinessResult>((resolve) => {
    timer = setTimeout(() => resolve(err({ reason: "timed_out" })), milliseconds);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

async function runCheck(
  check: ReadinessCheck,
  timeoutMilliseconds: number,
): Promise<ReadinessReport> {
  const deadline = timedOut(timeoutMilliseconds);
  const result = await Promise.race([
    check.check().catch((): ReadinessResult => err({ reason: "check_failed" })),
    deadline.promise,
  ]);
  deadline.cancel();
  const details = result.ok ? result.value : result.error.details;
  return {
    name: check.name,
    status: result.ok ? "ok" : "failed",
    ...(result.ok ? {} : { reason: result.error.reason }),
    ...(details === undefined ? {} : { details }),
  };
}

/**
 * Runs every check at once and reports each, `ready` when all passed.
 *
 * @example
 * ```ts
 * const { ready, checks } = await checkReadiness([postgresReadiness(pool)]);
 * ```
 */
export async function checkReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMilliseconds: number = READINESS_CHECK_TIMEOUT_MILLISECONDS,
): Promise<{ readonly ready: boolean; readonly checks: readonly ReadinessReport[] }> {
  const reports = await Promise.all(checks.map((check) => runCheck(check, timeoutMilliseconds)));
  return { ready: reports.every((report) => report.status === "ok"), checks: reports };
}

/**
 * Creates the handler of `/healthz` and `/readyz`; mount it at both paths. Any other
 * path answers the API's structured 404, and a method other than GET or HEAD a 405.
 *
 * `/healthz` answers `200 {"status":"alive"}`. `/readyz` answers
 * `200 {"status":"ready","checks":[{"name":"database","status":"ok"}]}`, or 503 with
 * `"status":"not_ready"` and each failed check's `reason`.
 *
 * @example
 * ```ts
 * import { createHealthHandler } from "reelkit/http";
 * import { postgresReadiness } from "reelkit/postgres";
 *
 * const health = createHealthHandler({ checks: [postgresReadiness(pool)] });
 * // Hono: app.get("/healthz", (c) => health(c.req.raw)); app.get("/readyz", (c) => health(c.req.raw));
 * ```
 */
export function createHealthHandler(options: HealthHandlerOptions = {}): FetchHandler {
  const checks = options.checks ?? [];
  const timeoutMilliseconds = options.timeoutMilliseconds ?? READINESS_CHECK_TIMEOUT_MILLISECONDS;
  if (!Number.isSafeInteger(timeoutMilliseconds) || timeoutMilliseconds < 1) {
    throw new RangeError(
      `timeoutMilliseconds must be a positive integer, got ${timeoutMilliseconds}.`,
    );
  }
  return async (request) => {
    const pathname = new URL(request.url).pathname;
    if (pathname !== HEALTH_PATH && pathname !== READINESS_PATH) return unknownRouteResponse();
    if (!READ_METHODS.includes(request.method)) {
      return rejectionResponse(
        {
          reason: "method_not_allowed",
          message: `This path serves GET and HEAD, not ${request.method}.`,
          details: { allowed_methods: READ_METHODS },
        },
        { allow: READ_METHODS.join(", ") },
      );
    }
    const head = request.method === "HEAD";
    const answer = (status: number, body: unknown): Response => {
      const response = jsonResponse(status, body, NO_STORE);
      return head ? new Response(null, response) : response;
    };
    if (pathname === HEALTH_PATH) return answer(200, { status: "alive" });
    const readiness = await checkReadiness(checks, timeoutMilliseconds);
    return answer(readiness.ready ? 200 : 503, {
      status: readiness.ready ? "ready" : "not_ready",
      checks: readiness.checks,
    });
  };
}
