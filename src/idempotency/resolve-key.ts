/**
 * Choosing and checking the idempotency key of a request (spec 4.0): the
 * `Idempotency-Key` header wins over the body field `idempotency_key`.
 *
 * @module
 */
import { type ApiError, apiError } from "../errors/api-error.js";
import { type Err, err, type Ok, ok, type Result } from "../result.js";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "../schemas/limits.js";

/** The two places a key can come from, and the endpoint's lower length bound. */
export interface IdempotencyKeySources {
  /** The `Idempotency-Key` header value; null or undefined when absent. */
  readonly header: string | null | undefined;
  /** The body's `idempotency_key` value as received; undefined when absent. */
  readonly bodyKey: unknown;
  /**
   * Shortest key the endpoint accepts: `IDEMPOTENCY_KEY_MIN_LENGTH` on POST /slideshows
   * and POST /faceless-videos; 0 (the default) elsewhere, where an empty key counts as
   * no key.
   */
  readonly minLength?: number;
}

/** A usable key, or undefined when the request carries none. */
export type ResolvedIdempotencyKey = Ok<string | undefined>;

/** A key that breaks the endpoint's bounds: the `bad_request` to answer with; nothing is stored for it. */
export type InvalidIdempotencyKey = Err<ApiError>;

/** The result of {@link resolveIdempotencyKey}: the key (or none), or the `bad_request`. */
export type IdempotencyKeyResolution = Result<string | undefined, ApiError>;

/**
 * Picks the request's key: the header when present, the body field otherwise, and checks
 * its length (at most 160 characters everywhere, at least `minLength`). Where empty keys
 * are allowed (`minLength` 0), an empty header falls back to the body field and an empty
 * result means no key, since an empty string cannot name a paid action.
 *
 * @example
 * ```ts
 * resolveIdempotencyKey({ header: "order-42", bodyKey: "other" }); // { ok: true, value: "order-42" }
 * resolveIdempotencyKey({ header: null, bodyKey: "", minLength: 1 }).ok; // false: a 400
 * ```
 */
export function resolveIdempotencyKey(sources: IdempotencyKeySources): IdempotencyKeyResolution {
  const minLength = sources.minLength ?? 0;
  const header = sources.header ?? undefined;
  if (header !== undefined && (header !== "" || minLength > 0)) {
    return checkKey(header, HEADER_FIELD, minLength);
  }
  if (sources.bodyKey === undefined) return ok(undefined);
  if (typeof sources.bodyKey !== "string") {
    return invalid(BODY_FIELD, "idempotency_key must be a string.", "invalid_type");
  }
  return checkKey(sources.bodyKey, BODY_FIELD, minLength);
}

// Where a key was read: the part of the request and the name an error points at.
interface KeyField {
  readonly location: "header" | "body";
  readonly path: string;
}

const HEADER_FIELD: KeyField = { location: "header", path: "Idempotency-Key" };
const BODY_FIELD: KeyField = { location: "body", path: "idempotency_key" };

function checkKey(key: string, field: KeyField, minLength: number): IdempotencyKeyResolution {
  const { path } = field;
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    const message = `${path} must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`;
    return invalid(field, message, "too_big");
  }
  if (key.length < minLength) {
    return invalid(field, `${path} must be at least ${minLength} characters.`, "too_small");
  }
  return ok(key === "" ? undefined : key);
}

function invalid(
  { location, path }: KeyField,
  message: string,
  issue: string,
): InvalidIdempotencyKey {
  return err(
    apiError("bad_request", `Invalid request ${location}: ${message}`, {
      context: { location, fields: [{ path, message, issue }] },
    }),
  );
}
