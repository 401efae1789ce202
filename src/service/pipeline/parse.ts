/**
 * Parsing at the boundary: path parameters, query and body are checked with their zod
 * schemas before anything else runs; a failure lists every bad field (spec 7).
 *
 * @module
 */
import type { z } from "zod";
import { validationError } from "../../errors/validation.js";
import { halt, proceed, type Step } from "./responses.js";

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
