/**
 * The MCP endpoint as a Web-standard handler: stateless Streamable HTTP over POST, with
 * the same bearer API keys as the REST API, and the protected-resource metadata that
 * its 401 and 403 answers point to (spec 4.19, 5.9).
 *
 * @module
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { errorBody } from "../errors/api-error.js";
import { statusForErrorCode } from "../errors/codes.js";
import { type BearerCredentials, parseAuthorization } from "../http/authorization.js";
import { observeRequest, type RequestNotes } from "../http/request-observation.js";
import type { ServiceRequest, ServiceSuccess } from "../ports/contract.js";
import { API_SCOPES, type ApiScope } from "../schemas/scopes.js";
import { readMessageBody } from "./message-body.js";
import {
  type McpHandlerOptions,
  type McpService,
  type McpSettings,
  resolveMcpSettings,
} from "./options.js";
import {
  challengeResponse,
  isChallengedRefusal,
  metadataResponse,
  protectedResourceMetadata,
} from "./protected-resource.js";
import { scopeChallenge } from "./scope-challenge.js";
import { createToolServer } from "./tool-server.js";
import { MCP_TOOLS } from "./tools/index.js";
import { type CompiledTool, compileTools } from "./toolset.js";

/** A Web-standard request handler. */
export type McpFetchHandler = (request: Request) => Promise<Response>;

const JSON_RPC_HEADERS = { "Content-Type": "application/json" } as const;

// The stateless endpoint keeps no stream open for server messages (GET) and has no
// session to end (DELETE); JSON-RPC error bodies, as the SDK's own transport writes them.
function jsonRpcError(
  status: number,
  { code, message }: { readonly code: number; readonly message: string },
  headers: Readonly<Record<string, string>> = {},
): Response {
  const body = { jsonrpc: "2.0", error: { code, message }, id: null };
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...JSON_RPC_HEADERS, ...headers },
  });
}

function connectionRequest(credentials: BearerCredentials): ServiceRequest {
  return {
    bearerToken: credentials.bearerToken,
    malformedAuthorization: credentials.malformedAuthorization,
    pathParams: {},
    query: {},
    body: undefined,
    idempotencyKey: undefined,
  };
}

// The admitted connection's answer names the organization (see `authorizeConnection`).
function organizationIdOf(admission: ServiceSuccess): number | undefined {
  const body = admission.body as { organization_id?: unknown } | undefined;
  return typeof body?.organization_id === "number" ? body.organization_id : undefined;
}

// The admitted connection's answer names the key's scopes (see `authorizeConnection`).
function scopesOf(admission: ServiceSuccess): ApiScope[] {
  const body = admission.body as { scopes?: unknown } | undefined;
  const scopes = Array.isArray(body?.scopes) ? body.scopes : [];
  return scopes.filter((scope): scope is ApiScope => API_SCOPES.includes(scope));
}

async function serveMessages(
  request: Request,
  mounted: {
    readonly service: McpService;
    readonly tools: ReadonlyMap<string, CompiledTool>;
    readonly settings: McpSettings;
  },
  notes: RequestNotes,
): Promise<Response> {
  const { service, tools, settings } = mounted;
  const credentials = parseAuthorization(request.headers.get("authorization"));
  const admission = await service.agent.authorizeConnection(connectionRequest(credentials));
  if (admission.kind === "error") {
    if (isChallengedRefusal(admission.error)) return challengeResponse(admission.error, settings);
    return new Response(JSON.stringify(errorBody(admission.error)), {
      status: statusForErrorCode(admission.error.code),
      headers: JSON_RPC_HEADERS,
    });
  }
  if (admission.kind !== "ok") throw new Error("A connection's admission answers JSON.");
  notes.organizationId = organizationIdOf(admission);
  const body = await readMessageBody(request, settings.maxRequestBytes);
  if (body.kind === "refused") return body.response;
  if (body.kind === "parsed") {
    const keyScopes = scopesOf(admission);
    const challenge = scopeChallenge(body.message, { tools, keyScopes, settings });
    if (challenge !== undefined) return challenge;
  }
  const onError = (error: unknown) => settings.onError(error, request);
  // A client that disconnects aborts its tool calls: a preview stops its render rather
  // than finish for nobody.
  const server = createToolServer(tools, settings, {
    service,
    credentials,
    onError,
    signal: request.signal,
  });
  // Stateless: no session ids, one transport per request, JSON answers so the transport
  // can be closed as soon as the answer exists.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: settings.maxRequestBytes,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(
      request,
      body.kind === "parsed" ? { parsedBody: body.message } : {},
    );
  } finally {
    await server.close();
  }
}

/**
 * Creates the MCP endpoint's handler over a service. Mount it at the MCP path (such as
 * `/mcp`) and at the metadata path `/.well-known/oauth-protected-resource/mcp`; it tells
 * them apart by the request's path.
 *
 * @example
 * ```ts
 * import { createMcpHandler } from "reelkit/mcp";
 *
 * const mcp = createMcpHandler(service, { resourceUrl: "https://api.example.com/mcp" });
 * // Hono: app.all("/mcp", (c) => mcp(c.req.raw));
 * //       app.get("/.well-known/oauth-protected-resource/mcp", (c) => mcp(c.req.raw));
 * ```
 */
export function createMcpHandler(service: McpService, options: McpHandlerOptions): McpFetchHandler {
  const settings = resolveMcpSettings(options);
  const tools = compileTools(MCP_TOOLS);
  const metadata = protectedResourceMetadata(settings);
  const metadataPath = new URL(settings.resourceMetadataUrl).pathname;
  const mcpPath = new URL(settings.resourceUrl).pathname;
  const answer = async (request: Request, notes: RequestNotes): Promise<Response> => {
    const pathname = new URL(request.url).pathname;
    if (pathname === metadataPath) {
      notes.route = metadataPath;
      return metadataResponse(request.method, metadata);
    }
    // Mounted elsewhere than its resource URL, the endpoint still logs one stable route.
    notes.route = mcpPath;
    if (request.method !== "POST") {
      return jsonRpcError(
        405,
        { code: -32000, message: "Method not allowed: this stateless endpoint takes POST only." },
        { Allow: "POST" },
      );
    }
    try {
      return await serveMessages(request, { service, tools, settings }, notes);
    } catch (error) {
      settings.onError(error, request);
      return jsonRpcError(500, { code: -32603, message: "Internal error." });
    }
  };
  return (request) => observeRequest(request, options, (notes) => answer(request, notes));
}
