/**
 * The organization id, one branded type for every layer: the service, its ports, the
 * credit and idempotency stores and their adapters all name an organization the same way,
 * so no layer converts it by hand. Values enter through {@link toOrganizationId} only, at the
 * boundaries where an id is read from outside (API key lookups, fixtures, database rows).
 *
 * @module
 */

declare const organizationIdBrand: unique symbol;

/**
 * The integer id of an organization, `organization_id` on the wire. Branded so that a
 * plain number (a video id, a count) cannot be passed where an organization is meant; it
 * is still a number, so it serializes as an integer.
 */
export type OrganizationId = number & { readonly [organizationIdBrand]: true };

const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * Reads an organization id: a non-negative safe integer, or its decimal text (as a
 * database column or a URL parameter holds it). Anything else is a broken invariant of the
 * source it came from, so it throws.
 *
 * @example
 * ```ts
 * const id = toOrganizationId(42);
 * const same = toOrganizationId("42"); // from a text column
 * ```
 */
export function toOrganizationId(value: unknown): OrganizationId {
  const parsed = typeof value === "string" && DECIMAL_DIGITS.test(value) ? Number(value) : value;
  if (typeof parsed !== "number" || !Number.isSafeInteger(parsed) || parsed < 0) {
    throw new TypeError(`Not an organization id: ${JSON.stringify(value)}`);
  }
  return parsed as OrganizationId;
}
