import { describe, expect, it } from "vitest";
import { HOSTILE_JSON_KEYS, JSON_MAX_DEPTH, parseUntrustedJson } from "../../src/http/index.js";

describe("parseUntrustedJson", () => {
  it("parses ordinary JSON, scalars included", () => {
    expect(parseUntrustedJson('{"title":"Launch","fps":30}')).toEqual({
      ok: true,
      value: { title: "Launch", fps: 30 },
    });
    expect(parseUntrustedJson("null")).toEqual({ ok: true, value: null });
    expect(parseUntrustedJson('"[[["')).toEqual({ ok: true, value: "[[[" });
  });

  it("counts the root as depth 1", () => {
    expect(parseUntrustedJson("[[1]]", 2).ok).toBe(true);
    expect(parseUntrustedJson("[[1]]", 1)).toEqual({
      ok: false,
      error: { reason: "too_deep", message: "The JSON body nests deeper than 1 levels." },
    });
    expect(JSON_MAX_DEPTH).toBe(64);
  });

  it("refuses a million opening brackets in one linear pass", () => {
    const started = performance.now();
    const result = parseUntrustedJson("[".repeat(1_000_000));
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.error.reason).toBe("too_deep");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses closers that run ahead of openers as malformed", () => {
    const text = `${"]".repeat(100)}${"[".repeat(100)}`;
    const result = parseUntrustedJson(text);
    expect(result.ok ? undefined : result.error.reason).toBe("malformed_json");
  });

  it("skips escaped quotes inside strings when measuring depth", () => {
    const text = `{"a":"\\"${"{".repeat(100)}"}`;
    expect(parseUntrustedJson(text)).toEqual({ ok: true, value: { a: `"${"{".repeat(100)}` } });
  });

  it("names the hostile key", () => {
    expect(HOSTILE_JSON_KEYS.has("__proto__")).toBe(true);
    expect(parseUntrustedJson('[{"a":{"__proto__":1}}]')).toEqual({
      ok: false,
      error: {
        reason: "hostile_key",
        message: 'The key "__proto__" is not allowed in a request body.',
        key: "__proto__",
      },
    });
  });

  it("never throws, whatever the text", () => {
    for (const text of ["", "{", "}", "\u0000", "[1,]", '{"a"}', "1e999999", "\ud800"]) {
      expect(() => parseUntrustedJson(text)).not.toThrow();
    }
  });
});
