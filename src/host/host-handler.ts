/**
 * The host's own routes around the API: `/v1/**` goes to the API handler, `/mcp` and its
 * protected-resource metadata to the MCP handler, the authorization server's metadata
 * and `/oauth/**` endpoints to it, `/healthz` and `/readyz` to the health handler,
 * `GET /files/**` streams stored media,
 * `GET /` answers browsers with the timeline viewer and other clients with the JSON list
 * of where things are, `GET /viewer/**` serves the viewer's files and `GET /favicon.ico`
 * its icon, and anything else is the same structured 404 the API gives (spec 7.1).
 *
 * @module
 */
import type { FetchHandler } from "../http/fetch-handler.js";
import { HEALTH_PATH, READINESS_PATH } from "../http/health.js";
import { jsonResponse, rejectionResponse, unknownRouteResponse } from "../http/responses.js";
import type { AuthorizationServer } from "../mcp/oauth/authorization-server.js";
import type { ServedMediaStorage } from "../ports/served-media-storage.js";
import { serveStoredFile } from "./serve-file.js";
import {
  FAVICON_PATH,
  prefersHtml,
  VIEWER_PATH,
  type ViewerAssets,
  viewerFileResponse,
  viewerIconResponse,
  viewerPageResponse,
} from "./viewer-assets.js";
import { API_BASE_PATH, FILES_PATH, MCP_METADATA_PATH, MCP_PATH } from "./wiring.js";

/** What {@link createHostHandler} routes between. */
export interface HostHandlerOptions {
  /** The API's fetch handler, mounted at {@link API_BASE_PATH}. */
  readonly api: FetchHandler;
  /** The MCP handler, mounted at {@link MCP_PATH} and {@link MCP_METADATA_PATH}. */
  readonly mcp: FetchHandler;
  /** The MCP endpoint's authorization server, mounted at its paths; none by default. */
  readonly oauth?: AuthorizationServer | undefined;
  /** The health handler, mounted at {@link HEALTH_PATH} and {@link READINESS_PATH}. */
  readonly health: FetchHandler;
  /** The media storage whose objects are served at {@link FILES_PATH}. */
  readonly storage: ServedMediaStorage;
  /** The host's origin, such as `http://127.0.0.1:8787`, for the links of the index. */
  readonly origin: string;
  /** The timeline viewer's files; without them `/` answers JSON to every client. */
  readonly viewer?: ViewerAssets | undefined;
}

const READ_METHODS = ["GET", "HEAD"];

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function methodNotAllowed(method: string): Response {
  return rejectionResponse(
    {
      reason: "method_not_allowed",
      message: `This path serves GET and HEAD, not ${method}.`,
      details: { allowed_methods: READ_METHODS },
    },
    { allow: READ_METHODS.join(", ") },
  );
}

function serveFile(
  storage: ServedMediaStorage,
  origin: string,
  request: Request,
): Promise<Response> {
  // The raw (still percent-encoded) path and query, joined to the storage's own base, so
  // the key does not depend on the Host header the client happened to send.
  const { pathname, search } = new URL(request.url);
  return serveStoredFile(storage, `${origin}${pathname}${search}`, request);
}

function index(
  origin: string,
  { viewer, oauth }: Pick<HostHandlerOptions, "viewer" | "oauth">,
  request: Request,
): Response {
  if (viewer !== undefined && prefersHtml(request)) {
    return viewerPageResponse(viewer, origin, request.method);
  }
  const api = `${origin}${API_BASE_PATH}`;
  const links = {
    name: "reelkit",
    api,
    openapi: `${api}/openapi.json`,
    skill: `${api}/skill.md`,
    mcp: `${origin}${MCP_PATH}`,
    ...(oauth === undefined ? {} : { oauth_authorization_server: oauth.metadata.issuer }),
    health: `${origin}${HEALTH_PATH}`,
    readiness: `${origin}${READINESS_PATH}`,
  };
  // The same URL answers HTML to browsers: caches must key on Accept.
  return jsonResponse(200, links, viewer === undefined ? {} : { vary: "Accept" });
}

function viewerFile(viewer: ViewerAssets | undefined, request: Request): Response {
  if (!READ_METHODS.includes(request.method)) return methodNotAllowed(request.method);
  const pathname = new URL(request.url).pathname;
  const response =
    viewer === undefined ? undefined : viewerFileResponse(viewer, pathname, request.method);
  return response ?? unknownRouteResponse();
}

/**
 * Creates the handler of the whole host.
 *
 * @example
 * ```ts
 * const handler = createHostHandler({ api, mcp, storage, origin: "http://127.0.0.1:8787" });
 * createServer(toNodeListener(handler)).listen(8787, "127.0.0.1");
 * ```
 */
export function createHostHandler(options: HostHandlerOptions): FetchHandler {
  const { api, mcp, health, storage, origin, viewer, oauth } = options;
  const oauthPaths = new Set(oauth?.paths ?? []);
  return async (request) => {
    const pathname = new URL(request.url).pathname;
    if (pathname === HEALTH_PATH || pathname === READINESS_PATH) return health(request);
    if (isUnder(pathname, API_BASE_PATH)) return api(request);
    if (pathname === MCP_PATH || pathname === MCP_METADATA_PATH) return mcp(request);
    if (oauth !== undefined && oauthPaths.has(pathname)) return oauth.handle(request);
    const readable = READ_METHODS.includes(request.method);
    if (isUnder(pathname, FILES_PATH)) {
      return readable ? serveFile(storage, origin, request) : methodNotAllowed(request.method);
    }
    if (isUnder(pathname, VIEWER_PATH)) return viewerFile(viewer, request);
    if (pathname === FAVICON_PATH && viewer !== undefined) {
      return readable
        ? viewerIconResponse(viewer, origin, request.method)
        : methodNotAllowed(request.method);
    }
    if (pathname === "/") {
      return readable
        ? index(origin, { viewer, oauth }, request)
        : methodNotAllowed(request.method);
    }
    return unknownRouteResponse();
  };
}
