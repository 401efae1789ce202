/**
 * Turning service answers and adapter refusals into `Response`s: JSON with an explicit
 * UTF-8 charset, Markdown for the agent instruction file, and the structured error body
 * of spec 7.1 for every failure.
 *
 * @module
 */
import { apiError, errorBody } from "../errors/api-error.js";
import type { EndpointDefinition } from "../schemas/endpoints.js";
import type { ServiceResponse } from "../service/contract.js";
import { HTTP_REJECTION_STATUS, type HttpRejection, rejectionBody } from "./rejections.js";

/** `Content-Type` of every JSON response. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** `Content-Type` of the Markdown instruction file. */
export const MARKDOWN_CONTENT_TYPE = "text/markdown; charset=utf-8";

// Statuses whose responses carry no body; the Response constructor refuses one.
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

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

function serializeBody(
  response: ServiceResponse,
  endpoint: EndpointDefinition,
): { readonly text: string | undefined; readonly contentType: string } {
  const body = response.body;
  if (endpoint.success.contentType === "text/markdown" && typeof body === "string") {
    // An error answer of a Markdown endpoint is still the JSON error body.
    if (response.status < 300) return { text: body, contentType: MARKDOWN_CONTENT_TYPE };
  }
  // JSON.stringify gives undefined for an undefined body; such a response has no body.
  return { text: JSON.stringify(response.body), contentType: JSON_CONTENT_TYPE };
}

/**
 * The HTTP form of a service answer. Headers of the service answer are copied after the
 * content type, so the service may replace it. Throws when the answer cannot be sent
 * (a status outside 200 to 599, a body JSON cannot represent, an invalid header); the
 * handler turns that into a 500.
 *
 * @param omitBody - True for `HEAD`: same status and headers, no body.
 */
export function toHttpResponse(
  response: ServiceResponse,
  endpoint: EndpointDefinition,
  omitBody: boolean,
): Response {
  const { text, contentType } = serializeBody(response, endpoint);
  const headers = new Headers();
  if (text !== undefined) headers.set("content-type", contentType);
  for (const [name, value] of Object.entries(response.headers ?? {})) headers.set(name, value);
  const body = omitBody || NULL_BODY_STATUSES.has(response.status) ? null : (text ?? null);
  return new Response(body, { status: response.status, headers });
}
