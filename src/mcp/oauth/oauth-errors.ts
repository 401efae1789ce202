/**
 * The errors of the authorization server: a closed set of the codes RFC 6749 (5.2,
 * 4.1.2.1), RFC 7591 (3.2.2) and RFC 8707 (2) define, as tagged values, and the JSON
 * answer of each (`{ error, error_description }`, never cached, readable from any origin
 * so browser-based clients can read it).
 *
 * @module
 */

import { err, type Result } from "../../result.js";
/** Every error code the authorization server answers. */
export const OAUTH_ERROR_CODES = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "unsupported_response_type",
  "invalid_scope",
  "invalid_target",
  "access_denied",
  "invalid_redirect_uri",
  "invalid_client_metadata",
  "server_error",
] as const;

/** One of {@link OAUTH_ERROR_CODES}. */
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];

/** An expected refusal: its code and a sentence for the developer of the client. */
export interface OAuthError {
  /** The code. */
  readonly code: OAuthErrorCode;
  /** What was wrong, as `error_description`. */
  readonly description: string;
}

/** A value, or the refusal that ends the request. */
export type OAuthResult<Value> = Result<Value, OAuthError>;

/** A refusal with `code` and `description`. */
export function oauthError(code: OAuthErrorCode, description: string): OAuthError {
  return { code, description };
}

/** A failed {@link OAuthResult}. */
export function refuse<Value = never>(
  code: OAuthErrorCode,
  description: string,
): OAuthResult<Value> {
  return err(oauthError(code, description));
}

/** Headers of every JSON answer: not cached (RFC 6749 5.1), readable from any origin. */
export const OAUTH_JSON_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  pragma: "no-cache",
  "access-control-allow-origin": "*",
};

/** A JSON answer with the headers every endpoint sends. */
export function oauthJson(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...OAUTH_JSON_HEADERS, ...headers },
  });
}

/**
 * The answer to a refusal: 401 for `invalid_client` (with a Basic challenge when the
 * client tried Basic, RFC 6749 5.2), 500 for `server_error`, else 400.
 */
export function oauthErrorResponse(error: OAuthError, triedBasic = false): Response {
  const status = error.code === "invalid_client" ? 401 : error.code === "server_error" ? 500 : 400;
  const challenge: Record<string, string> =
    status === 401 && triedBasic ? { "www-authenticate": 'Basic realm="reelkit"' } : {};
  return oauthJson(status, { error: error.code, error_description: error.description }, challenge);
}
