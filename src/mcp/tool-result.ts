/**
 * Turning a service response into a tool result: the REST response body as structured
 * content and as JSON text, flagged `isError` when the status is not a success, so a
 * failure carries the same structured error and code as over REST.
 *
 * @module
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type ApiError, errorBody } from "../errors/api-error.js";
import { encodeBase64 } from "../media/base64.js";
import type { ServiceFile, ServiceResult } from "../ports/contract.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The one table from service results to tool results: a JSON success becomes structured
 * content and its JSON text; Markdown becomes text; a file becomes an image (or, for
 * other media types, an embedded resource), base64-encoded; `not_modified` a sentence
 * saying so; a failure becomes the REST error body, flagged `isError`. A JSON body that
 * is not an object (none is, today) is wrapped as
 * `{ result }`, since structured content must be an object.
 */
export function toolResult(answer: ServiceResult): CallToolResult {
  switch (answer.kind) {
    case "ok": {
      const structured = isRecord(answer.body) ? answer.body : { result: answer.body };
      return {
        content: [{ type: "text", text: JSON.stringify(structured) }],
        structuredContent: structured,
      };
    }
    case "markdown":
      return { content: [{ type: "text", text: answer.text }] };
    case "file":
      return { content: [fileContent(answer)] };
    case "not_modified":
      // Tools send no If-None-Match, so this answers only a caller that set one itself.
      return {
        content: [{ type: "text", text: "Not modified: the project is at the revision you hold." }],
      };
    case "error":
      return toolErrorResult(answer.error);
  }
}

// The MCP URI of a file that exists only in this result.
const INLINE_FILE_URI = "reelkit:inline-file";

function fileContent(file: ServiceFile): CallToolResult["content"][number] {
  const data = encodeBase64(file.bytes);
  return file.contentType.startsWith("image/")
    ? { type: "image", data, mimeType: file.contentType }
    : {
        type: "resource",
        resource: { uri: INLINE_FILE_URI, blob: data, mimeType: file.contentType },
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
