/**
 * The MCP server of one HTTP request: `tools/list` answers the compiled tools and
 * `tools/call` translates a call to the service. The stateless transport needs a new
 * server per request.
 *
 * The low-level `Server` is used rather than `McpServer.registerTool` on purpose: the
 * tools advertise JSON Schemas derived from the REST schemas, and the values are checked
 * once, by the service, so a bad argument fails with the same structured `bad_request`
 * as over REST instead of the SDK's own validation message.
 *
 * @module
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { apiError } from "../errors/api-error.js";
import type { BearerCredentials } from "../http/authorization.js";
import type { ServiceRequest, ServiceResult } from "../ports/contract.js";
import type { McpService, McpSettings } from "./options.js";
import { toolRequest } from "./tool-arguments.js";
import { toolErrorResult, toolResult } from "./tool-result.js";
import type { CompiledTool } from "./toolset.js";

/** What a tool call needs besides its arguments. */
export interface ToolCallContext {
  /** The service the tools call. */
  readonly service: McpService;
  /** The caller's credentials, as the HTTP request carried them. */
  readonly credentials: BearerCredentials;
  /** Called with anything a service call throws; the agent gets a `server_error`. */
  readonly onError: (error: unknown) => void;
  /**
   * Aborted when the call is abandoned (its HTTP request's client disconnected); the
   * service stops work done for the answer alone, such as a preview's render.
   */
  readonly signal?: AbortSignal;
}

// A signal aborted when either is: the SDK's own (the agent cancelled the call, or the
// server closed) or the HTTP request's. `AbortSignal.any` needs Node 20.3.
function eitherAborts(first: AbortSignal, second: AbortSignal | undefined): AbortSignal {
  if (second === undefined || first.aborted) return first;
  if (second.aborted) return second;
  const either = new AbortController();
  const abort = () => {
    first.removeEventListener("abort", abort);
    second.removeEventListener("abort", abort);
    either.abort();
  };
  first.addEventListener("abort", abort, { once: true });
  second.addEventListener("abort", abort, { once: true });
  return either.signal;
}

function callService(
  tool: CompiledTool,
  context: ToolCallContext,
  request: ServiceRequest,
): Promise<ServiceResult> {
  const { target } = tool.definition;
  return target.api === undefined
    ? context.service.agent[target.agent](request)
    : context.service.api[target.api](request);
}

/** Calls one tool: translates its arguments, calls the service, translates the answer. */
export async function callTool(
  tool: CompiledTool,
  args: Readonly<Record<string, unknown>>,
  context: ToolCallContext,
): Promise<CallToolResult> {
  const translated = toolRequest(tool, args, context.credentials);
  if (!translated.ok) return toolErrorResult(translated.error);
  const { signal } = context;
  const request = signal === undefined ? translated.value : { ...translated.value, signal };
  try {
    return toolResult(await callService(tool, context, request));
  } catch (error) {
    context.onError(error);
    return toolErrorResult(apiError("server_error", "The tool failed unexpectedly; retry later."));
  }
}

/** A server for one request, answering `tools/list` and `tools/call`. */
export function createToolServer(
  tools: ReadonlyMap<string, CompiledTool>,
  settings: McpSettings,
  context: ToolCallContext,
): Server {
  const server = new Server(settings.serverInfo, {
    capabilities: { tools: { listChanged: false } },
    instructions: settings.instructions,
  });
  const listings = [...tools.values()].map((tool) => tool.listing);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listings }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.get(request.params.name);
    if (tool === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}.`);
    }
    const signal = eitherAborts(extra.signal, context.signal);
    return callTool(tool, request.params.arguments ?? {}, { ...context, signal });
  });
  return server;
}
