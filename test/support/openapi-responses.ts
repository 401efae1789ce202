/**
 * Checks responses against the OpenAPI document the API serves, so a handler and the
 * document can never disagree unnoticed: every response the test helpers see must have
 * a status the document lists for its operation, a content type it lists for that
 * status, and a body its schema accepts (Ajv, JSON Schema 2020-12, formats included).
 * Responses of no operation (an unknown path, a method the path does not serve, the
 * direct-upload PUT) must be the structured error of spec 7.1 when they are errors.
 *
 * Compiled schemas are cached per document, so a test file pays for each schema once.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { isErrorCode, statusForErrorCode } from "../../src/errors/codes.js";
import type { OpenApiDocument } from "../../src/schemas/openapi.js";

/** One response, as the validator reads it. */
export interface ResponseUnderCheck {
  /** The request method. */
  readonly method: string;
  /** The request path under the API's base path, such as `/editor/videos/42`. */
  readonly path: string;
  /** The response status. */
  readonly status: number;
  /** The response's `Content-Type`, or null. */
  readonly contentType: string | null;
  /** The body text; empty for HEAD and bodiless answers. */
  readonly text: string;
}

type JsonObject = Record<string, unknown>;

const DOCUMENT_ID = "openapi.json";
const OPERATION_KEYS: Readonly<Record<string, string>> = {
  GET: "get",
  POST: "post",
  PUT: "put",
  PATCH: "patch",
  DELETE: "delete",
};
const ERROR_RESPONSE_SCHEMA = `${DOCUMENT_ID}#/components/schemas/ErrorResponse`;

function pointerSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function templateMatches(template: string, path: string): boolean {
  const wanted = template.split("/");
  const actual = path.split("/");
  return (
    wanted.length === actual.length &&
    wanted.every((part, index) => /^\{.+\}$/.test(part) || part === actual[index])
  );
}

