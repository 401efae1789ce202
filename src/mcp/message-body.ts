/**
 * Reading an MCP request's JSON-RPC body with the same reader and policy as a REST JSON
 * body (`reelkit/http`): bounded bytes, strict UTF-8, nesting at most 64 levels, and no
 * hostile key such as `__proto__` anywhere, refused before the MCP SDK parses the
 * message (its own parse would drop such a key silently). A refusal is a JSON-RPC error
 * whose HTTP status and `data` are those of the REST refusal.
 *
 * @module
 */
import { readJsonBody } from "../http/json-body.js";
import { parseMediaType } from "../http/media-type.js";
import { HTTP_REJECTION_STATUS, type HttpRejection, rejectionBody } from "../http/rejections.js";
import { JSON_MAX_DEPTH } from "../http/safe-json.js";

/** A body read for the transport, or the answer refusing it. */
export type MessageBody =
  | { readonly kind: "parsed"; readonly message: unknown }
  | { readonly kind: "refused"; readonly response: Response }
  /** Not JSON by its `Content-Type`: the transport answers it (415) without reading it. */
  | { readonly kind: "not_json" };

// JSON-RPC 2.0 error codes: -32700 the text is not JSON, -32600 not an acceptable request;
// -32000 is the transport's own code for refusals outside JSON-RPC (size, media type).
function jsonRpcCodeOf(rejection: HttpRejection): number {
  switch (rejection.reason) {
    case "malformed_json":
    case "too_deep":
      return -32700;
    case "hostile_key":
      return -32600;
    default:
      return -32000;
  }
}

function refusalResponse(rejection: HttpRejection): Response {
  const body = {
    jsonrpc: "2.0",
    error: {
      code: jsonRpcCodeOf(rejection),
      message: rejection.message,
      data: rejectionBody(rejection),
    },
    id: null,
  };
  return new Response(JSON.stringify(body), {
    status: HTTP_REJECTION_STATUS[rejection.reason],
    headers: { "Content-Type": "application/json" },
  });
}

/**
 * Reads and checks the JSON-RPC body of a POST to the MCP endpoint.
 *
 * @example
 * ```ts
 * const body = await readMessageBody(request, 4 * 1024 * 1024);
 * if (body.kind === "refused") return body.response;
 * await transport.handleRequest(request, body.kind === "parsed" ? { parsedBody: body.message } : {});
 * ```
 */
export async function readMessageBody(request: Request, maxBytes: number): Promise<MessageBody> {
  const mediaType = parseMediaType(request.headers.get("content-type") ?? "");
  if (mediaType?.essence !== "application/json") return { kind: "not_json" };
  const read = await readJsonBody(request, mediaType, { maxBytes, maxDepth: JSON_MAX_DEPTH });
  return read.ok
    ? { kind: "parsed", message: read.value }
    : { kind: "refused", response: refusalResponse(read.error) };
}
