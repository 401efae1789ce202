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
} from "../../src/media/index.js";
import { PNG_BYTES } from "./media-samples.js";

describe("fetchRefusalError", () => {
  it("answers bad_request naming the field, the reason and its details", () => {
    const refusal: FetchRefusal = {
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

  it("answers transient failures with a retryable server_error, the rest with bad_request", () => {
    const answer = (refusal: FetchRefusal) => {
      const error = fetchRefusalError(refusal, "url");
      return [error.code, error.retryable];
    };
    const base = { message: "m" };
    const transient = ["server_error", true];
    const permanent = ["bad_request", false];
    expect(
      answer({ ...base, reason: "timeout", phase: "transfer", timeoutMilliseconds: 1 }),
    ).toEqual(transient);
    expect(answer({ ...base, reason: "network_error" })).toEqual(transient);
    expect(answer({ ...base, reason: "http_status", status: 503 })).toEqual(transient);
    expect(answer({ ...base, reason: "http_status", status: 429 })).toEqual(transient);
    expect(answer({ ...base, reason: "dns_failure" })).toEqual(permanent);
    expect(answer({ ...base, reason: "http_status", status: 404 })).toEqual(permanent);
    expect(answer({ ...base, reason: "too_large", maxBytes: 5 })).toEqual(permanent);
    expect(answer({ ...base, reason: "scheme_not_allowed" })).toEqual(permanent);
  });

  it("carries the details of every reason in snake_case", () => {
    expect(FETCH_REFUSAL_REASONS).toHaveLength(11);
    const error = fetchRefusalError({
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
    expect(inlineDataError(decoded.error, "media.data")).toMatchObject({
      code: "bad_request",
      context: { field: "media.data", reason: "too_large", max_bytes: 2 },
    });
    const check = checkDeclaredType("video/mp4", sniffMedia(PNG_BYTES));
    if (check.ok) throw new Error("expected a mismatch");
    expect(declaredTypeError(check.error, "media.content_type")).toEqual({
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
    expect(uploadUrlError({ reason, message: "m" })).toMatchObject({
      code,
      context: { reason },
    });
  });
});
