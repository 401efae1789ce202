/**
 * Timestamps on the wire: ISO 8601 strings in UTC from the injected clock.
 *
 * @module
 */
import type { Clock } from "../../clock.js";

/** The clock's current time as an ISO 8601 UTC string. */
export function isoNow(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
