/**
 * The default logger: one JSON object per line on a writable stream (such as
 * `process.stdout`), the format log shippers and `jq` read without configuration.
 *
 * @module
 */
import { type Clock, systemClock } from "../clock.js";
import { isLevelEnabled, type Logger, type LogLevel } from "./logger.js";

/** Anything with a `write(text)`: a Node stream, a file handle's stream, a test buffer. */
export interface WritableText {
  /** Writes one chunk of text. */
  write(text: string): unknown;
}

/** Settings of {@link createJsonLinesLogger}. */
export interface JsonLinesLoggerOptions {
  /** Where lines go. */
  readonly stream: WritableText;
  /** The least severe level written; `info` by default. */
  readonly minimumLevel?: LogLevel;
  /** The clock of the `time` field; the system clock by default. */
  readonly clock?: Clock;
}

/** Field names every line carries; fields of the same names are dropped, not written twice. */
export const JSON_LINE_RESERVED_FIELDS = ["time", "level", "msg"] as const;

/**
 * Creates a logger writing `{"time":"…","level":"info","msg":"…",…fields}` lines.
 *
 * @example
 * ```ts
 * import { createJsonLinesLogger } from "reelkit";
 *
 * const logger = createJsonLinesLogger({ stream: process.stdout });
 * logger.log("info", "request", { method: "GET", status: 200 });
 * // {"time":"2026-01-01T00:00:00.000Z","level":"info","msg":"request","method":"GET","status":200}
 * ```
 */
export function createJsonLinesLogger(options: JsonLinesLoggerOptions): Logger {
  const minimumLevel = options.minimumLevel ?? "info";
  const clock = options.clock ?? systemClock;
  const reserved = new Set<string>(JSON_LINE_RESERVED_FIELDS);
  return {
    log(level, message, fields = {}) {
      if (!isLevelEnabled(level, minimumLevel)) return;
      const line: Record<string, unknown> = {
        time: new Date(clock.now()).toISOString(),
        level,
        msg: message,
      };
      for (const [name, value] of Object.entries(fields)) {
        if (!reserved.has(name)) line[name] = value;
      }
      options.stream.write(`${JSON.stringify(line)}\n`);
    },
  };
}
