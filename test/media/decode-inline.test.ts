import { describe, expect, it } from "vitest";
import { decodeInlineData } from "../../src/media/index.js";
import {
  INLINE_UPLOAD_MAX_BYTES,
  REFERENCE_INLINE_IMAGE_MAX_BYTES,
} from "../../src/schemas/limits.js";
import { PNG_BYTES } from "./media-samples.js";

const pngBase64 = Buffer.from(PNG_BYTES).toString("base64");

describe("decodeInlineData", () => {
  it("decodes plain base64 and reports no declared type", () => {
    expect(decodeInlineData(pngBase64, { maxBytes: INLINE_UPLOAD_MAX_BYTES })).toEqual({
      ok: true,
      value: { bytes: PNG_BYTES, declaredMediaType: undefined },
    });
  });

  it.each([
    ["data:image/png;base64,", "image/png"],
    ["DATA:Image/PNG;BASE64,", "image/png"],
    ["data:image/svg+xml;charset=utf-8;base64,", "image/svg+xml"],
    ["data:;base64,", undefined],
  ])("decodes the data URL %s and returns its declared type", (prefix, declared) => {
    const result = decodeInlineData(`${prefix}${pngBase64}`, { maxBytes: INLINE_UPLOAD_MAX_BYTES });
    expect(result).toEqual({ ok: true, value: { bytes: PNG_BYTES, declaredMediaType: declared } });
  });

  it.each([
    ["", "empty"],
    ["data:image/png;base64,", "empty"],
    ["data:image/png,hello", "not_base64_data_url"],
    ["data:,hello%20world", "not_base64_data_url"],
    ["data:text/plain;charset=utf-8,aGk=", "not_base64_data_url"],
    ["data:image/png;base64", "invalid_data_url"],
    ["data:image png;base64,aGk=", "invalid_data_url"],
    ["data:image/png;charset;base64,aGk=", "invalid_data_url"],
    ["aGk", "invalid_base64"],
    ["aGk=\r\n", "invalid_base64"],
    ["<html><body>", "invalid_base64"],
    ["data:image/png;base64,aGk=%3D", "invalid_base64"],
  ])("refuses %j as %s", (data, reason) => {
    const result = decodeInlineData(data, { maxBytes: INLINE_UPLOAD_MAX_BYTES });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.reason).toBe(reason);
      expect(result.error.message.length).toBeGreaterThan(10);
    }
  });

  it("accepts exactly maxBytes and refuses one byte more", () => {
    const limit = 300;
    const atLimit = Buffer.alloc(limit, 7).toString("base64");
    const overLimit = Buffer.alloc(limit + 1, 7).toString("base64");
    const accepted = decodeInlineData(atLimit, { maxBytes: limit });
    expect(accepted.ok && accepted.value.bytes.length).toBe(limit);
    expect(decodeInlineData(overLimit, { maxBytes: limit })).toEqual({
      ok: false,
      error: {
        reason: "too_large",
        message: "The data decodes to 301 bytes; at most 300 are accepted inline.",
        maxBytes: 300,
        decodedBytes: 301,
      },
    });
  });

  it("refuses by size before looking at the characters, so oversize junk is reported as too large", () => {
    const junk = "!".repeat(Math.ceil(INLINE_UPLOAD_MAX_BYTES / 3) * 4 + 4);
    const result = decodeInlineData(`data:image/png;base64,${junk}`, {
      maxBytes: INLINE_UPLOAD_MAX_BYTES,
    });
    expect(result.ok === false && result.error.reason).toBe("too_large");
    expect(result.ok === false && result.error.decodedBytes).toBe(INLINE_UPLOAD_MAX_BYTES + 3);
  });

  it("takes the limit as a parameter: 10 MiB reference images pass where 3 MiB uploads do not", () => {
    const fourMebibytes = Buffer.alloc(4 * 1024 * 1024, 1).toString("base64");
    expect(decodeInlineData(fourMebibytes, { maxBytes: INLINE_UPLOAD_MAX_BYTES }).ok).toBe(false);
    const reference = decodeInlineData(`data:image/png;base64,${fourMebibytes}`, {
      maxBytes: REFERENCE_INLINE_IMAGE_MAX_BYTES,
    });
    expect(reference.ok && reference.value.bytes.length).toBe(4 * 1024 * 1024);
  });
});
