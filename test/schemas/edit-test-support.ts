/**
 * Helpers for the edit-operation schema suites: change one field of an example and read
 * back where the schema complained.
 *
 * @module
 */
import { expect } from "vitest";
import { editOperationSchema } from "../../src/schemas/edit-operations.js";

/** A path into an operation, as zod reports it. */
export type FieldPath = ReadonlyArray<string | number>;

/** A deep copy of `base` with the value at `path` replaced, creating objects on the way. */
export function withValue<Value>(base: Value, path: FieldPath, value: unknown): Value {
  const copy: unknown = structuredClone(base);
  let cursor = copy as Record<string | number, unknown>;
  path.forEach((segment, index) => {
    if (index === path.length - 1) {
      cursor[segment] = value;
      return;
    }
    const next = cursor[segment];
    if (typeof next !== "object" || next === null) cursor[segment] = {};
    cursor = cursor[segment] as Record<string | number, unknown>;
  });
  return copy as Value;
}

/** A deep copy of `base` without the field at the top-level key `key`. */
export function without<Value extends object>(base: Value, key: string): Value {
  const copy = structuredClone(base) as Record<string, unknown>;
  delete copy[key];
  return copy as Value;
}

/** The issues `editOperationSchema` reports for `input`; empty when it parses. */
export function operationIssues(
  input: unknown,
): Array<{ path: PropertyKey[]; message: string; code: string }> {
  const result = editOperationSchema.safeParse(input);
  return result.success ? [] : result.error.issues;
}

/** Asserts that `input` parses as an edit operation and comes back unchanged. */
export function expectAccepted(input: unknown): void {
  const result = editOperationSchema.safeParse(input);
  expect(result.error?.issues ?? []).toEqual([]);
  expect(result.data).toEqual(input);
}

/** Asserts that `input` is rejected and that every issue points exactly at `path`. */
export function expectRejectedAt(input: unknown, path: FieldPath): void {
  const issues = operationIssues(input);
  expect(issues.length).toBeGreaterThan(0);
  expect(issues.map((issue) => issue.path)).toEqual(issues.map(() => [...path]));
}
