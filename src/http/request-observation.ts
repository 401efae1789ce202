/**
 * What every request leaves behind, in the fetch handler and the MCP handler alike: its
 * `X-Request-Id` echoed, one log line, one span, and the request metrics. The line and
 * the span name the route template (`/v1/editor/videos/{id}`), never the raw path, and
 * carry no key, no header other than the request id, and no body.
 *
 * @module
 */
import { type Logger, SILENT_LOGGER } from "../observability/logger.js";
import {
  monotonicMilliseconds,
  NOOP_TELEMETRY,
  TELEMETRY_METRICS,
  type Telemetry,
} from "../observability/telemetry.js";
import { requestIdOf, withRequestId } from "./request-id.js";

/** Where request observations go; both default to nothing. */
export interface ObservationOptions {
  /** Receives one `request` event per request. Default: none. */
  readonly logger?: Logger;
  /** Receives a span and the request metrics per request. Default: none. */
  readonly telemetry?: Telemetry;
}

/** What a handler learns about a request while answering it. */
export interface RequestNotes {
  /** The route template that matched, such as `/v1/editor/videos/{id}`. */
  route: string | undefined;
  /** The organization of the admitted caller, once known. */
  organizationId: number | undefined;
}

/** Route named in logs and metrics when no template matched (404, malformed path). */
export const UNMATCHED_ROUTE = "unmatched";

/** The log message of a request line. */
export const REQUEST_LOG_MESSAGE = "request";

function logLevelOf(status: number): "info" | "warn" | "error" {
  if (status >= 500) return "error";
  return status >= 400 ? "warn" : "info";
}

/**
 * Answers `request` with `answer`, which fills in `notes` as it learns the route and the
 * organization, and observes the outcome. `answer` must not reject (both handlers turn
 * failures into 500s before this point).
 */
export async function observeRequest(
  request: Request,
  options: ObservationOptions,
  answer: (notes: RequestNotes) => Promise<Response>,
): Promise<Response> {
  const logger = options.logger ?? SILENT_LOGGER;
  const telemetry = options.telemetry ?? NOOP_TELEMETRY;
  const requestId = requestIdOf(request);
  const startedAt = monotonicMilliseconds();
  const notes: RequestNotes = { route: undefined, organizationId: undefined };
  const method = request.method;
  const response = await telemetry.inSpan(
    method,
    { "http.request.method": method },
    async (span) => {
      const answered = await answer(notes);
      const route = notes.route ?? UNMATCHED_ROUTE;
      span.updateName(`${method} ${route}`);
      span.setAttributes({
        "http.route": route,
        "http.response.status_code": answered.status,
        "reelkit.request_id": requestId,
        ...(notes.organizationId === undefined
          ? {}
          : { "reelkit.organization_id": notes.organizationId }),
      });
      return answered;
    },
  );
  const durationMilliseconds = monotonicMilliseconds() - startedAt;
  const route = notes.route ?? UNMATCHED_ROUTE;
  const metricAttributes = { method, route, status: response.status };
  telemetry.add(TELEMETRY_METRICS.requests, 1, metricAttributes);
  telemetry.record(TELEMETRY_METRICS.requestDuration, durationMilliseconds, metricAttributes);
  try {
    logger.log(logLevelOf(response.status), REQUEST_LOG_MESSAGE, {
      method,
      route,
      status: response.status,
      duration_ms: Math.round(durationMilliseconds * 1000) / 1000,
      organization_id: notes.organizationId ?? null,
      request_id: requestId,
    });
  } catch {
    // A broken logger must not fail the request it reports, and it is the channel any
    // report of its failure would go to.
  }
  return withRequestId(response, requestId);
}
