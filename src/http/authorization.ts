/**
 * Reading the bearer token of spec 5 from an `Authorization` header. The adapter only
 * extracts; whether the token is a valid key is the service's decision.
 *
 * @module
 */

/** What an `Authorization` header says about the caller. */
export interface BearerCredentials {
  /** The token of a well-formed `Bearer <token>` header; undefined otherwise. */
  readonly bearerToken: string | undefined;
  /** True when the header is present but is not a well-formed bearer token. */
  readonly malformedAuthorization: boolean;
}

// RFC 6750 section 2.1: the scheme is case-insensitive and the token is a b64token.
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Extracts the bearer token from an `Authorization` header value (null when absent).
 *
 * @example
 * ```ts
 * parseAuthorization("Bearer rk_live_example");
 * // { bearerToken: "rk_live_example", malformedAuthorization: false }
 * parseAuthorization("Basic dXNlcjpwYXNz");
 * // { bearerToken: undefined, malformedAuthorization: true }
 * parseAuthorization(null);
 * // { bearerToken: undefined, malformedAuthorization: false }
 * ```
 */
export function parseAuthorization(header: string | null): BearerCredentials {
  if (header === null) return { bearerToken: undefined, malformedAuthorization: false };
  const match = BEARER.exec(header.trim());
  const token = match?.[1];
  return token === undefined
    ? { bearerToken: undefined, malformedAuthorization: true }
    : { bearerToken: token, malformedAuthorization: false };
}
