/**
 * The pino adapter. It takes any object shaped like a pino logger (pino itself, a child
 * logger, or a compatible one such as `fastify.log`), so the library never imports pino.
 *
 * @module
 */
import type { Logger, LogLevel } from "./logger.js";

/** One level method of pino: fields first, then the message. */
export type PinoLevelMethod = (fields: object, message: string) => void;

/** The part of a pino logger the adapter calls. */
export type PinoLike = { readonly [Level in LogLevel]: PinoLevelMethod };

/**
 * Adapts a pino logger to the {@link Logger} port; fields become the event's own keys.
 *
 * @example
 * ```ts
 * import pino from "pino";
 * import { pinoLogger } from "reelkit";
 * import { createFetchHandler } from "reelkit/http";
 *
 * const handler = createFetchHandler(service, { logger: pinoLogger(pino()) });
 * ```
 */
export function pinoLogger(pino: PinoLike): Logger {
  return {
    log(level, message, fields = {}) {
      pino[level](fields, message);
    },
  };
}
