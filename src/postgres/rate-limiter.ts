/**
 * The PostgreSQL {@link RateLimiter}: fixed windows per organization, counted by one
 * conditional upsert, so every instance behind a load balancer counts against the same
 * limit.
 *
 * @module
 */

import type { Pool } from "pg";
import {
  type MemoryRateLimiterOptions,
  RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
} from "../memory/rate-limiter.js";
import type { RateLimiter } from "../ports/rate-limiter.js";
import { type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { queryable } from "./transaction.js";

/** Settings of {@link createPostgresRateLimiter}: the in-memory limiter's, and the schema. */
export interface PostgresRateLimiterOptions
  extends MemoryRateLimiterOptions,
    PostgresSchemaOptions {
  /**
   * Which limit the windows count, so that limiters of different names on one database
   * count apart: {@link PAID_RATE_LIMIT_NAME} by default, {@link EDIT_RATE_LIMIT_NAME} for
   * changes of editor projects, {@link FRAME_RATE_LIMIT_NAME} for their previews.
   */
  readonly name?: string;
}

/** The name of the limit of paid creation requests, the default. */
export const PAID_RATE_LIMIT_NAME = "paid";
/** The name of the limit of changes of editor projects. */
export const EDIT_RATE_LIMIT_NAME = "edits";
/** The name of the limit of previews of editor projects. */
export const FRAME_RATE_LIMIT_NAME = "frames";

// A newer window starts the count again; a request stamped in an older window (a host
// whose clock lags) counts against the current one. A full window updates nothing, so
// no row comes back.
const consumeSql = (
  windows: string,
): string => `INSERT INTO ${windows} AS window_row (organization_id, name, window_start_ms, count)
  VALUES ($1, $4, $2, 1)
  ON CONFLICT (organization_id, name) DO UPDATE SET
    count = CASE WHEN window_row.window_start_ms < EXCLUDED.window_start_ms THEN 1 ELSE window_row.count + 1 END,
    window_start_ms = GREATEST(window_row.window_start_ms, EXCLUDED.window_start_ms)
  WHERE window_row.window_start_ms < EXCLUDED.window_start_ms OR window_row.count < $3
  RETURNING count, window_start_ms`;

/**
 * Creates a rate limiter over the pool's database (run {@link migrate} first, with the
 * same `schema` option).
 *
 * @example
 * ```ts
 * const limiter = createPostgresRateLimiter(pool, { maxRequests: 60, windowSeconds: 60 });
 * (await limiter.consume(1, Date.now())).allowed; // true
 * const edits = createPostgresRateLimiter(pool, { name: EDIT_RATE_LIMIT_NAME, maxRequests: 120 });
 * ```
 */
export function createPostgresRateLimiter(
  pool: Pool,
  options: PostgresRateLimiterOptions = {},
): RateLimiter {
  const limit = options.maxRequests ?? RATE_LIMIT_MAX_REQUESTS_DEFAULT;
  const windowMilliseconds = (options.windowSeconds ?? RATE_LIMIT_WINDOW_SECONDS_DEFAULT) * 1000;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError("maxRequests must be a positive integer.");
  }
  if (!Number.isSafeInteger(windowMilliseconds) || windowMilliseconds <= 0) {
    throw new RangeError("windowSeconds must be positive.");
  }
  const consumeStatement = consumeSql(postgresSchemaOf(options).table("rate_limit_windows"));
  const name = options.name ?? PAID_RATE_LIMIT_NAME;
  return {
    async consume(organizationId, nowMilliseconds) {
      const start = Math.floor(nowMilliseconds / windowMilliseconds) * windowMilliseconds;
      const { rows } = await queryable(pool).query(consumeStatement, [
        organizationId,
        start,
        limit,
        name,
      ]);
      const row = rows[0];
      if (row === undefined) {
        return {
          allowed: false,
          limit,
          remaining: 0,
          resetAtMilliseconds: start + windowMilliseconds,
        };
      }
      const resetAtMilliseconds = Number(row.window_start_ms) + windowMilliseconds;
      return { allowed: true, limit, remaining: limit - Number(row.count), resetAtMilliseconds };
    },
  };
}
