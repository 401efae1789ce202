/**
 * Observability ports: the logger (with the JSON-lines and pino adapters) and telemetry
 * (no-op by default; `reelkit/opentelemetry` implements it), and the wrappers that put
 * telemetry around the stores and jobs.
 *
 * @module
 */
export {
  instrumentCreditStore,
  instrumentJobProcessor,
  instrumentResourceStores,
} from "./instrumentation.js";
export {
  createJsonLinesLogger,
  JSON_LINE_RESERVED_FIELDS,
  type JsonLinesLoggerOptions,
  type WritableText,
} from "./json-lines-logger.js";
export {
  isLevelEnabled,
  LOG_LEVELS,
  type LogFields,
  type Logger,
  type LogLevel,
  SILENT_LOGGER,
} from "./logger.js";
export { type PinoLevelMethod, type PinoLike, pinoLogger } from "./pino-logger.js";
export {
  type CounterMetric,
  type HistogramMetric,
  NOOP_TELEMETRY,
  TELEMETRY_METRICS,
  type Telemetry,
  type TelemetryAttributes,
  type TelemetrySpan,
} from "./telemetry.js";
