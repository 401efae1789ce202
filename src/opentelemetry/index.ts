/**
 * `reelkit/opentelemetry`: the telemetry port on `@opentelemetry/api` (an optional peer
 * dependency, imported only by this entry). Spans go to the tracer and metrics to the
 * meter of the global providers the application registered (or the ones given); without
 * a registered SDK the API's own no-op providers make every call free.
 *
 * @module
 */
import {
  type Attributes,
  type Meter,
  metrics,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import {
  TELEMETRY_METRICS,
  type Telemetry,
  type TelemetryAttributes,
} from "../observability/telemetry.js";

/** The instrumentation scope name spans and metrics are recorded under. */
export const OPENTELEMETRY_SCOPE = "reelkit";

/** Options of {@link createOpenTelemetry}. */
export interface OpenTelemetryOptions {
  /** The tracer; `trace.getTracer("reelkit")` of the global provider by default. */
  readonly tracer?: Tracer;
  /** The meter; `metrics.getMeter("reelkit")` of the global provider by default. */
  readonly meter?: Meter;
}

function instrumentsOf(meter: Meter) {
  const names = TELEMETRY_METRICS;
  return {
    counters: {
      [names.requests]: meter.createCounter(names.requests, {
        description: "Answered HTTP and MCP requests.",
      }),
      [names.jobs]: meter.createCounter(names.jobs, { description: "Job runs, by outcome." }),
      [names.creditsHeld]: meter.createCounter(names.creditsHeld, {
        description: "Credits put on hold by accepted reservations.",
        unit: "{credit}",
      }),
      [names.creditsCaptured]: meter.createCounter(names.creditsCaptured, {
        description: "Held credits captured (spent).",
        unit: "{credit}",
      }),
    },
    histograms: {
      [names.requestDuration]: meter.createHistogram(names.requestDuration, {
        description: "Time to answer a request.",
        unit: "ms",
      }),
      [names.jobDuration]: meter.createHistogram(names.jobDuration, {
        description: "Time to run a job.",
        unit: "ms",
      }),
    },
  };
}

const asAttributes = (attributes: TelemetryAttributes | undefined): Attributes => ({
  ...attributes,
});

/**
 * Creates the telemetry port on OpenTelemetry. Pass it as `telemetry` to
 * `createFetchHandler` and `createMcpHandler`, and wrap the ports with
 * `instrumentCreditStore`, `instrumentResourceStores` and `instrumentJobProcessor`.
 *
 * @example
 * ```ts
 * import { createOpenTelemetry } from "reelkit/opentelemetry";
 * import { createFetchHandler } from "reelkit/http";
 *
 * // After the OpenTelemetry SDK is started (NodeSDK, or providers registered by hand):
 * const telemetry = createOpenTelemetry();
 * const handler = createFetchHandler(service.api, { telemetry });
 * ```
 */
export function createOpenTelemetry(options: OpenTelemetryOptions = {}): Telemetry {
  const tracer = options.tracer ?? trace.getTracer(OPENTELEMETRY_SCOPE);
  const { counters, histograms } = instrumentsOf(
    options.meter ?? metrics.getMeter(OPENTELEMETRY_SCOPE),
  );
  return {
    inSpan(name, attributes, work) {
      return tracer.startActiveSpan(
        name,
        { attributes: asAttributes(attributes) },
        async (span) => {
          try {
            return await work({
              setAttributes: (more) => span.setAttributes(asAttributes(more)),
              updateName: (newName) => span.updateName(newName),
            });
          } catch (error) {
            span.recordException(error instanceof Error ? error : String(error));
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
    add(metric, value, attributes) {
      counters[metric].add(value, asAttributes(attributes));
    },
    record(metric, value, attributes) {
      histograms[metric].record(value, asAttributes(attributes));
    },
  };
}
