import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  apiError,
  ERROR_CODE_TABLE,
  ERROR_CODES,
  errorBody,
  insufficientCreditsError,
  isErrorCode,
  statusForErrorCode,
  validationError,
} from "../../src/errors/index.js";

describe("error code table", () => {
  it("lists the ten codes of spec 7.2, generation_failed and the revision extensions, each with one row", () => {
    expect(ERROR_CODES).toHaveLength(14);
    expect(ERROR_CODES.slice(11)).toEqual([
      "revision_conflict",
      "nothing_to_undo",
      "nothing_to_redo",
    ]);
    expect(Object.keys(ERROR_CODE_TABLE).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each([
    ["bad_request", 400],
    ["unauthorized", 401],
    ["invalid_api_key", 401],
    ["payment_required", 402],
    ["insufficient_credits", 402],
    ["forbidden", 403],
    ["not_found", 404],
    ["idempotency_conflict", 409],
    ["rate_limited", 429],
    ["server_error", 500],
    ["revision_conflict", 409],
    ["nothing_to_undo", 409],
    ["nothing_to_redo", 409],
  ] as const)("maps %s to HTTP %i", (code, status) => {
    expect(statusForErrorCode(code)).toBe(status);
  });

  it("marks exactly the 429 and 5xx codes retryable (spec 7.3.1)", () => {
    for (const code of ERROR_CODES) {
      const { status, retryable } = ERROR_CODE_TABLE[code];
      if (code === "generation_failed") continue;
      expect(retryable, code).toBe(status === 429 || status >= 500);
    }
  });

  it("recognises codes and nothing else", () => {
    expect(isErrorCode("not_found")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("__proto__")).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});

describe("error builders", () => {
  it("builds the structured body of spec 7.1 without an empty context", () => {
    expect(errorBody(apiError("not_found", "No such video."))).toEqual({
      error: { code: "not_found", message: "No such video.", retryable: false },
    });
  });

  it("lets a stored failure override the default retryable", () => {
    expect(apiError("server_error", "Provider outage.", { retryable: false }).retryable).toBe(
      false,
    );
  });

  it("carries credits_required and credits_available on insufficient_credits", () => {
    const error = insufficientCreditsError({ credits_required: 60, credits_available: 10 });
    expect(error).toMatchObject({
      code: "insufficient_credits",
      retryable: false,
      context: { credits_required: 60, credits_available: 10 },
    });
    expect(error.message).toContain("60");
  });

  it("lists every offending field of a failed parse with its path", () => {
    const schema = z.strictObject({
      title: z.string().max(3),
      operations: z.array(z.strictObject({ at_seconds: z.number().min(0) })),
    });
    const result = schema.safeParse({
      title: "long",
      operations: [{ at_seconds: 1 }, { at_seconds: -1 }],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const error = validationError(result.error, "body");
    expect(error.code).toBe("bad_request");
    expect(error.message).toMatch(/^Invalid request body: title: .* \(and 1 more\)$/);
    expect(error.context).toEqual({
      location: "body",
      fields: [
        { path: "title", message: expect.any(String), issue: "too_big" },
        { path: "operations.1.at_seconds", message: expect.any(String), issue: "too_small" },
      ],
    });
  });
});
