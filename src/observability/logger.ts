/**
 * The logger port: one call per event, with a level, a short message and structured
 * fields. Hosts pass their own logger (a pino instance through `pinoLogger`, or the
 * JSON-lines logger); the library never writes logs on its own.
 *
 * @module
 */

/** Severity levels, least severe first. */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

/** A severity level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Structured fields of one log event: plain JSON values by name. */
export type LogFields = Readonly<Record<string, unknown>>;

/** Where structured log events go. */
export interface Logger {
  /** Records one event. Must not throw; callers ignore a logger that does. */
  log(level: LogLevel, message: string, fields?: LogFields): void;
}

/** A logger that drops every event; the default of the handlers. */
export const SILENT_LOGGER: Logger = { log: () => undefined };

/**
 * Whether `level` is at least as severe as `minimum`.
 *
 * @example
 * ```ts
 * isLevelEnabled("warn", "info"); // true
 * isLevelEnabled("debug", "info"); // false
 * ```
 */
export function isLevelEnabled(level: LogLevel, minimum: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(minimum);
}
