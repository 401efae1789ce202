/**
 * reelkit/http: the API over HTTP, for any host.
 *
 * - {@link createFetchHandler}: a Web-standard `(Request) => Promise<Response>` handler
 *   serving every endpoint of the endpoint table over an {@link ApiService}.
 * - `toNodeListener` of `reelkit/node` mounts the same handler on Node's own server,
 *   Express and Fastify; this entry imports none of Node's built-ins.
 * - The parts a host or another adapter may reuse: the route table, the body limits, the
 *   status table of service results and transport-level refusals, untrusted JSON
 *   parsing, and bearer token extraction.
 *
 * @packageDocumentation
 */

export type {
  ApiService,
  OperationId,
  ResultHeaders,
  ServiceFailure,
  ServiceMarkdown,
  ServiceRequest,
  ServiceResult,
  ServiceSuccess,
  UploadedFile,
} from "../ports/contract.js";
export { REQUEST_ID_MAX_LENGTH } from "../schemas/limits.js";
export { type BearerCredentials, parseAuthorization } from "./authorization.js";
export {
  DEFAULT_MAX_JSON_BYTES,
  DEFAULT_MAX_JSON_BYTES_BY_OPERATION,
  DEFAULT_MAX_REFERENCE_INSPIRATION_JSON_BYTES,
  DEFAULT_MAX_UPLOAD_FILE_BYTES,
  JSON_FIELDS_ALLOWANCE_BYTES,
  MULTIPART_FIELDS_ALLOWANCE_BYTES,
} from "./body-limits.js";
export { DIRECT_UPLOAD_PATH } from "./direct-upload.js";
export { createFetchHandler, type FetchHandler } from "./fetch-handler.js";
export type { FetchHandlerOptions } from "./handler-options.js";
export {
  checkReadiness,
  createHealthHandler,
  HEALTH_PATH,
  type HealthHandlerOptions,
  READINESS_CHECK_TIMEOUT_MILLISECONDS,
  READINESS_PATH,
  type ReadinessCheck,
  type ReadinessDetails,
  type ReadinessFailure,
  type ReadinessReport,
  type ReadinessResult,
} from "./health.js";
export { readBodyBytes } from "./read-body.js";
export {
  HTTP_REJECTION_STATUS,
  type HttpAccepted,
  type HttpRefused,
  type HttpRejection,
  type HttpRejectionReason,
  type HttpResult,
  rejectionBody,
} from "./rejections.js";
export {
  isAcceptableRequestId,
  REQUEST_ID_HEADER,
  requestIdOf,
  withRequestId,
} from "./request-id.js";
export {
  type ObservationOptions,
  REQUEST_LOG_MESSAGE,
  UNMATCHED_ROUTE,
} from "./request-observation.js";
export { JSON_CONTENT_TYPE, MARKDOWN_CONTENT_TYPE } from "./responses.js";
export {
  compileRouteTable,
  DEFAULT_BASE_PATH,
  matchRoute,
  normalizeBasePath,
  type RouteMatch,
  type RouteMatched,
  type RouteMethodAnswer,
  type RouteMissed,
  type RoutePattern,
  type RouteTable,
} from "./routes.js";
export {
  HOSTILE_JSON_KEYS,
  JSON_MAX_DEPTH,
  type JsonAccepted,
  type JsonParseResult,
  type JsonRefused,
  type JsonRejection,
  parseUntrustedJson,
} from "./safe-json.js";
export { HTTP_SUCCESS_STATUS, httpStatusOf, httpStatusOfError } from "./statuses.js";
