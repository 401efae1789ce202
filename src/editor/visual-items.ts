/**
 * Fields that new visual items share.
 *
 * @module
 */
import type { AnimatedFields } from "./items.js";

/** Animation fields of a new visual item: no enter, exit or motion. */
export function noAnimation(): AnimatedFields {
  return { enterAnimation: null, exitAnimation: null, motion: null };
}
