/**
 * Turning a tool call's arguments into a service request: each argument goes to the path,
 * the query or the body of the REST call it stands for. Nothing is validated here beyond
 * the argument names; the service parses the values with the REST schemas.
 *
 * @module
 */
import { type ApiError, apiError } from "../errors/api-error.js";
import type { BearerCredentials } from "../http/authorization.js";
import type { ServiceRequest } from "../ports/contract.js";
import { err, ok, type Result } from "../result.js";
import type { CompiledTool } from "./toolset.js";

/** A service request, or the `bad_request` for arguments the tool does not take. */
export type ToolRequestResult = Result<ServiceRequest, ApiError>;

// A URL carries text: numbers and booleans become the text the REST schemas parse.
// Anything else is passed as JSON text, which those schemas refuse with a field error.
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "";
}

function queryValue(value: unknown): string | readonly string[] {
  return Array.isArray(value) ? value.map(asText) : asText(value);
}

function unknownArguments(toolName: string, names: readonly string[]): ApiError {
  return apiError("bad_request", `${toolName} does not take ${names.join(", ")}.`, {
    context: {
      location: "arguments",
      fields: names.map((name) => ({
        path: name,
        message: `Unknown argument for ${toolName}.`,
        issue: "unrecognized_keys",
      })),
    },
  });
}

/**
 * The service request of a call to `tool` with `args`. A null path or query argument
 * counts as absent, since a URL cannot carry null; a null body argument is passed on for
 * the schema.
 */
export function toolRequest(
  tool: Pick<CompiledTool, "definition" | "input">,
  args: Readonly<Record<string, unknown>>,
  credentials: BearerCredentials,
): ToolRequestResult {
  const { input } = tool;
  const { name: toolName, parameters } = tool.definition;
  const pathParams: Record<string, string> = {};
  const query: Record<string, string | readonly string[]> = { ...parameters.fixed?.query };
  const body: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(args)) {
    const location = input.locations.get(name);
    if (location === undefined) unknown.push(name);
    else if (location === "body") body[name] = value;
    else if (value === null || value === undefined) continue;
    else if (location === "path") pathParams[name] = asText(value);
    else query[name] = queryValue(value);
  }
  if (unknown.length > 0) return err(unknownArguments(toolName, unknown));
  return ok({
    bearerToken: credentials.bearerToken,
    malformedAuthorization: credentials.malformedAuthorization,
    pathParams,
    query,
    body: input.hasBody ? body : undefined,
    idempotencyKey: undefined,
    bodyFormat: "json",
    channel: "mcp",
  });
}
