/**
 * Turning a service response into a tool result: the REST response body as structured
 * content and as JSON text, flagged `isError` when the status is not a success, so a
 * failure carries the same structured error and code as over REST.
 *
 * @module
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type ApiError, errorBody } from "../errors/api-error.js";
import type { ServiceResponse } from "../service/contract.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The tool result of a service response. A body that is not a JSON object (none is,
 * today) is wrapped as `{ result }`, since structured content must be an object.
 */
export function toolResult(answer: ServiceResponse): CallToolResult {
  const structured = isRecord(answer.body) ? answer.body : { result: answer.body };
  const failed = answer.status < 200 || answer.status >= 300;
  return {
    content: [{ type: "text", text: JSON.stringify(structured) }],
    structuredContent: structured,
    ...(failed ? { isError: true } : {}),
  };
}

/** The tool result of an error raised before the service was called. */
export function toolErrorResult(error: ApiError): CallToolResult {
  const structured = { ...errorBody(error) };
  return {
    content: [{ type: "text", text: JSON.stringify(structured) }],
    structuredContent: structured,
    isError: true,
  };
}
