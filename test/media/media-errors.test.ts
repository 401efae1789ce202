import { describe, expect, it } from "vitest";
import {
  checkDeclaredType,
  declaredTypeError,
  decodeInlineData,
  FETCH_REFUSAL_REASONS,
  type FetchRefusal,
  fetchRefusalError,
  inlineDataError,
  sniffMedia,
  uploadUrlError,
} from "../../src/service/media/index.js";
import { PNG_BYTES } from "./media-samples.js";

describe("fetchRefusalError", () => {
  it("answers bad_request naming the field, the reason and its details", () => {
    const refusal: FetchRefusal = {
      ok: false,
      reason: "blocked_address",
      message: "The URL's host resolves to 10.0.0.1 (private).",
      hostname: "x.example",
      address: "10.0.0.1",
      category: "private",
    };
    expect(fetchRefusalError(refusal)).toEqual({
      code: "bad_request",
      message: "source_url: The URL's host resolves to 10.0.0.1 (private).",
      retryable: false,
      context: {
        field: "source_url",
        reason: "blocked_address",
        address: "10.0.0.1",
        category: "private",
      },
    });
  });

  it("marks only transient failures retryable", () => {
    const retryable = (refusal: FetchRefusal) => fetchRefusalError(refusal, "url").retryable;
    const base = { ok: false as const, message: "m" };
    expect(
      retryable({ ...base, reason: "timeout", phase: "transfer", timeoutMilliseconds: 1 }),
    ).toBe(true);
    expect(retryable({ ...base, reason: "network_error" })).toBe(true);
    expect(retryable({ ...base, reason: "dns_failure" })).toBe(true);
    expect(retryable({ ...base, reason: "http_status", status: 503 })).toBe(true);
    expect(retryable({ ...base, reason: "http_status", status: 429 })).toBe(true);
    expect(retryable({ ...base, reason: "http_status", status: 404 })).toBe(false);
    expect(retryable({ ...base, reason: "too_large", maxBytes: 5 })).toBe(false);
    expect(retryable({ ...base, reason: "scheme_not_allowed" })).toBe(false);
  });

  it("carries the details of every reason in snake_case", () => {
    expect(FETCH_REFUSAL_REASONS).toHaveLength(11);
    const error = fetchRefusalError({
      ok: false,
      reason: "timeout",
      message: "m",
      phase: "response",
      timeoutMilliseconds: 10,
    });
    expect(error.context).toEqual({
      field: "source_url",
      reason: "timeout",
      phase: "response",
      timeout_ms: 10,
    });
  });
});

describe("inlineDataError and declaredTypeError", () => {
  it("name the field and the reason", () => {
    const decoded = decodeInlineData("aGVsbG8=", { maxBytes: 2 });
    if (decoded.ok) throw new Error("expected a refusal");
    expect(inlineDataError(decoded, "media.data")).toMatchObject({
      code: "bad_request",
      context: { field: "media.data", reason: "too_large", max_bytes: 2 },
    });
    const check = checkDeclaredType("video/mp4", sniffMedia(PNG_BYTES));
    if (check.result === "match") throw new Error("expected a mismatch");
    expect(declaredTypeError(check, "media.content_type")).toEqual({
      code: "bad_request",
      message:
        "media.content_type: The file is declared as video/mp4 but its content is image/png.",
      retryable: false,
      context: { field: "media.content_type", reason: "declared_type_differs" },
    });
  });
});

describe("uploadUrlError", () => {
  it.each([
    ["malformed", "forbidden"],
    ["bad_signature", "forbidden"],
    ["expired", "forbidden"],
    ["method_not_allowed", "bad_request"],
    ["content_type_mismatch", "bad_request"],
  ] as const)("maps %s to %s", (reason, code) => {
    expect(uploadUrlError({ ok: false, reason, message: "m" })).toMatchObject({
      code,
      context: { reason },
    });
  });
});
