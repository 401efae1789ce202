/**
 * The tools compiled once, when the handler is made: each definition with its input
 * schema, argument locations, output schema and a description that ends with the scope
 * it needs.
 *
 * @module
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ApiScope } from "../schemas/scopes.js";
import { agentOperationOf } from "../service/agent/agent-operations.js";
import { endpointOf } from "../service/pipeline/use-case.js";
import type { McpToolDefinition, ToolTarget } from "./tool-definition.js";
import { toolOutputOf } from "./tool-output.js";
import { type ToolInput, toolInputOf } from "./tool-schema.js";

/** A tool ready to list and call. */
export interface CompiledTool {
  /** The definition. */
  readonly definition: McpToolDefinition;
  /** Its input schema and argument locations. */
  readonly input: ToolInput;
  /** Its `tools/list` entry. */
  readonly listing: Tool;
  /** A key must carry one of these scopes to call it; empty when any caller may. */
  readonly scopes: readonly ApiScope[];
}

function scopesOf(target: ToolTarget): { auth: "none" | "bearer"; scopes: readonly ApiScope[] } {
  return target.api === undefined ? agentOperationOf(target.agent) : endpointOf(target.api);
}

/** The sentence every tool description ends with: which key scope the tool needs. */
export function scopeSentence(target: ToolTarget): string {
  const { auth, scopes } = scopesOf(target);
  return auth === "none" || scopes.length === 0
    ? "Any API key may call it."
    : `Needs an API key with scope ${scopes.join(" or ")}.`;
}

/** Compiles one tool; throws when its parameters cannot be translated. */
export function compileTool(definition: McpToolDefinition): CompiledTool {
  const input = toolInputOf(definition.name, definition.parameters);
  const output = toolOutputOf(definition.target);
  const listing: Tool = {
    name: definition.name,
    title: definition.title,
    description: `${definition.description} ${scopeSentence(definition.target)}`,
    inputSchema: { ...input.schema, required: [...input.schema.required] },
    ...(output === undefined ? {} : { outputSchema: output }),
    annotations: { title: definition.title, ...definition.annotations },
  };
  const { auth, scopes } = scopesOf(definition.target);
  return { definition, input, listing, scopes: auth === "none" ? [] : scopes };
}

/** Compiles every tool, by name; throws on a repeated name. */
export function compileTools(
  definitions: readonly McpToolDefinition[],
): ReadonlyMap<string, CompiledTool> {
  const tools = new Map<string, CompiledTool>();
  for (const definition of definitions) {
    if (tools.has(definition.name)) throw new TypeError(`Two tools are named ${definition.name}.`);
    tools.set(definition.name, compileTool(definition));
  }
  return tools;
}
