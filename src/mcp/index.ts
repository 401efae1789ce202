/**
 * reelkit/mcp: the workspace for AI agents, as a remote MCP server over Streamable HTTP
 * (spec 4.19), built on the official `@modelcontextprotocol/sdk` (an optional peer
 * dependency: install it to use this entry).
 *
 * - {@link createMcpHandler}: a Web-standard `(Request) => Promise<Response>` handler
 *   serving the 25 tools of spec 4.19 and 5 extensions (a preview as an image, an MP4
 *   export, undo, redo and the revision history) statelessly over POST, authenticated
 *   with the REST API keys, and the OAuth protected-resource metadata its 401 and 403
 *   answers point to.
 * - {@link MCP_TOOLS}: the tool table, each tool over one REST endpoint or one agent
 *   operation, with input and output schemas derived from the REST schemas.
 *
 * @packageDocumentation
 */
export { createMcpHandler, type McpFetchHandler } from "./handler.js";
export {
  DEFAULT_MCP_INSTRUCTIONS,
  DEFAULT_MCP_MAX_REQUEST_BYTES,
  JSON_RPC_ENVELOPE_ALLOWANCE_BYTES,
  type McpHandlerOptions,
  type McpService,
  type McpSettings,
  protectedResourceMetadataUrl,
  resolveMcpSettings,
} from "./options.js";
export {
  bearerChallenge,
  type ProtectedResourceMetadata,
  protectedResourceMetadata,
} from "./protected-resource.js";
export {
  agentTool,
  CHANGES,
  CREATES,
  type McpToolDefinition,
  REACHES_OUT,
  READ_ONLY,
  type RestParameterOptions,
  restTool,
  type ToolDescription,
  type ToolParameters,
  type ToolTarget,
} from "./tool-definition.js";
export { type ToolOutputSchema, toolOutputOf } from "./tool-output.js";
export {
  type ArgumentLocation,
  type ToolInput,
  type ToolInputSchema,
  toolInputOf,
} from "./tool-schema.js";
export { PAID_TOOL_ADVICE } from "./tools/generation-tools.js";
export { MCP_TOOLS } from "./tools/index.js";
export { type CompiledTool, compileTool, compileTools, scopeSentence } from "./toolset.js";
