/**
 * The contract between the service and its adapters. Every endpoint of the endpoint
 * table is one service call that takes a transport-neutral request and answers with a
 * result that says what happened: a JSON body, Markdown text, or an error from the
 * closed set of codes. The service knows no transport: the HTTP adapter maps results to
 * statuses in one table, the MCP adapter to tool results in another.
 *
 * @module
 */
import type { ApiError } from "../errors/api-error.js";

import type { OrganizationId } from "../organization-id.js";
import type { Result } from "../result.js";
import type { OperationId } from "../schemas/endpoints.js";

export type { OperationId };

/** A file part of a multipart request, already read into memory within the size limit. */
export interface UploadedFile {
  /** Filename the client sent, if any. */
  readonly filename: string | undefined;
  /** Media type the client sent, if any. */
  readonly contentType: string | undefined;
  /** The file bytes. */
  readonly bytes: Uint8Array;
}

/** Who a request says it comes from: all the service needs to admit it (spec 5). */
export interface RequestCredentials {
  /** The bearer token from `Authorization: Bearer <token>`; undefined when absent. */
  readonly bearerToken: string | undefined;
  /** True when an `Authorization` header was present but not a well-formed bearer token. */
  readonly malformedAuthorization?: boolean;
}

/** A request as the service sees it, whatever transport carried it. */
export interface ServiceRequest extends RequestCredentials {
  /** Raw path parameters by name, as strings. */
  readonly pathParams: Readonly<Record<string, string>>;
  /** Raw query parameters; repeated names become arrays. */
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  /** The parsed JSON body, the multipart text fields, or undefined without a body. */
  readonly body: unknown;
  /** File parts of a multipart body by field name. */
  readonly files?: Readonly<Record<string, UploadedFile>>;
  /** The `Idempotency-Key` header; undefined when absent. */
  readonly idempotencyKey: string | undefined;
  /** How the body arrived. */
  readonly bodyFormat?: "json" | "multipart";
  /** The `If-Match` header: the entity tags a change requires; undefined when absent. */
  readonly ifMatch?: string | undefined;
  /** The `If-None-Match` header: entity tags the client already holds; undefined when absent. */
  readonly ifNoneMatch?: string | undefined;
  /** Which adapter carried the request, recorded with editor revisions; `api` when absent. */
  readonly channel?: "api" | "mcp";
  /**
   * Aborted when whoever sent the request has stopped waiting for its answer: the HTTP
   * client disconnected (the Web `Request.signal`), or an MCP tool call was cancelled or
   * its connection closed. Long work done for the answer alone, such as a preview's
   * render, stops then; undefined means the request is never abandoned.
   */
  readonly signal?: AbortSignal;
}

/** Extra headers of an answer, such as the rate-limit headers of a paid request. */
export type ResultHeaders = Readonly<Record<string, string>>;

/** A call that succeeded with a JSON body. */
export interface ServiceSuccess {
  /** Discriminant. */
  readonly kind: "ok";
  /** The JSON body of the endpoint's success response. */
  readonly body: unknown;
  /** Extra headers, such as `X-RateLimit-*` of a paid creation or the `ETag` of a project. */
  readonly headers?: ResultHeaders;
  /**
   * `body` already serialized as JSON and encoded as UTF-8, when the service keeps it
   * ready (a large project read again at the same revision); adapters that send bytes
   * send it instead of serializing and encoding `body` again.
   */
  readonly json?: Uint8Array<ArrayBuffer>;
}

/**
 * A conditional read whose answer the client already holds (`If-None-Match` named the
 * current entity tag): HTTP 304 without a body.
 */
export interface ServiceNotModified {
  /** Discriminant. */
  readonly kind: "not_modified";
  /** Headers of the answer, such as the `ETag`. */
  readonly headers?: ResultHeaders;
}

/** A call that succeeded with Markdown text (the agent instruction file, `getSkillMarkdown`). */
export interface ServiceMarkdown {
  /** Discriminant. */
  readonly kind: "markdown";
  /** The Markdown document. */
  readonly text: string;
}

/**
 * A call that succeeded with binary content, such as the PNG of a preview frame: HTTP
 * sends the bytes with their media type, MCP an image.
 */
export interface ServiceFile {
  /** Discriminant. */
  readonly kind: "file";
  /** Media type of the bytes, such as `image/png`. */
  readonly contentType: string;
  /** The content. */
  readonly bytes: Uint8Array;
  /** Extra headers. */
  readonly headers?: ResultHeaders;
}

/** A call that failed with the structured error of spec 7.1. */
export interface ServiceFailure {
  /** Discriminant. */
  readonly kind: "error";
  /** The error; its code says what went wrong, and adapters map it to their own terms. */
  readonly error: ApiError;
  /** Extra headers, such as `Retry-After` of `rate_limited`. */
  readonly headers?: ResultHeaders;
}

/** What a service call answers. */
export type ServiceResult =
  | ServiceSuccess
  | ServiceMarkdown
  | ServiceFailure
  | ServiceFile
  | ServiceNotModified;

/** A request its credentials admit: how to serve it, and for whom. */
export interface AdmittedRequest {
  /** Serves the whole request (path, query, body) for the admitted caller. */
  readonly serve: (request: ServiceRequest) => Promise<ServiceResult>;
  /** The caller's organization, for request logs; absent for endpoints without a key. */
  readonly organizationId?: OrganizationId;
}

/**
 * What the service says of a request from its credentials alone, before its body is read:
 * admitted, with the function that serves the whole request, or refused with the error
 * (`unauthorized`, `invalid_api_key`, `forbidden` or `payment_required` of spec 5), which
 * needs nothing of the request's body.
 */
export type Admission = Result<AdmittedRequest, ServiceFailure>;

/** The whole API as service calls, one per operation id. */
export type ApiService = {
  readonly [Operation in OperationId]: (request: ServiceRequest) => Promise<ServiceResult>;
} & {
  /**
   * Admits a request of an operation by its credentials alone: the key, its scopes and
   * the organization's subscription. An adapter calls it before it reads the body, so a
   * caller that would be refused cannot make the host read or hold a body, then serves
   * the admitted request with `serve`. Calling an operation directly does both steps.
   */
  readonly admit: (operationId: OperationId, credentials: RequestCredentials) => Promise<Admission>;
};
