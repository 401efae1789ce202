/**
 * Parsing at the boundary: path parameters, query and body are checked with their zod
 * schemas before anything else runs; a failure lists every bad field (spec 7).
 *
 * @module
 */
import type { z } from "zod";
import { apiError } from "../../errors/api-error.js";
import { validationError } from "../../errors/validation.js";
import type { ServiceFailure, ServiceRequest } from "../../ports/contract.js";
import { findUnacceptableValue, type UnacceptableValue } from "../../schemas/request-values.js";
import { failure, halt, proceed, type Step } from "./results.js";

/** Where a value came from, named in the error's `context.location`. */
export type InputLocation = "body" | "query" | "path";

/**
 * Parses a value with a schema: the typed value, or a 400 `bad_request` listing every
 * field by path.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  location: InputLocation,
): Step<z.output<Schema>> {
  const result = schema.safeParse(value);
  return result.success ? proceed(result.data) : halt(validationError(result.error, location));
}

type CheckedLocation = InputLocation | "header";

function messageOf(problem: UnacceptableValue, field: string): string {
  return problem.reason === "hostile_key"
    ? `The key "${problem.key}" is not allowed in a request.`
    : `${field} holds U+0000 or an unpaired surrogate (\\ud800 to \\udfff), which cannot be stored; remove it.`;
}

function refusal(problem: UnacceptableValue, location: CheckedLocation): ServiceFailure {
  const field = problem.path.map(String).join(".");
  const message = messageOf(problem, field === "" ? "The value" : field);
  const key = problem.reason === "hostile_key" ? { key: problem.key } : {};
  return failure(
    apiError("bad_request", `Invalid request ${location}: ${message}`, {
      context: {
        location,
        reason: problem.reason,
        ...key,
        fields: [{ path: field, message, issue: problem.reason }],
      },
    }),
  );
}

function fileFields(request: ServiceRequest): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, file] of Object.entries(request.files ?? {})) {
    fields[name] = { filename: file.filename, content_type: file.contentType };
  }
  return fields;
}

/**
 * The `bad_request` for a request that carries a hostile key or unstorable text, or undefined
 * when every part of it is acceptable.
 *
 * @example
 * ```ts
 * refuseUnacceptableValues({ ...request, body: { title: "a\u0000b" } });
 * // { kind: "error", error: { code: "bad_request", context: { location: "body",
 * //   reason: "unstorable_text", fields: [{ path: "title", ... }] } } }
 * ```
 */
export function refuseUnacceptableValues(request: ServiceRequest): ServiceFailure | undefined {
  const parts: readonly (readonly [CheckedLocation, unknown])[] = [
    ["path", request.pathParams],
    ["query", request.query],
    ["header", { "Idempotency-Key": request.idempotencyKey }],
    ["body", request.body],
    ["body", fileFields(request)],
  ];
  for (const [location, value] of parts) {
    const problem = findUnacceptableValue(value);
    if (problem !== undefined) return refusal(problem, location);
  }
  return undefined;
}
