/**
 * The request-value policy at the service's door: before a use case parses anything, the
 * path, query, idempotency key, body and file names are checked for hostile keys and for
 * text no store can keep (U+0000, unpaired surrogates). Such a request can never succeed,
 * so it is a 400 `bad_request` naming the field, never a 500 and never retryable, and it
 * gets that answer on every store and through every door.
 *
 * @module
 */
import { apiError } from "../../errors/api-error.js";
import { findUnacceptableValue, type UnacceptableValue } from "../../schemas/request-values.js";
import type { ServiceRequest, ServiceResponse } from "../contract.js";
import type { InputLocation } from "./parse.js";
import { errorResponse } from "./responses.js";

type CheckedLocation = InputLocation | "header";

function messageOf(problem: UnacceptableValue, field: string): string {
  return problem.reason === "hostile_key"
    ? `The key "${problem.key}" is not allowed in a request.`
    : `${field} holds U+0000 or an unpaired surrogate (\\ud800 to \\udfff), which cannot be stored; remove it.`;
}

function refusal(problem: UnacceptableValue, location: CheckedLocation): ServiceResponse {
  const field = problem.path.map(String).join(".");
  const message = messageOf(problem, field === "" ? "The value" : field);
  const key = problem.reason === "hostile_key" ? { key: problem.key } : {};
  return errorResponse(
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
 * The 400 for a request that carries a hostile key or unstorable text, or undefined
 * when every part of it is acceptable.
 *
 * @example
 * ```ts
 * refuseUnacceptableValues({ ...request, body: { title: "a\u0000b" } });
 * // { status: 400, body: { error: { code: "bad_request", context: { location: "body",
 * //   reason: "unstorable_text", fields: [{ path: "title", ... }] } } } }
 * ```
 */
export function refuseUnacceptableValues(request: ServiceRequest): ServiceResponse | undefined {
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
