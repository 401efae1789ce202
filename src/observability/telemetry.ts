/**
 * The telemetry port: spans around units of work and a few named metrics. The default
 * does nothing; `reelkit/opentelemetry` implements it on `@opentelemetry/api`.
 *
 * @module
 */

/** Attribute values a span or a metric point carries. */
export type TelemetryAttributes = Readonly<Record<string, string | number | boolean>>;

/** The span a unit of work runs in, for what is learned while it runs. */
export interface TelemetrySpan {
  /** Adds attributes, such as the response status once it is known. */
  setAttributes(attributes: TelemetryAttributes): void;
  /** Renames the span, such as `GET /v1/videos/{id}` once the route is known. */
  updateName(name: string): void;
}

/** The metrics reelkit records, by their exported names. */
export const TELEMETRY_METRICS = {
  /** Counter of answered HTTP and MCP requests; attributes method, route, status. */
  requests: "reelkit.requests",
  /** Histogram of request durations in milliseconds; same attributes. */
  requestDuration: "reelkit.request.duration",
  /** Counter of job runs; attributes kind and outcome (`completed` or `failed`). */
  jobs: "reelkit.jobs",
  /** Histogram of job run durations in milliseconds; same attributes. */
  jobDuration: "reelkit.job.duration",
  /** Counter of credits put on hold by reservations. */
  creditsHeld: "reelkit.credits.held",
  /** Counter of held credits captured (spent). */
  creditsCaptured: "reelkit.credits.captured",
} as const;

/** The name of a counter metric. */
export type CounterMetric =
  | typeof TELEMETRY_METRICS.requests
  | typeof TELEMETRY_METRICS.jobs
  | typeof TELEMETRY_METRICS.creditsHeld
  | typeof TELEMETRY_METRICS.creditsCaptured;

/** The name of a histogram metric. */
export type HistogramMetric =
  | typeof TELEMETRY_METRICS.requestDuration
  | typeof TELEMETRY_METRICS.jobDuration;

/** Where spans and metrics go. Implementations must not throw. */
export interface Telemetry {
  /**
   * Runs `work` inside a span named `name`, which ends when the work settles and is marked
   * failed when it rejects (the rejection passes through unchanged).
   */
  inSpan<T>(
    name: string,
    attributes: TelemetryAttributes,
    work: (span: TelemetrySpan) => Promise<T>,
  ): Promise<T>;
  /** Adds `value` to a counter. */
  add(metric: CounterMetric, value: number, attributes?: TelemetryAttributes): void;
  /** Records one value of a histogram. */
  record(metric: HistogramMetric, value: number, attributes?: TelemetryAttributes): void;
}

const NO_SPAN: TelemetrySpan = { setAttributes: () => undefined, updateName: () => undefined };

/** Telemetry that records nothing: the default everywhere. */
export const NOOP_TELEMETRY: Telemetry = {
  inSpan: (_name, _attributes, work) => work(NO_SPAN),
  add: () => undefined,
  record: () => undefined,
};

/** Milliseconds since an arbitrary origin, for durations; monotonic where the runtime has it. */
export function monotonicMilliseconds(): number {
  return globalThis.performance?.now() ?? Date.now();
}
