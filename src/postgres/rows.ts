/**
 * Reading column values: `pg` returns `bigint` columns as strings, so whole numbers are
 * converted here, once, and refused when they would not fit a JavaScript number.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";

/** A `bigint` or `integer` column value as a safe JavaScript integer; throws otherwise. */
export function toSafeInteger(value: unknown, column: string): number {
  const number = typeof value === "string" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number)) {
    throw new RangeError(`Column ${column} holds ${String(value)}, not a safe integer.`);
  }
  return number;
}

/** A nullable `bigint` column value as a safe integer, or undefined when null. */
export function toOptionalInteger(value: unknown, column: string): number | undefined {
  return value === null || value === undefined ? undefined : toSafeInteger(value, column);
}

/**
 * The `account_id` text column of the credit and idempotency tables holds an organization
 * as its decimal id; this is the one place the adapters write it.
 */
export function accountColumn(organizationId: OrganizationId): string {
  return String(organizationId);
}
