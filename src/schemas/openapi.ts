/**
 * Builds the OpenAPI 3.1 document of the API from the endpoint table and the schemas, so
 * the document cannot drift from the validation it describes.
 *
 * @module
 */
import type { z } from "zod";
import { ERROR_CODE_TABLE, type ErrorCode } from "../errors/codes.js";
import { REQUEST_COMPONENTS, RESPONSE_COMPONENTS } from "./components.js";
import { ENDPOINT_TAGS, ENDPOINTS, type EndpointDefinition } from "./endpoints.js";
import {
  type JsonSchema,
  objectProperties,
  toJsonSchema,
  toNamedJsonSchemas,
} from "./json-schema.js";
import { IDEMPOTENCY_KEY_MAX_LENGTH, REQUEST_ID_MAX_LENGTH } from "./limits.js";
import { API_SCOPE_DESCRIPTIONS, API_SCOPES } from "./scopes.js";
import { WEBHOOK_DELIVERY_DESCRIPTION, WEBHOOK_EVENTS } from "./webhooks.js";

/** Version of the interface (spec 9), served under the `v1` prefix. */
export const API_VERSION = "1.0.0";

/** Title of the API in generated documents. */
export const API_TITLE = "Media Generation and Video Editing API";

/** A JSON object of an OpenAPI document; the shape follows OpenAPI 3.1. */
export type OpenApiObject = Record<string, unknown>;

/** The OpenAPI 3.1 document returned by {@link buildOpenApiDocument}. */
export interface OpenApiDocument {
  /** OpenAPI version, always `3.1.0`. */
  readonly openapi: "3.1.0";
  /** Title, version and description of the API. */
  readonly info: OpenApiObject;
  /** Where the API is served. */
  readonly servers: readonly OpenApiObject[];
  /** Documentation groups. */
  readonly tags: readonly OpenApiObject[];
  /** Every path with its operations. */
  readonly paths: Record<string, Record<string, OpenApiObject>>;
  /** Every webhook event, as the request reelkit sends to a receiver. */
  readonly webhooks: Record<string, Record<string, OpenApiObject>>;
  /** Named schemas, responses, parameters, headers and security schemes. */
  readonly components: OpenApiObject;
}

/** Options of {@link buildOpenApiDocument}. */
export interface OpenApiOptions {
  /** Base URL including the version prefix, such as `https://api.example.com/v1`. Default `/v1`. */
  readonly serverUrl?: string;
}

const SCHEMA_REF = "#/components/schemas/";
const SECURITY_SCHEME = "bearerAuth";

const ERROR_RESPONSES: Readonly<Record<number, { name: string; description: string }>> = {
  400: {
    name: "BadRequest",
    description:
      "The body, a path parameter or a query parameter is invalid: context.fields names each field. Text holding U+0000 or an unpaired surrogate is refused (context.reason unstorable_text), as is a __proto__ key (hostile_key).",
  },
  401: {
    name: "Unauthorized",
    description: "The bearer API key is missing, malformed, revoked, expired or unknown.",
  },
  402: {
    name: "PaymentRequired",
    description: "No active paid subscription, or not enough credits.",
  },
  403: {
    name: "Forbidden",
    description: "The key lacks the required scope, or the resource is unavailable.",
  },
  404: {
    name: "NotFound",
    description: "The resource does not exist in the authenticated organization.",
  },
  409: {
    name: "IdempotencyConflict",
    description: "The idempotency key is still processing, or was used with a different body.",
  },
  413: {
    name: "PayloadTooLarge",
    description:
      "The body, or one file of a multipart body, is larger than its limit; context.max_bytes gives the limit.",
  },
  415: {
    name: "UnsupportedMediaType",
    description:
      "The body has no Content-Type, or one the endpoint does not take; context.accepted_content_types lists those it takes.",
  },
  429: {
    name: "RateLimited",
    description:
      "Too many paid requests, or (extensions) too many changes or previews of editor projects: context.limit_name is paid, edits or frames. Wait Retry-After seconds; retry a paid request with the same idempotency key.",
  },
  500: {
    name: "ServerError",
    description: "Unexpected failure; retry with exponential backoff and the same idempotency key.",
  },
};

/**
 * Statuses the HTTP adapter answers for any endpoint that reads a body, before the
 * service sees it: a body over its limit (413) and a content type the endpoint does not
 * take (415). Their code is `bad_request`, the status says how to fix the request.
 */
