/**
 * `X-Request-Id`: a client's or load balancer's id is kept when it is sane, so one id
 * follows a request through every hop; otherwise the handler makes one. It is echoed on
 * every response and written to the request log, never into a response body (the error
 * shape of spec 7.1 has no place for it).
 *
 * @module
 */

/** The header carrying the request id, both ways. */
export const REQUEST_ID_HEADER = "x-request-id";

import { REQUEST_ID_MAX_LENGTH } from "../schemas/limits.js";

// Letters, digits and the punctuation of UUIDs, ULIDs, W3C trace ids and AWS's
// `Root=1-…` ids: nothing a log line or a header would need to escape.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:=+\-/]+$/;

/**
 * Whether a client-sent id is kept: 1 to {@link REQUEST_ID_MAX_LENGTH} characters, all
 * letters, digits or `. _ : = + - /`.
 *
 * @example
 * ```ts
 * isAcceptableRequestId("4f0c-req-17"); // true
 * isAcceptableRequestId("a b"); // false
 * ```
 */
export function isAcceptableRequestId(candidate: string): boolean {
  return candidate.length <= REQUEST_ID_MAX_LENGTH && SAFE_REQUEST_ID.test(candidate);
}

/**
 * The id of a request: its `X-Request-Id` when acceptable, else a new random UUID.
 *
 * @example
 * ```ts
 * requestIdOf(new Request("http://h/", { headers: { "x-request-id": "abc-1" } })); // "abc-1"
 * ```
 */
export function requestIdOf(request: Request): string {
  const sent = request.headers.get(REQUEST_ID_HEADER);
  return sent !== null && isAcceptableRequestId(sent) ? sent : crypto.randomUUID();
}

/**
 * The response with `X-Request-Id` set. A response whose headers are immutable (one
 * made by `Response.redirect` or returned by `fetch`) is copied first.
 */
export function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}
