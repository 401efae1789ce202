/**
 * The `credits_returned` flag of a failed generation (spec 7.3.5).
 *
 * @module
 */
import type { HoldState } from "./account.js";

/**
 * Whether a failed generation's credits came back, read from its hold: `true` when the
 * hold was released, `false` when it was captured, and `null` when the record does not
 * establish it (no hold is known, or it is still pending).
 *
 * @example
 * ```ts
 * creditsReturned("released"); // true
 * creditsReturned("captured"); // false
 * creditsReturned(undefined); // null
 * ```
 */
export function creditsReturned(holdState: HoldState | null | undefined): boolean | null {
  if (holdState === "released") return true;
  if (holdState === "captured") return false;
  return null;
}
