/**
 * Turning service results and adapter refusals into `Response`s: JSON with an explicit
 * UTF-8 charset, Markdown for the agent instruction file, and the structured error body
 * of spec 7.1 for every failure.
 *
 * @module
 */
import { apiError, errorBody } from "../errors/api-error.js";
import type { ServiceResult } from "../ports/contract.js";
import { bytesResponse } from "./byte-bodies.js";
import { HTTP_REJECTION_STATUS, type HttpRejection, rejectionBody } from "./rejections.js";
import { httpStatusOf } from "./statuses.js";

/** `Content-Type` of every JSON response. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** `Content-Type` of the Markdown instruction file. */
export const MARKDOWN_CONTENT_TYPE = "text/markdown; charset=utf-8";

/** A JSON response; `extraHeaders` are set after the content type and may replace it. */
export function jsonResponse(
  status: number,
  body: unknown,
  extraHeaders?: Readonly<Record<string, string>>,
): Response {
  const headers = new Headers({ "content-type": JSON_CONTENT_TYPE });
  for (const [name, value] of Object.entries(extraHeaders ?? {})) headers.set(name, value);
  return new Response(JSON.stringify(body), { status, headers });
}

/** The response to a refusal: its status from the rejection table and the error body. */
export function rejectionResponse(
  rejection: HttpRejection,
  extraHeaders?: Readonly<Record<string, string>>,
): Response {
  return jsonResponse(
    HTTP_REJECTION_STATUS[rejection.reason],
    rejectionBody(rejection),
    extraHeaders,
  );
}

/** 404 `not_found` for a path that reaches no endpoint. */
export function unknownRouteResponse(): Response {
  const error = apiError("not_found", "No endpoint has this path.", {
    context: { reason: "unknown_route" },
  });
  return jsonResponse(404, errorBody(error));
}

/**
 * 500 `server_error`. The message is fixed on purpose: whatever went wrong stays in the
 * host's logs, never in a response a client can read.
 */
export function serverErrorResponse(): Response {
  const error = apiError("server_error", "The server failed to answer this request.");
  return jsonResponse(500, errorBody(error));
}

function serialized(result: ServiceResult): {
  readonly body: string | Uint8Array | undefined;
  readonly contentType: string;
} {
  switch (result.kind) {
    case "not_modified":
      return { body: undefined, contentType: JSON_CONTENT_TYPE };
    case "markdown":
      return { body: result.text, contentType: MARKDOWN_CONTENT_TYPE };
    case "file":
      return { body: result.bytes, contentType: result.contentType };
    case "error":
      return { body: JSON.stringify(errorBody(result.error)), contentType: JSON_CONTENT_TYPE };
    case "ok":
      return {
        body: result.json ?? JSON.stringify(result.body),
        contentType: JSON_CONTENT_TYPE,
      };
  }
}

/**
 * The HTTP form of a service result: its status from the status table (`httpStatusOf`),
 * JSON (or Markdown, or a file's bytes) with its content type, and the result's headers
 * copied after the content type, so the service may replace it. A success whose body is
 * undefined has no body, and neither has a 304 (`not_modified`). Throws when the result
 * cannot be sent (a body JSON cannot represent, an invalid header); the handler turns
 * that into a 500.
 *
 * @param omitBody - True for `HEAD`: same status and headers, no body.
 */
export function toHttpResponse(result: ServiceResult, omitBody: boolean): Response {
  // JSON.stringify gives undefined for an undefined body; such a response has no body.
  const { body, contentType } = serialized(result);
  const headers = new Headers();
  if (body !== undefined) headers.set("content-type", contentType);
  // Bytes at hand give their length, so they go out in one piece rather than chunked.
  if (body instanceof Uint8Array) headers.set("content-length", String(body.byteLength));
  const extra = result.kind === "markdown" ? {} : (result.headers ?? {});
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  const init = { status: httpStatusOf(result), headers };
  if (omitBody || body === undefined) return new Response(null, init);
  return body instanceof Uint8Array ? bytesResponse(body, init) : new Response(body, init);
}