export const BODY_TRANSPORT_STATUSES: readonly number[] = [413, 415];

function codesForStatus(status: number): ErrorCode[] {
  if (BODY_TRANSPORT_STATUSES.includes(status)) return ["bad_request"];
  return (Object.keys(ERROR_CODE_TABLE) as ErrorCode[]).filter(
    (code) => code !== "generation_failed" && ERROR_CODE_TABLE[code].status === status,
  );
}

/** Every error status of an endpoint: its own, plus the body statuses when it takes one. */
export function documentedErrorStatuses(endpoint: EndpointDefinition): number[] {
  const transport = endpoint.bodies === undefined ? [] : BODY_TRANSPORT_STATUSES;
  return [...new Set([...endpoint.errorStatuses, ...transport])].sort((a, b) => a - b);
}

// An extension beyond the contract: every answer carries the request's id (see
// docs/spec-decisions.md, "Request ids, logs and health").
const REQUEST_ID_HEADERS: OpenApiObject = {
  RequestId: {
    description: `The request's id, for logs and support: the client's X-Request-Id when it has 1 to ${REQUEST_ID_MAX_LENGTH} letters, digits or . _ : = + - /, else one the server generated. Never in a body.`,
    schema: { type: "string", minLength: 1, maxLength: REQUEST_ID_MAX_LENGTH },
  },
};

const REQUEST_ID_RESPONSE_HEADER: OpenApiObject = {
  "X-Request-Id": { $ref: "#/components/headers/RequestId" },
};

function errorResponseComponents(): OpenApiObject {
  const responses: OpenApiObject = {};
  for (const [status, { name, description }] of Object.entries(ERROR_RESPONSES)) {
    const codes = codesForStatus(Number(status));
    const response: OpenApiObject = {
      description: `${description} Codes: ${codes.join(", ")}.`,
      content: { "application/json": { schema: { $ref: `${SCHEMA_REF}ErrorResponse` } } },
    };
    response.headers = { ...REQUEST_ID_RESPONSE_HEADER };
    if (Number(status) === 429) {
      response.headers = {
        "Retry-After": { $ref: "#/components/headers/RetryAfter" },
        "X-RateLimit-Remaining": { $ref: "#/components/headers/RateLimitRemaining" },
        "X-RateLimit-Reset": { $ref: "#/components/headers/RateLimitReset" },
        ...REQUEST_ID_RESPONSE_HEADER,
      };
    }
    responses[name] = response;
  }
  return responses;
}

const REVISION_HEADERS: OpenApiObject = {
  ETag: {
    description:
      'Entity tag of the editor revision the answer is about, such as "rev-3"; send it as If-None-Match to read again or If-Match to change only that revision.',
    schema: { type: "string" },
  },
};

const RATE_LIMIT_HEADERS: OpenApiObject = {
  RetryAfter: {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer", minimum: 0 },
  },
  RateLimitRemaining: {
    description:
      "Requests left in the current window of the limit (paid requests, or changes or previews of editor projects).",
    schema: { type: "integer", minimum: 0 },
  },
  RateLimitReset: {
    description: "When the current window ends, as a Unix timestamp in milliseconds.",
    schema: { type: "integer", minimum: 0 },
  },
};

function idempotencyParameter(minLength: number): OpenApiObject {
  return {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Makes a paid request safe to retry: a completed request with the same key and body is replayed with idempotent_replay true. Wins over the body field idempotency_key.",
    schema: {
      type: "string",
      ...(minLength > 0 ? { minLength } : {}),
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
    },
  };
}

function conditionalParameter(conditional: "if-none-match" | "if-match"): OpenApiObject {
  const reading = conditional === "if-none-match";
  return {
    name: reading ? "If-None-Match" : "If-Match",
    in: "header",
    required: false,
    description: reading
      ? "An ETag this client holds; when it names the current revision the answer is 304 without a body."
      : 'The ETag of the revision this change was decided on ("*" for any); when the project has moved on the answer is 409 revision_conflict and nothing changes. Same as expected_revision. Compared strongly (RFC 9110): a weak tag such as W/"rev-3" never matches, so it answers 409 revision_conflict too.',
    schema: { type: "string" },
  };
}

const ETAG_HEADER = { ...REQUEST_ID_RESPONSE_HEADER, ETag: { $ref: "#/components/headers/ETag" } };