function essenceOf(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Validates responses against one OpenAPI document. */
export class OpenApiResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    // Not strict: the document carries OpenAPI keywords (paths, example) beside the schemas.
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema(document as unknown as JsonObject, DOCUMENT_ID);
  }

  /** Throws an error naming what is wrong when the response breaks the document. */
  check(response: ResponseUnderCheck): void {
    // HTTP methods are case-sensitive: `patch` is not PATCH, and no operation serves it.
    const method = OPERATION_KEYS[response.method === "HEAD" ? "GET" : response.method] ?? "";
    const template = Object.keys(this.document.paths).find((candidate) =>
      templateMatches(candidate, response.path),
    );
    const operation = template === undefined ? undefined : this.document.paths[template]?.[method];
    const where = `${response.method} ${response.path} answered ${response.status}`;
    if (template === undefined || operation === undefined) {
      this.checkOutsideOperations(response, where);
      return;
    }
    const responses = operation.responses as JsonObject;
    const documented = responses[String(response.status)];
    if (documented === undefined) {
      throw new Error(
        `${where}, a status the OpenAPI document does not list (it lists ${Object.keys(responses).join(", ")}).`,
      );
    }
    if (response.method === "HEAD" || response.text === "") return;
    const resolved = this.resolveResponse(documented);
    const contentType = essenceOf(response.contentType);
    const content = resolved.content as JsonObject | undefined;
    if (content?.[contentType] === undefined) {
      throw new Error(`${where} as ${contentType}, a content type the document does not list.`);
    }
    if (contentType !== "application/json") return;
    const pointer =
      isObject(documented) && typeof documented.$ref === "string"
        ? `${DOCUMENT_ID}${documented.$ref}/content/application~1json/schema`
        : `${DOCUMENT_ID}#/paths/${pointerSegment(template)}/${method}/responses/${response.status}/content/application~1json/schema`;
    this.validate(pointer, response.text, where);
  }

  /**
   * Checks a tool result's structured content: the error body for a failed call, else
   * the success body of the REST operation the tool stands for (when it stands for one).
   */
  checkBody(operationId: string | undefined, failed: boolean, body: unknown, where: string): void {
    const text = JSON.stringify(body);
    if (failed) {
      this.validate(ERROR_RESPONSE_SCHEMA, text, where);
      const status = this.statusOfError(body);
      if (operationId !== undefined && status !== undefined) {
        const operation = this.operationById(operationId);
        if (!Object.hasOwn(operation.operation.responses as JsonObject, String(status))) {
          throw new Error(`${where}: ${operationId} does not document the status ${status}.`);
        }
      }
      return;
    }
    if (operationId === undefined) return;
    const { template, method } = this.operationById(operationId);
    this.validate(
      `${DOCUMENT_ID}#/paths/${pointerSegment(template)}/${method}/responses/200/content/application~1json/schema`,
      text,
      where,
    );
  }

  private statusOfError(body: unknown): number | undefined {
    const code = isObject(body) && isObject(body.error) ? body.error.code : undefined;
    return isErrorCode(code) ? statusForErrorCode(code) : undefined;
  }

  private operationById(operationId: string): {
    template: string;
    method: string;
    operation: JsonObject;
  } {
    for (const [template, item] of Object.entries(this.document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation.operationId === operationId) return { template, method, operation };
      }
    }
    throw new Error(`The OpenAPI document has no operation ${operationId}.`);
  }

  private checkOutsideOperations(response: ResponseUnderCheck, where: string): void {
    if (response.status < 400 || response.method === "HEAD") return;
    if (essenceOf(response.contentType) !== "application/json") {
      throw new Error(`${where} without a JSON error body.`);
    }
    this.validate(ERROR_RESPONSE_SCHEMA, response.text, where);
  }

  private resolveResponse(documented: unknown): JsonObject {
    if (!isObject(documented)) return {};
    const ref = documented.$ref;
    if (typeof ref !== "string") return documented;
    const name = ref.split("/").at(-1) ?? "";
    const responses = this.document.components.responses as JsonObject;
    const resolved = responses[name];
    return isObject(resolved) ? resolved : {};
  }

  private validate(pointer: string, text: string, where: string): void {
    let validate = this.compiled.get(pointer);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: pointer });
      this.compiled.set(pointer, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${where} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    if (!validate(body)) {
      const problems = this.ajv.errorsText(validate.errors, { separator: "\n  " });
      throw new Error(
        `${where} with a body the OpenAPI document refuses:\n  ${problems}\nBody: ${text.slice(0, 2000)}`,
      );
    }
  }
}

const validators = new Map<string, OpenApiResponseValidator>();

/** The validator of a document, compiled once per document text in this test file. */
export function validatorOf(document: OpenApiDocument): OpenApiResponseValidator {
  const text = JSON.stringify(document);
  let validator = validators.get(text);
  if (validator === undefined) {
    validator = new OpenApiResponseValidator(document);
    validators.set(text, validator);
  }
  return validator;
}

/** The path of a request URL under a base path, or undefined when it is not under it. */
export function pathUnder(url: string, basePath: string): string | undefined {
  const { pathname } = new URL(url);
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
}

/** Which responses {@link validatingHandler} checks. */
export interface ValidationScope {
  /**
   * Check error responses only: for handlers over a test double whose success bodies are
   * canned, where only what the adapter itself answers is the real thing.
   */
  readonly errorsOnly?: boolean;
}

/**
 * Wraps a fetch handler so that every response it gives is checked against the document
 * before the caller sees it; a response that breaks the document rejects the call.
 */
export function validatingHandler(
  handler: (request: Request) => Promise<Response>,
  document: () => Promise<OpenApiDocument>,
  basePath: string,
  scope: ValidationScope = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    const method = request.method;
    const url = request.url;
    const response = await handler(request);
    const path = pathUnder(url, basePath);
    if (method === "OPTIONS" || path === undefined) return response;
    if (scope.errorsOnly === true && response.status < 400) return response;
    const text = await response.clone().text();
    validatorOf(await document()).check({
      method,
      path,
      status: response.status,
      contentType: response.headers.get("content-type"),
      text,
    });
    return response;
  };
}
