import { describe, expect, it } from "vitest";
import { resolveIdempotencyKey } from "../../src/idempotency/index.js";
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
} from "../../src/schemas/limits.js";

const longest = "k".repeat(IDEMPOTENCY_KEY_MAX_LENGTH);
const tooLong = "k".repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1);

describe("resolveIdempotencyKey", () => {
  it("prefers the header over the body field", () => {
    expect(resolveIdempotencyKey({ header: "from-header", bodyKey: "from-body" })).toEqual({
      ok: true,
      value: "from-header",
    });
  });

  it("falls back to the body field when the header is absent", () => {
    expect(resolveIdempotencyKey({ header: null, bodyKey: "from-body" })).toEqual({
      ok: true,
      value: "from-body",
    });
    expect(resolveIdempotencyKey({ header: undefined, bodyKey: "from-body" })).toEqual({
      ok: true,
      value: "from-body",
    });
  });

  it("reports no key when neither carries one", () => {
    expect(resolveIdempotencyKey({ header: null, bodyKey: undefined })).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it("accepts keys of the longest length and rejects longer ones, header or body", () => {
    expect(resolveIdempotencyKey({ header: longest, bodyKey: undefined })).toEqual({
      ok: true,
      value: longest,
    });
    expect(resolveIdempotencyKey({ header: tooLong, bodyKey: "fine" })).toMatchObject({
      ok: false,
      error: {
        code: "bad_request",
        context: { location: "header", fields: [{ path: "Idempotency-Key", issue: "too_big" }] },
      },
    });
    expect(resolveIdempotencyKey({ header: null, bodyKey: tooLong })).toMatchObject({
      ok: false,
      error: {
        code: "bad_request",
        context: { location: "body", fields: [{ path: "idempotency_key", issue: "too_big" }] },
      },
    });
  });

  it("rejects an empty key where the endpoint sets a minimum length", () => {
    const strict = { minLength: IDEMPOTENCY_KEY_MIN_LENGTH };
    expect(resolveIdempotencyKey({ header: "", bodyKey: "fine", ...strict })).toMatchObject({
      ok: false,
      error: { context: { location: "header", fields: [{ issue: "too_small" }] } },
    });
    expect(resolveIdempotencyKey({ header: null, bodyKey: "", ...strict })).toMatchObject({
      ok: false,
      error: { context: { location: "body", fields: [{ issue: "too_small" }] } },
    });
    expect(resolveIdempotencyKey({ header: "k", bodyKey: undefined, ...strict })).toEqual({
      ok: true,
      value: "k",
    });
  });

  it("treats an empty key as none where empty keys are allowed", () => {
    expect(resolveIdempotencyKey({ header: "", bodyKey: "from-body" })).toEqual({
      ok: true,
      value: "from-body",
    });
    expect(resolveIdempotencyKey({ header: "", bodyKey: "" })).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it("rejects a body key that is not a string", () => {
    expect(resolveIdempotencyKey({ header: null, bodyKey: 42 })).toMatchObject({
      ok: false,
      error: { code: "bad_request", context: { fields: [{ issue: "invalid_type" }] } },
    });
  });
});
