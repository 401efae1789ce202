/**
 * Turns zod validation failures into `bad_request` errors whose context lists every
 * offending field by path, so a client can point at the exact input to fix.
 *
 * @module
 */
import type { z } from "zod";
import { type ApiError, apiError } from "./api-error.js";

/** Context of a `bad_request` built from a failed parse. */
export type ValidationErrorContext = {
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
  const context: ValidationErrorContext = { location: where, fields };
  return { ...apiError("bad_request", summary, { context }), code: "bad_request", context };
}
