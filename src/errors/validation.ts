/**
 * Turns zod validation failures into `bad_request` errors whose context lists every
 * offending field by path, so a client can point at the exact input to fix.
 *
 * @module
 */
import type { z } from "zod";
import { type ApiError, apiError } from "./api-error.js";
import type { ErrorCode } from "./codes.js";

/** Context of a `bad_request` built from a failed parse. */
export type ValidationErrorContext = {
  /** Extra details some rules add, such as a `reason`. */
  readonly [detail: string]: unknown;
  /** Which part of the request failed: `body`, `query`, `path` or `header`. */
  readonly location: string;
  /** Every offending field, in the order zod reported them. */
  readonly fields: readonly FieldIssue[];
};

/** A `bad_request` error whose context lists the offending fields. */
export interface ValidationApiError extends ApiError {
  /** Always `bad_request`. */
  readonly code: "bad_request";
  /** Where the request failed and which fields. */
  readonly context: ValidationErrorContext;
}

/** One offending field of a rejected request. */
export interface FieldIssue {
  /** Dotted path to the field, with array indexes (`operations.3.duration_seconds`); empty for the whole value. */
  readonly path: string;
  /** What is wrong with it. */
  readonly message: string;
  /** The zod issue code (`too_big`, `invalid_type`, ...), stable for programs to branch on. */
  readonly issue: string;
}

/** Formats a zod path as a dotted string: `["operations", 3, "type"]` → `operations.3.type`. */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((segment) => String(segment)).join(".");
}

/** Lists the issues of a zod error as {@link FieldIssue}s, in zod's order. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: formatIssuePath(issue.path),
    message: issue.message,
    issue: issue.code,
  }));
}

/** One field a {@link fieldError} names; `issue` defaults to `invalid_value`. */
export interface FieldProblem {
  /** Dotted path of the field, such as `template_slug` or `operations.3.type`. */
  readonly path: string;
  /** What is wrong with it. */
  readonly message: string;
  /** A stable code programs can branch on; `invalid_value` when omitted. */
  readonly issue?: string;
}

/** What {@link fieldError} reports. */
export interface FieldErrorOptions {
  /** The sentence of the error. */
  readonly message: string;
  /** Which part of the request failed: `body` (the default), `query`, `path` or `header`. */
  readonly location?: string;
  /** Every offending field, in order. */
  readonly fields: readonly FieldProblem[];
  /** Extra context beside `location` and `fields`, such as a `reason`. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * The one builder of a `bad_request` about request fields: `context.location` names the
 * part of the request and `context.fields` each field, the shape of spec section 7 that
 * every 400 about input shares, whether zod or a rule of the service found the fault.
 *
 * @example
 * ```ts
 * fieldError({ message: "No such target.", fields: [{ path: "template_slug", message: "Unknown target." }] }).context;
 * // { location: "body", fields: [{ path: "template_slug", message: "Unknown target.", issue: "invalid_value" }] }
 * ```
 */
export function fieldError(options: FieldErrorOptions): ValidationApiError {
  const fields = options.fields.map(
    (field): FieldIssue => ({
      path: field.path,
      message: field.message,
      issue: field.issue ?? "invalid_value",
    }),
  );
  const context: ValidationErrorContext = {
    location: options.location ?? "body",
    fields,
    ...options.details,
  };
  return { ...apiError("bad_request", options.message, { context }), code: "bad_request", context };
}

/**
 * Builds the `bad_request` error for a failed parse. `where` names the part of the
 * request that failed (`body`, `query`, `path`), and `context.fields` lists each issue.
 *
 * @example
 * ```ts
 * const result = createGenerationRequestSchema.safeParse({ type: "static_ad", request_count: 11 });
 * if (!result.success) validationError(result.error, "body").context;
 * // { location: "body", fields: [{ path: "request_count", message: "...", issue: "too_big" }] }
 * ```
 */
export function validationError(error: z.ZodError, where: string): ValidationApiError {
  const fields = fieldIssues(error);
  const first = fields[0];
  const summary =
    first === undefined
      ? `Invalid request ${where}.`
      : `Invalid request ${where}: ${first.path === "" ? "" : `${first.path}: `}${first.message}${fields.length > 1 ? ` (and ${fields.length - 1} more)` : ""}`;
  return fieldError({ message: summary, location: where, fields });
}

/**
 * The one builder of a refusal of one input's content (a URL that cannot be fetched,
 * inline data too large, bytes that contradict their declared type): `context.field`
 * names the input and `context.reason` says why, the shape documented for media refusals.
 *
 * @example
 * ```ts
 * fieldRefusal({ field: "file", reason: "missing_file", message: "A multipart upload needs a file part named file." }).context;
 * // { field: "file", reason: "missing_file" }
 * ```
 */
export function fieldRefusal(options: FieldRefusalOptions): ApiError {
  return apiError(options.code ?? "bad_request", `${options.field}: ${options.message}`, {
    context: { field: options.field, reason: options.reason, ...options.details },
  });
}

/** What {@link fieldRefusal} reports. */
export interface FieldRefusalOptions {
  /** The error code; `bad_request` when omitted. */
  readonly code?: ErrorCode;
  /** The refused input, such as `source_url` or `media.data`. */
  readonly field: string;
  /** A stable reason programs can branch on. */
  readonly reason: string;
  /** What is wrong, without the field name (it is prefixed). */
  readonly message: string;
  /** Extra context, such as `max_bytes`. */
  readonly details?: Readonly<Record<string, unknown>>;
}
