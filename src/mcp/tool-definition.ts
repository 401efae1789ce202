/**
 * What an MCP tool is: a name an agent calls, the service call it translates to, and
 * where each of its arguments goes in the service request. The parameters are the
 * schemas of the REST endpoint (or of the agent operation), never a copy of them.
 *
 * @module
 */
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { OperationId } from "../ports/contract.js";
import { type AgentOperationId, agentOperationOf } from "../service/agent/agent-operations.js";
import { endpointOf } from "../service/pipeline/use-case.js";

/** The service call a tool makes: a REST operation or an agent operation. */
export type ToolTarget =
  | { readonly api: OperationId; readonly agent?: undefined }
  | { readonly agent: AgentOperationId; readonly api?: undefined };

/** Where a tool's arguments come from and go to. */
export interface ToolParameters {
  /** Path parameters of the REST endpoint; arguments of the same names. */
  readonly path?: z.ZodType;
  /** Query of the REST endpoint; arguments of the same names. */
  readonly query?: z.ZodType;
  /** JSON body of the REST endpoint or the agent operation's input. */
  readonly body?: z.ZodType;
  /** Fields of those schemas this tool does not take (another tool covers them). */
  readonly omit?: readonly string[];
  /** Values this tool always sends, such as `suggest_targets=true`; not arguments. */
  readonly fixed?: {
    /** Fixed query values, as a URL would carry them. */
    readonly query?: Readonly<Record<string, string>>;
  };
  /** Arguments this tool requires though the schema leaves them optional. */
  readonly required?: readonly string[];
}

/** One MCP tool. */
export interface McpToolDefinition {
  /** The tool name of spec 4.19. */
  readonly name: string;
  /** A short human title. */
  readonly title: string;
  /** What the tool does and how to use its result; the scope sentence is appended. */
  readonly description: string;
  /** Hints for clients: read-only, destructive, idempotent, open world. */
  readonly annotations: ToolAnnotations;
  /** The service call. */
  readonly target: ToolTarget;
  /** The arguments. */
  readonly parameters: ToolParameters;
}

/** Everything about a tool but its target and parameters. */
export type ToolDescription = Omit<McpToolDefinition, "target" | "parameters">;

/** Adjustments of a REST endpoint's parameters for one tool. */
export type RestParameterOptions = Pick<ToolParameters, "omit" | "fixed" | "required">;

/** A tool over a REST operation, taking the endpoint's path, query and JSON body fields. */
export function restTool(
  operationId: OperationId,
  description: ToolDescription,
  options: RestParameterOptions = {},
): McpToolDefinition {
  const endpoint = endpointOf(operationId);
  const body = endpoint.bodies?.find((candidate) => candidate.contentType === "application/json");
  const parameters: ToolParameters = {
    ...options,
    ...(endpoint.pathParams === undefined ? {} : { path: endpoint.pathParams }),
    ...(endpoint.query === undefined ? {} : { query: endpoint.query }),
    ...(body === undefined ? {} : { body: body.schema }),
  };
  return { ...description, target: { api: operationId }, parameters };
}

/** A tool over an agent operation, taking the operation's input fields. */
export function agentTool(
  operationId: AgentOperationId,
  description: ToolDescription,
): McpToolDefinition {
  const input = agentOperationOf(operationId).input;
  const parameters: ToolParameters = input === undefined ? {} : { body: input };
  return { ...description, target: { agent: operationId }, parameters };
}

/** Annotations of a tool that only reads. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/**
 * Annotations of a tool that adds something new each call (a paid creation, a project,
 * an upload). Paid tools replay with the same `idempotency_key`, but a call without
 * one creates and charges again, so none is idempotent by itself.
 */
export const CREATES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** Annotations of a tool that changes or removes what exists. */
export const CHANGES: ToolAnnotations = { ...CREATES, destructiveHint: true };

/** Annotations of a tool that reaches outside the workspace (downloads, public posts). */
export const REACHES_OUT: ToolAnnotations = { ...CREATES, openWorldHint: true };
