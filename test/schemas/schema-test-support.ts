/**
 * Small helpers shared by the resource and request schema suites: the dotted paths of a
 * failed parse, and a copy of an example with one nested field replaced.
 *
 * @module
 */
import type { z } from "zod";

/** A path into an example: object keys and array indexes. */
export type FieldPath = readonly (string | number)[];

/** Dotted form of a path, as `validationError` reports it: `images.0.data`. */
export function dotted(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join(".");
}

/** The dotted paths of every issue of a parse; empty when the value is accepted. */
export function issuePaths(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => dotted(issue.path));
}

/** A deep copy of `base` with the field at `path` set to `value` (or removed for undefined). */
export function withField(base: unknown, path: FieldPath, value: unknown): unknown {
  const copy: unknown = structuredClone(base);
  let cursor = copy as Record<string | number, unknown>;
  for (const segment of path.slice(0, -1)) {
    cursor = cursor[segment] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (last === undefined) return value;
  if (value === undefined) delete cursor[last];
  else cursor[last] = value;
  return copy;
}

/** A string of `length` characters. */
export function text(length: number): string {
  return "a".repeat(length);
}

/** `count` distinct https URLs. */
export function urls(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `https://cdn.example.com/${index}.jpg`);
}

/** `count` distinct UUIDs. */
export function uuids(count: number): string[] {
  return Array.from(
    { length: count },
    (_, index) => `00000000-0000-4000-8000-${index.toString(16).padStart(12, "0")}`,
  );
}
