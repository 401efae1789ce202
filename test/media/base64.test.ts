import { describe, expect, it } from "vitest";
import { decodeBase64, encodeBase64Url } from "../../src/media/index.js";

const encoder = new TextEncoder();

describe("decodeBase64", () => {
  it.each([
    ["", ""],
    ["aGk=", "hi"],
    ["aGVs", "hel"],
    ["aGVsbG8=", "hello"],
    ["aGVsbG8hIQ==", "hello!!"],
  ])("decodes %j to %j", (text, expected) => {
    expect(decodeBase64(text, "base64")).toEqual({ ok: true, value: encoder.encode(expected) });
  });

  it("decodes every byte value the way the platform encoder wrote it", () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index);
    const text = Buffer.from(all).toString("base64");
    expect(decodeBase64(text, "base64")).toEqual({ ok: true, value: all });
  });

  it.each([
    ["aGk", "not a multiple of 4"],
    ["aG k", "whitespace"],
    ["aGk=\n", "not a multiple of 4"],
    ["aGk=aGk=", "'=' before the end"],
    ["a===", "'=' before the end"],
    ["aG-_", "'-'"],
    ["aGé=", "U+00E9"],
    ["aGl=", "bits beyond the final byte"],
    ["aGk==", "not a multiple of 4"],
  ])("refuses %j (%s)", (text, problem) => {
    const result = decodeBase64(text, "base64");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(problem);
  });

  it("reads base64url without padding and refuses the standard alphabet's symbols in it", () => {
    expect(decodeBase64("-_8", "base64url")).toEqual({
      ok: true,
      value: new Uint8Array([251, 255]),
    });
    expect(decodeBase64("+/8", "base64url").ok).toBe(false);
    expect(decodeBase64("-_8=", "base64url").ok).toBe(false);
    expect(decodeBase64("abcde", "base64url").ok).toBe(false);
  });
});

describe("encodeBase64Url", () => {
  it("matches the platform's base64url and round-trips through the strict decoder", () => {
    for (let length = 0; length < 40; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 89 + length * 7) & 0xff);
      const text = encodeBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString("base64url"));
      expect(decodeBase64(text, "base64url")).toEqual({ ok: true, value: bytes });
    }
  });
});
