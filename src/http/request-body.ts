/**
 * Choosing and running the body reader an endpoint calls for: none, JSON, or multipart,
 * by the request's `Content-Type` checked against the media types the endpoint table
 * declares.
 *
 * @module
 */

import type { UploadedFile } from "../ports/contract.js";
import type { EndpointBody, EndpointDefinition } from "../schemas/endpoints.js";
import { readJsonBody } from "./json-body.js";
import { parseMediaType } from "./media-type.js";
import { readMultipartBody } from "./multipart-body.js";
import { readBodyBytes } from "./read-body.js";
import { accepted, type HttpResult, refused } from "./rejections.js";

/** Bounds applied while reading one request's body. */
export interface BodyLimits {
  /** Largest JSON body in bytes. */
  readonly maxJsonBytes: number;
  /** Deepest JSON nesting; the root counts as 1. */
  readonly maxJsonDepth: number;
  /** Largest whole multipart body in bytes. */
  readonly maxMultipartBytes: number;
  /** Largest file part in bytes. */
  readonly maxUploadFileBytes: number;
}

/** A body as the service request carries it. */
export interface RequestBody {
  /** The parsed JSON, the multipart text fields, or undefined without a body. */
  readonly body: unknown;
  /** File parts of a multipart body by field name. */
  readonly files?: Readonly<Record<string, UploadedFile>>;
  /** How the body arrived; absent without a body. */
  readonly bodyFormat?: "json" | "multipart";
}

const NO_BODY: RequestBody = { body: undefined };

function unsupported(bodies: readonly EndpointBody[], message: string): HttpResult<never> {
  return refused("unsupported_media_type", message, {
    accepted_content_types: bodies.map((body) => body.contentType),
  });
}

async function readUntypedBody(
  request: Request,
  bodies: readonly EndpointBody[],
  limits: BodyLimits,
): Promise<HttpResult<RequestBody>> {
  // Without a Content-Type only an empty body is acceptable: a POST whose fields are
  // all optional may be sent bare, but bytes of unknown format are not guessed at.
  const bytes = await readBodyBytes(request, limits.maxJsonBytes);
  if (!bytes.ok) return bytes;
  if (bytes.value.byteLength === 0) return accepted(NO_BODY);
  return unsupported(bodies, "The request has a body but no Content-Type header.");
}

/**
 * Reads the body an endpoint accepts. `GET` and `HEAD` requests and endpoints without a
 * body in the table yield no body, whatever was sent. A missing or unlisted content type
 * with a body answers 415.
 *
 * @example
 * ```ts
 * const result = await readRequestBody(request, endpoint, limits);
 * if (result.ok) result.value; // { body: { title: "Launch" }, bodyFormat: "json" }
 * ```
 */
export async function readRequestBody(
  request: Request,
  endpoint: EndpointDefinition,
  limits: BodyLimits,
): Promise<HttpResult<RequestBody>> {
  const bodies = endpoint.bodies ?? [];
  if (bodies.length === 0 || request.method === "GET" || request.method === "HEAD") {
    return accepted(NO_BODY);
  }
  const header = request.headers.get("content-type");
  if (header === null) return readUntypedBody(request, bodies, limits);
  const mediaType = parseMediaType(header);
  const declared = bodies.find((body) => body.contentType === mediaType?.essence);
  if (mediaType === undefined || declared === undefined) {
    return unsupported(bodies, `This endpoint does not accept a body of type "${header}".`);
  }
  if (declared.contentType === "application/json") {
    const limitsOfJson = { maxBytes: limits.maxJsonBytes, maxDepth: limits.maxJsonDepth };
    const json = await readJsonBody(request, mediaType, limitsOfJson);
    return json.ok ? accepted({ body: json.value, bodyFormat: "json" }) : json;
  }
  const form = await readMultipartBody(request, {
    contentType: header,
    binaryFields: declared.binaryFields ?? [],
    maxBytes: limits.maxMultipartBytes,
    maxFileBytes: limits.maxUploadFileBytes,
  });
  if (!form.ok) return form;
  return accepted({ body: form.value.fields, files: form.value.files, bodyFormat: "multipart" });
}
