/**
 * OAuth protected-resource metadata (RFC 9728) for the MCP endpoint, and the
 * `WWW-Authenticate` challenges of its 401 and 403 answers that point to it (spec 5.9),
 * so an MCP client can discover how to authenticate and which scopes exist.
 *
 * @module
 */

import { type ApiError, errorBody } from "../errors/api-error.js";
import { statusForErrorCode } from "../errors/codes.js";
import { API_SCOPES, type ApiScope } from "../schemas/scopes.js";
import type { McpSettings } from "./options.js";

/** The metadata document of RFC 9728 section 2. */
export interface ProtectedResourceMetadata {
  /** The MCP endpoint's URL. */
  readonly resource: string;
  /** Authorization servers that issue tokens for it; absent when none is configured. */
  readonly authorization_servers?: readonly string[];
  /** The four scopes of spec 5.4. */
  readonly scopes_supported: readonly ApiScope[];
  /** Tokens are sent in the `Authorization` header only. */
  readonly bearer_methods_supported: readonly ["header"];
  /** Human-readable name. */
  readonly resource_name: string;
  /** Documentation for people, when configured. */
  readonly resource_documentation?: string;
}

/** The metadata document of the configured MCP endpoint. */
export function protectedResourceMetadata(settings: McpSettings): ProtectedResourceMetadata {
  return {
    resource: settings.resourceUrl,
    ...(settings.authorizationServers.length === 0
      ? {}
      : { authorization_servers: settings.authorizationServers }),
    scopes_supported: API_SCOPES,
    bearer_methods_supported: ["header"],
    resource_name: settings.resourceName,
    ...(settings.resourceDocumentation === undefined
      ? {}
      : { resource_documentation: settings.resourceDocumentation }),
  };
}

const JSON_HEADERS = { "Content-Type": "application/json" } as const;

/**
 * Answers a request for the metadata document: GET and HEAD get it, readable from any
 * origin since browser-based clients fetch it before they have a key; others get 405.
 */
export function metadataResponse(method: string, document: ProtectedResourceMetadata): Response {
  if (method !== "GET" && method !== "HEAD") {
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const headers = { ...JSON_HEADERS, "Access-Control-Allow-Origin": "*" };
  return new Response(method === "HEAD" ? null : JSON.stringify(document), {
    status: 200,
    headers,
  });
}

// RFC 7230 quoted-string: backslash and double quote are escaped.
function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

/**
 * The `WWW-Authenticate` value of a refused request. A request without a key gets no
 * error code (RFC 6750 section 3.1); a bad key gets `invalid_token`; a key without a
 * usable scope gets `insufficient_scope` and `scopes`, the scopes to ask for (every scope
 * for a connection, the one a tool needs for a tool call), so a client can step up.
 */
export function bearerChallenge(
  refusal: ApiError,
  settings: McpSettings,
  scopes: readonly ApiScope[] = API_SCOPES,
): string {
  const parts: string[] = [];
  if (refusal.code === "forbidden") {
    parts.push(`error="insufficient_scope"`, `scope=${quoted(scopes.join(" "))}`);
  } else if (refusal.code === "invalid_api_key") {
    parts.push(`error="invalid_token"`);
  }
  parts.push(`resource_metadata=${quoted(settings.resourceMetadataUrl)}`);
  return `Bearer ${parts.join(", ")}`;
}

/** The HTTP answer to a refused request: the service's error body and the challenge. */
export function challengeResponse(
  refusal: ApiError,
  settings: McpSettings,
  scopes?: readonly ApiScope[],
): Response {
  return new Response(JSON.stringify(errorBody(refusal)), {
    status: statusForErrorCode(refusal.code),
    headers: { ...JSON_HEADERS, "WWW-Authenticate": bearerChallenge(refusal, settings, scopes) },
  });
}

/** True for the refusals a bearer challenge answers: no key, a bad key, a missing scope. */
export function isChallengedRefusal(refusal: ApiError): boolean {
  return (
    refusal.code === "unauthorized" ||
    refusal.code === "invalid_api_key" ||
    refusal.code === "forbidden"
  );
}
