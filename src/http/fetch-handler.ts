/**
 * The Web-standard handler: `(request: Request) => Promise<Response>` serving every
 * endpoint of the endpoint table by translating to and from the service contract. It
 * holds no business rules: routing, body reading within limits, and the status table.
 *
 * @module
 */

import type { ApiService, OperationId } from "../ports/contract.js";
import { ENDPOINTS, type EndpointDefinition } from "../schemas/endpoints.js";
import { answerDirectUpload, DIRECT_UPLOAD_PATH, isDirectUploadPath } from "./direct-upload.js";
import { collectEntries } from "./entries.js";
import {
  type FetchHandlerOptions,
  type HandlerSettings,
  resolveHandlerSettings,
} from "./handler-options.js";
import { readRequestBody } from "./request-body.js";
import { observeRequest, type RequestNotes } from "./request-observation.js";
import {
  rejectionResponse,
  serverErrorResponse,
  toHttpResponse,
  unknownRouteResponse,
} from "./responses.js";
import {
  compileRouteTable,
  DEFAULT_BASE_PATH,
  matchRoute,
  type RouteMatch,
  type RouteMatched,
} from "./routes.js";
import { credentialsOf, toServiceRequest } from "./service-request.js";

// The template of a matched path, for logs: ids stay out, the shape of the route stays in.
function routeTemplateOf(basePath: string, match: RouteMatch): string | undefined {
  if (match.kind === "matched") return `${basePath}${match.endpoint.path}`;
  return match.kind === "options" || match.kind === "method_not_allowed"
    ? `${basePath}${match.template}`
    : undefined;
}

/** A Web-standard request handler, mountable on any host that speaks `Request`/`Response`. */
export type FetchHandler = (request: Request) => Promise<Response>;

function hasOperation(service: ApiService, name: string): name is OperationId {
  // Reflect.get also finds methods a class instance inherits from its prototype.
  return typeof Reflect.get(service, name) === "function";
}

function operationOf(endpoint: EndpointDefinition, service: ApiService): OperationId {
  const operationId = endpoint.operationId;
  if (!hasOperation(service, operationId)) {
    throw new TypeError(`The service has no function for operation "${operationId}".`);
  }
  return operationId;
}

// The caller is admitted from the headers before a byte of the body is read, so a request
// without a valid key, without the scope or without a subscription costs the host its
// headers only, whatever body it carries (the listener then closes the connection rather
// than read the rest).
async function callService(
  settings: HandlerSettings,
  request: Request,
  { match, notes }: { readonly match: RouteMatched; readonly notes: RequestNotes },
): Promise<Response> {
  const url = new URL(request.url);
  const query = collectEntries(url.searchParams, "query parameter");
  if (!query.ok) return rejectionResponse(query.error);
  const operationId = operationOf(match.endpoint, settings.service);
  const head = request.method === "HEAD";
  const admission = await settings.service.admit(operationId, credentialsOf(request));
  if (!admission.ok) return toHttpResponse(admission.error, head);
  notes.organizationId = admission.value.organizationId;
  const limits = { ...settings.limits, maxJsonBytes: settings.maxJsonBytesFor(operationId) };
  const body = await readRequestBody(request, match.endpoint, limits);
  if (!body.ok) return rejectionResponse(body.error);
  const serviceRequest = toServiceRequest(request, {
    pathParams: match.pathParams,
    query: query.value,
    body: body.value,
  });
  return toHttpResponse(await admission.value.serve(serviceRequest), head);
}

async function answerRoute(
  settings: HandlerSettings,
  request: Request,
  { match, notes }: { readonly match: RouteMatch; readonly notes: RequestNotes },
): Promise<Response> {
  switch (match.kind) {
    case "matched":
      return callService(settings, request, { match, notes });
    case "not_found":
      return unknownRouteResponse();
    case "malformed_path":
      return rejectionResponse({
        reason: "malformed_path",
        message: "A path parameter is not valid percent-encoding.",
      });
    case "options":
      return new Response(null, {
        status: 204,
        headers: { allow: match.allowedMethods.join(", ") },
      });
    case "method_not_allowed":
      return rejectionResponse(
        {
          reason: "method_not_allowed",
          message: `This path does not serve ${request.method}.`,
          details: { allowed_methods: match.allowedMethods },
        },
        { allow: match.allowedMethods.join(", ") },
      );
  }
}

/**
 * Creates the HTTP handler of the whole API over a service. Unknown paths answer 404,
 * known paths with another method 405 with `Allow`, `OPTIONS` 204 with `Allow`, and
 * `HEAD` runs the `GET` endpoint without sending its body. With `directUploads`, the
 * upload path `{basePath}/uploads` takes signed PUTs without an API key (spec 4.17).
 * The returned promise never rejects: a service that throws yields a 500 whose body
 * reveals nothing of the error.
 *
 * Every authenticated endpoint admits the caller from the headers (`service.admit`)
 * before it reads the body: a request without a valid key, without the scope or without
 * a subscription is answered 401, 403 or 402 without reading its body.
 *
 * Throws a `RangeError` for an invalid option and a `TypeError` when the service lacks a
 * function for an operation of the endpoint table or `admit`, so a miswired host fails
 * at start.
 *
 * @example
 * ```ts
 * import { createFetchHandler } from "reelkit/http";
 *
 * const handler = createFetchHandler(service, { basePath: "/v1" });
 * const response = await handler(new Request("http://localhost/v1/models"));
 * response.headers.get("content-type"); // "application/json; charset=utf-8"
 * ```
 */
export function createFetchHandler(
  service: ApiService,
  options: FetchHandlerOptions = {},
): FetchHandler {
  const settings = resolveHandlerSettings(service, options);
  const table = compileRouteTable(ENDPOINTS, options.basePath ?? DEFAULT_BASE_PATH);
  for (const endpoint of ENDPOINTS) operationOf(endpoint, service);
  if (typeof Reflect.get(service, "admit") !== "function") {
    throw new TypeError("The service has no admit function.");
  }
  const { directUploads } = settings;
  const answer = async (request: Request, notes: RequestNotes): Promise<Response> => {
    try {
      const pathname = new URL(request.url).pathname;
      // Direct uploads sit beside the endpoint table: they carry no API key and no JSON.
      if (directUploads !== undefined && isDirectUploadPath(table.basePath, pathname)) {
        notes.route = `${table.basePath}${DIRECT_UPLOAD_PATH}`;
        return await answerDirectUpload(directUploads, request);
      }
      const match = matchRoute(table, request.method, pathname);
      notes.route = routeTemplateOf(table.basePath, match);
      return await answerRoute(settings, request, { match, notes });
    } catch (error) {
      try {
        settings.onError(error, request);
      } catch {
        // A failing logger must not turn a 500 into a rejected promise.
      }
      return serverErrorResponse();
    }
  };
  return (request) => observeRequest(request, settings, (notes) => answer(request, notes));
}
