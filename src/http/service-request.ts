/**
 * The transport-neutral {@link ServiceRequest} built from the parts of an HTTP request
 * the service needs: credentials, path parameters, query, idempotency key and body.
 *
 * @module
 */
import type { RequestCredentials, ServiceRequest } from "../ports/contract.js";
import { parseAuthorization } from "./authorization.js";
import type { RequestBody } from "./request-body.js";

/** The already-checked parts of a request that become a {@link ServiceRequest}. */
export interface ServiceRequestParts {
  /** Percent-decoded path parameters by name. */
  readonly pathParams: Readonly<Record<string, string>>;
  /** Query parameters; repeated names are arrays. */
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  /** The body as read for the endpoint. */
  readonly body: RequestBody;
}

/**
 * The credentials of a request, from its `Authorization` header alone.
 *
 * @example
 * ```ts
 * credentialsOf(new Request(url, { headers: { authorization: "Bearer rk_live_example" } }));
 * // { bearerToken: "rk_live_example", malformedAuthorization: false }
 * ```
 */
export function credentialsOf(request: Request): RequestCredentials {
  return parseAuthorization(request.headers.get("authorization"));
}

/**
 * Assembles the service request from the HTTP headers and the checked parts.
 *
 * @example
 * ```ts
 * const serviceRequest = toServiceRequest(request, {
 *   pathParams: { id: "42" },
 *   query: {},
 *   body: { body: { operations: [] }, bodyFormat: "json" },
 * });
 * serviceRequest.bearerToken; // from "Authorization: Bearer ..."
 * ```
 */
export function toServiceRequest(request: Request, parts: ServiceRequestParts): ServiceRequest {
  const credentials = credentialsOf(request);
  const serviceRequest: ServiceRequest = {
    bearerToken: credentials.bearerToken,
    malformedAuthorization: credentials.malformedAuthorization,
    pathParams: parts.pathParams,
    query: parts.query,
    body: parts.body.body,
    idempotencyKey: request.headers.get("idempotency-key") ?? undefined,
    ifMatch: request.headers.get("if-match") ?? undefined,
    ifNoneMatch: request.headers.get("if-none-match") ?? undefined,
    // A client that disconnects aborts it (the Node adapter does so when the socket
    // closes before the answer is written), and a preview stops its render.
    signal: request.signal,
  };
  const { files, bodyFormat } = parts.body;
  return {
    ...serviceRequest,
    ...(files === undefined ? {} : { files }),
    ...(bodyFormat === undefined ? {} : { bodyFormat }),
  };
}
