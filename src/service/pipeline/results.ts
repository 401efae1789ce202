/**
 * Building service results: a success body, Markdown text, or the structured error of
 * spec 7.1; and the steps a use case chains, each a value to go on with or the failure
 * that ends the request.
 *
 * @module
 */
import type { ApiError } from "../../errors/api-error.js";
import type {
  ResultHeaders,
  ServiceFailure,
  ServiceMarkdown,
  ServiceSuccess,
} from "../../ports/contract.js";
import { err, ok, type Result } from "../../result.js";

/** A success with a JSON body. */
export function success(body: unknown, headers?: ResultHeaders): ServiceSuccess {
  return headers === undefined ? { kind: "ok", body } : { kind: "ok", body, headers };
}

/** A success with Markdown text. */
export function markdown(text: string): ServiceMarkdown {
  return { kind: "markdown", text };
}

/** A failure with an error. */
export function failure(error: ApiError, headers?: ResultHeaders): ServiceFailure {
  return headers === undefined ? { kind: "error", error } : { kind: "error", error, headers };
}

/** A step's result: a value to go on with, or the failure that ends the request. */
export type Step<Value> = Result<Value, ServiceFailure>;

/** Continues with a value. */
export function proceed<Value>(value: Value): Step<Value> {
  return ok(value);
}

/** Ends the request with an error. */
export function halt<Value = never>(error: ApiError): Step<Value> {
  return err(failure(error));
}
