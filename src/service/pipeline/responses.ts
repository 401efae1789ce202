/**
 * Building service responses: a success body, or the structured error of spec 7.1 with
 * the status the error code table assigns.
 *
 * @module
 */
import { type ApiError, errorBody } from "../../errors/api-error.js";
import { statusForErrorCode } from "../../errors/codes.js";
import type { ServiceErrorResponse, ServiceResponse } from "../contract.js";

/** A 200 response. */
export function okResponse(
  body: unknown,
  headers?: Readonly<Record<string, string>>,
): ServiceResponse {
  return headers === undefined ? { status: 200, body } : { status: 200, body, headers };
}

/** The error response for an error, with its code's status. */
export function errorResponse(
  error: ApiError,
  headers?: Readonly<Record<string, string>>,
): ServiceErrorResponse {
  const status = statusForErrorCode(error.code);
  const body = errorBody(error);
  return headers === undefined ? { status, body } : { status, body, headers };
}

/** A step's result: a value to go on with, or the response that ends the request. */
export type Step<Value> =
  | { readonly ok: true; readonly value: Value }
  | { readonly ok: false; readonly response: ServiceResponse };

/** Continues with a value. */
export function proceed<Value>(value: Value): Step<Value> {
  return { ok: true, value };
}

/** Ends the request with an error. */
export function halt<Value = never>(error: ApiError): Step<Value> {
  return { ok: false, response: errorResponse(error) };
}