function parametersFrom(
  schema: z.ZodType | undefined,
  location: "path" | "query",
): OpenApiObject[] {
  if (schema === undefined) return [];
  const { properties, required } = objectProperties(toJsonSchema(schema, "input"));
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    const isArray =
      rest.type === "array" ||
      (rest.anyOf ?? []).some((v) => typeof v === "object" && v.type === "array");
    return {
      name,
      in: location,
      required: location === "path" || required.has(name),
      ...(description === undefined ? {} : { description }),
      ...(isArray ? { explode: true, style: "form" } : {}),
      schema: rest,
    };
  });
}

function schemaNames(components: Readonly<Record<string, z.ZodType>>): Map<z.ZodType, string> {
  return new Map(Object.entries(components).map(([name, schema]) => [schema, name]));
}

function refTo(schema: z.ZodType, names: Map<z.ZodType, string>): OpenApiObject {
  const name = names.get(schema);
  if (name === undefined) throw new Error("An endpoint schema has no component name.");
  return { $ref: `${SCHEMA_REF}${name}` };
}

function multipartSchema(schema: z.ZodType, binaryFields: readonly string[]): OpenApiObject {
  const fields = toJsonSchema(schema, "input");
  const properties: Record<string, unknown> = { ...(fields.properties ?? {}) };
  for (const field of binaryFields) {
    properties[field] = {
      type: "string",
      contentMediaType: "application/octet-stream",
      description: "The file bytes.",
    };
  }
  return { ...fields, properties, required: [...(fields.required ?? []), ...binaryFields] };
}

interface ComponentNames {
  readonly requests: Map<z.ZodType, string>;
  readonly responses: Map<z.ZodType, string>;
}

function successResponse(endpoint: EndpointDefinition, names: ComponentNames): OpenApiObject {
  const { success } = endpoint;
  if (success.contentType === "text/markdown") {
    return {
      description: success.description,
      content: { "text/markdown": { schema: { type: "string" } } },
    };
  }
  if (success.contentType === "image/png") {
    return {
      description: success.description,
      content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } } },
    };
  }
  const refs = success.schemas.map((schema) => refTo(schema, names.responses));
  const schema =
    refs.length === 0
      ? {
          type: "object",
          required: ["openapi", "info", "paths"],
          properties: {
            openapi: { type: "string" },
            info: { type: "object" },
            paths: { type: "object" },
            components: { type: "object" },
          },
        }
      : refs.length === 1
        ? refs[0]
        : { oneOf: refs };
  return { description: success.description, content: { "application/json": { schema } } };
}

function operationObject(endpoint: EndpointDefinition, names: ComponentNames): OpenApiObject {
  const parameters = [
    ...parametersFrom(endpoint.pathParams, "path"),
    ...parametersFrom(endpoint.query, "query"),
    ...(endpoint.idempotency === undefined
      ? []
      : [idempotencyParameter(endpoint.idempotency.minLength)]),
    ...(endpoint.conditional === undefined ? [] : [conditionalParameter(endpoint.conditional)]),
  ];
  const success = successResponse(endpoint, names);
  const responses: OpenApiObject = {
    "200": {
      ...success,
      headers: endpoint.conditional === undefined ? REQUEST_ID_RESPONSE_HEADER : ETAG_HEADER,
    },
  };
  if (endpoint.conditional === "if-none-match") {
    responses["304"] = {
      description: "The client's If-None-Match names the current revision; no body.",
      headers: ETAG_HEADER,
    };
  }
  for (const status of documentedErrorStatuses(endpoint)) {
    const response = ERROR_RESPONSES[status];
    if (response === undefined)
      throw new Error(`No error response is defined for status ${status}.`);
    responses[String(status)] = { $ref: `#/components/responses/${response.name}` };
  }
  const operation: OpenApiObject = {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: endpoint.description,
    security:
      endpoint.auth === "none"
        ? []
        : endpoint.scopes.map((scope) => ({ [SECURITY_SCHEME]: [scope] })),
    ...(parameters.length > 0 ? { parameters } : {}),
    responses,
    ...(endpoint.extension === true ? { "x-reelkit-extension": true } : {}),
  };
  if (endpoint.bodies !== undefined) {
    const content: OpenApiObject = {};
    for (const body of endpoint.bodies) {
      content[body.contentType] = {
        schema:
          body.contentType === "multipart/form-data"
            ? multipartSchema(body.schema, body.binaryFields ?? [])
            : refTo(body.schema, names.requests),
      };
    }
    operation.requestBody = { required: endpoint.bodyOptional !== true, content };
  }
  return operation;
}

