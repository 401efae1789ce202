/**
 * The OAuth 2.1 authorization server of the MCP endpoint, as a Web-standard handler:
 * metadata (RFC 8414), dynamic client registration (RFC 7591), the authorization code
 * flow with PKCE S256 behind an approval page where a person signs in to a workspace,
 * refresh tokens that rotate, revocation (RFC 7009), and tokens bound to the one MCP
 * endpoint they are for (RFC 8707). It runs wherever the MCP handler runs: Node, Bun,
 * Deno, workerd.
 *
 * @module
 */
import { observeRequest, UNMATCHED_ROUTE } from "../../http/request-observation.js";
import { showApproval, stylesheetResponse, submitApproval } from "./authorization-endpoint.js";
import { registerClient } from "./client-registration.js";
import { oauthError, oauthErrorResponse, oauthJson } from "./oauth-errors.js";
import { methodNotAllowed, preflightResponse } from "./oauth-http.js";
import { revokeToken } from "./revocation-endpoint.js";
import {
  type AuthorizationServerMetadata,
  authorizationServerMetadata,
} from "./server-metadata.js";
import {
  type AuthorizationServerOptions,
  type AuthorizationServerSettings,
  resolveAuthorizationServerSettings,
} from "./server-settings.js";
import { exchangeToken } from "./token-endpoint.js";

/** A mounted authorization server. */
export interface AuthorizationServer {
  /** Answers a request for one of {@link AuthorizationServer.paths}. */
  readonly handle: (request: Request) => Promise<Response>;
  /** The paths it serves, for a host's router: metadata, the endpoints, the style sheet. */
  readonly paths: readonly string[];
  /** Its metadata document. */
  readonly metadata: AuthorizationServerMetadata;
}

type Route = (
  request: Request,
  settings: AuthorizationServerSettings,
) => Promise<Response> | Response;

// Each path with the methods it takes. The JSON endpoints answer CORS preflights, since
// browser-based clients call them; the page and its form are for the browser itself.
function routesOf(
  settings: AuthorizationServerSettings,
  metadata: AuthorizationServerMetadata,
): Map<string, Readonly<Record<string, Route>>> {
  const { endpoints } = settings;
  const document = () => oauthJson(200, metadata, { "cache-control": "max-age=3600" });
  const path = (url: string) => new URL(url).pathname;
  return new Map<string, Readonly<Record<string, Route>>>([
    [path(endpoints.metadata), { GET: document, HEAD: document }],
    [path(endpoints.authorize), { GET: showApproval, POST: submitApproval }],
    [path(endpoints.token), { POST: exchangeToken }],
    [path(endpoints.register), { POST: registerClient }],
    [path(endpoints.revoke), { POST: revokeToken }],
    [path(endpoints.stylesheet), { GET: stylesheetResponse, HEAD: stylesheetResponse }],
  ]);
}

const CORS_PATHS_KEYS = ["metadata", "token", "register", "revoke"] as const;

/**
 * Creates the authorization server. Mount `handle` at each of `paths` (or in front of
 * your router), and give the MCP handler `authorizationServers: [issuer]` and a service
 * whose accounts accept its tokens (`withAccessTokens`).
 *
 * @example
 * ```ts
 * import { apiKeySignIn, createAuthorizationServer, createMemoryOAuthStore } from "reelkit/mcp";
 *
 * const oauth = createAuthorizationServer({
 *   issuer: "https://api.example.com",
 *   resource: "https://api.example.com/mcp",
 *   store: createMemoryOAuthStore(),
 *   signIn: apiKeySignIn({ accounts: ports.accounts, clock: ports.clock }),
 * });
 * // Hono: for (const path of oauth.paths) app.all(path, (c) => oauth.handle(c.req.raw));
 * ```
 */
export function createAuthorizationServer(
  options: AuthorizationServerOptions,
): AuthorizationServer {
  const settings = resolveAuthorizationServerSettings(options);
  const metadata = authorizationServerMetadata(settings);
  const routes = routesOf(settings, metadata);
  const corsPaths = new Set(
    CORS_PATHS_KEYS.map((key) => new URL(settings.endpoints[key]).pathname),
  );
  const answer = async (request: Request): Promise<Response> => {
    const pathname = new URL(request.url).pathname;
    const methods = routes.get(pathname);
    if (methods === undefined) {
      return oauthJson(404, { error: "invalid_request", error_description: "No such endpoint." });
    }
    if (request.method === "OPTIONS" && corsPaths.has(pathname))
      return preflightResponse(Object.keys(methods));
    const route = methods[request.method];
    if (route === undefined) return methodNotAllowed(Object.keys(methods));
    try {
      return await route(request, settings);
    } catch (error) {
      settings.onError(error, request);
      return oauthErrorResponse(
        oauthError("server_error", "The request failed unexpectedly; retry later."),
      );
    }
  };
  return {
    handle: (request) =>
      observeRequest(request, options, async (notes) => {
        const pathname = new URL(request.url).pathname;
        notes.route = routes.has(pathname) ? pathname : UNMATCHED_ROUTE;
        return answer(request);
      }),
    paths: [...routes.keys()],
    metadata,
  };
}
