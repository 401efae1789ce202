/**
 * The scope check of tool calls at the HTTP level (spec 5.8 and 5.9, and the scope
 * challenge of the MCP authorization spec): a `tools/call` whose key carries none of the
 * tool's scopes is answered HTTP 403 with `WWW-Authenticate: Bearer
 * error="insufficient_scope", scope="…", resource_metadata="…"`, so a client can ask for
 * the scope and retry. Business errors (not found, bad input, credits) stay tool results.
 *
 * @module
 */
import type { ApiScope } from "../schemas/scopes.js";
import { missingScopeError } from "../service/pipeline/authorize.js";
import type { McpSettings } from "./options.js";
import { challengeResponse } from "./protected-resource.js";
import type { CompiledTool } from "./toolset.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// The tools a JSON-RPC body calls, single message or batch; unknown tools are left to the
// server, which answers them with its own error.
function calledTools(message: unknown, tools: ReadonlyMap<string, CompiledTool>): CompiledTool[] {
  const messages = Array.isArray(message) ? message : [message];
  return messages.flatMap((each) => {
    if (!isRecord(each) || each.method !== "tools/call" || !isRecord(each.params)) return [];
    const tool = typeof each.params.name === "string" ? tools.get(each.params.name) : undefined;
    return tool === undefined ? [] : [tool];
  });
}

/** What a message's tool calls are checked against. */
export interface ScopeCheck {
  /** The mounted tools by name, each with the scopes that allow it. */
  readonly tools: ReadonlyMap<string, CompiledTool>;
  /** The scopes the caller's key carries. */
  readonly keyScopes: readonly ApiScope[];
  /** The endpoint's settings, which name the resource metadata in the challenge. */
  readonly settings: McpSettings;
}

/**
 * The 403 challenge for the first tool the message calls without the scope for it, or
 * undefined when the key may call every tool it names.
 *
 * @example
 * ```ts
 * const refusal = scopeChallenge(message, {
 *   tools,
 *   keyScopes: ["generations:read"],
 *   settings,
 * });
 * if (refusal !== undefined) return refusal; // 403, scope="generations:write"
 * ```
 */
export function scopeChallenge(
  message: unknown,
  { tools, keyScopes, settings }: ScopeCheck,
): Response | undefined {
  for (const tool of calledTools(message, tools)) {
    if (tool.scopes.length === 0 || tool.scopes.some((scope) => keyScopes.includes(scope))) {
      continue;
    }
    const error = missingScopeError(tool.scopes, keyScopes);
    // The least scope that would do: read before write, as the scope tables list them.
    return challengeResponse(error, settings, tool.scopes.slice(0, 1));
  }
  return undefined;
}