function securitySchemes(): OpenApiObject {
  const scopeLines = API_SCOPES.map(
    (scope) => `- \`${scope}\`: ${API_SCOPE_DESCRIPTIONS[scope]}`,
  ).join("\n");
  return {
    [SECURITY_SCHEME]: {
      type: "http",
      scheme: "bearer",
      description: `An API key sent as \`Authorization: Bearer <API_KEY>\`. A key belongs to one organization and carries scopes; each operation's security requirement lists the scopes that satisfy it.\n\n${scopeLines}`,
    },
  };
}

const WEBHOOK_HEADERS: readonly OpenApiObject[] = [
  { name: "webhook-id", description: "Stable per event and endpoint, the same on every retry." },
  { name: "webhook-timestamp", description: "When this attempt was signed, in Unix seconds." },
  {
    name: "webhook-signature",
    description: "`v1,<base64 HMAC-SHA256>`, space-separated when several secrets sign.",
  },
].map((header) => ({ ...header, in: "header", required: true, schema: { type: "string" } }));

// Each event's request body: the envelope around the record its GET endpoint returns.
function webhookOperations(): Record<string, Record<string, OpenApiObject>> {
  const operations: Record<string, Record<string, OpenApiObject>> = {};
  for (const event of WEBHOOK_EVENTS) {
    if (RESPONSE_COMPONENTS[event.dataComponent] === undefined) {
      throw new Error(`Webhook ${event.type} names no response component ${event.dataComponent}.`);
    }
    operations[event.type] = {
      post: {
        operationId: `webhook_${event.type.replace(".", "_")}`,
        summary: event.summary,
        description: `\`data\` is the record ${event.readBy} returns. ${WEBHOOK_DELIVERY_DESCRIPTION}`,
        tags: ["Webhooks"],
        parameters: WEBHOOK_HEADERS,
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["type", "timestamp", "data"],
                additionalProperties: false,
                properties: {
                  type: { const: event.type },
                  timestamp: { type: "string", format: "date-time" },
                  data: { $ref: `${SCHEMA_REF}${event.dataComponent}` },
                },
              },
            },
          },
        },
        responses: {
          "2XX": { description: "Accepted; any other answer, or none in 10 seconds, is retried." },
        },
      },
    };
  }
  return operations;
}

/**
 * Builds the OpenAPI 3.1 document (version {@link API_VERSION}) of every endpoint of
 * the API and every webhook event, with request and response schemas generated from the
 * zod schemas.
 *
 * @example
 * ```ts
 * const document = buildOpenApiDocument({ serverUrl: "https://api.example.com/v1" });
 * Object.keys(document.paths).length; // 17: the 16 of the contract and GET /credits
 * ```
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const names: ComponentNames = {
    requests: schemaNames(REQUEST_COMPONENTS),
    responses: schemaNames(RESPONSE_COMPONENTS),
  };
  const schemas: Record<string, JsonSchema> = {
    ...toNamedJsonSchemas(REQUEST_COMPONENTS, "input", SCHEMA_REF),
    ...toNamedJsonSchemas(RESPONSE_COMPONENTS, "output", SCHEMA_REF),
  };
  const paths: Record<string, Record<string, OpenApiObject>> = {};
  for (const endpoint of ENDPOINTS) {
    const pathItem = paths[endpoint.path] ?? {};
    pathItem[endpoint.method.toLowerCase()] = operationObject(endpoint, names);
    paths[endpoint.path] = pathItem;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description:
        "Generate marketing media against a credit balance and edit videos on a timeline. Paid operations are asynchronous: they return a queued result that is polled with the matching status endpoint. Errors are `{ error: { code, message, retryable, context } }`. Every answer carries an `X-Request-Id` header: the one the client sent when it is sane, else a generated one.",
    },
    servers: [{ url: options.serverUrl ?? "/v1" }],
    tags: [...ENDPOINT_TAGS.map((name) => ({ name })), { name: "Webhooks" }],
    paths,
    webhooks: webhookOperations(),
    components: {
      schemas,
      responses: errorResponseComponents(),
      headers: { ...RATE_LIMIT_HEADERS, ...REVISION_HEADERS, ...REQUEST_ID_HEADERS },
      securitySchemes: securitySchemes(),
    },
  };
}
