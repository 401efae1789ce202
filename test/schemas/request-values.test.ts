import { describe, expect, it } from "vitest";
import { findUnacceptableValue, isStorableText } from "../../src/schemas/request-values.js";

describe("isStorableText", () => {
  it.each([
    ["plain text", "Launch day", true],
    ["a surrogate pair", "🚀 x", true],
    ["U+0000", "a\u0000", false],
    ["a lone high surrogate", "a\ud800", false],
    ["a lone low surrogate", "\udc00a", false],
    ["two high surrogates", "\ud800\ud800\udc00", false],
  ])("says %s is %s", (_name, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });
});

describe("findUnacceptableValue", () => {
  it("names the first problem in document order, keys included", () => {
    expect(
      findUnacceptableValue({ a: "ok", b: [{ c: "fine" }, { d: "x\u0000" }], e: "\ud800" }),
    ).toEqual({ reason: "unstorable_text", path: ["b", 1, "d"] });
    expect(findUnacceptableValue({ "bad\u0000key": 1 })).toEqual({
      reason: "unstorable_text",
      path: ["bad\u0000key"],
    });
    expect(findUnacceptableValue(JSON.parse('{"a":[{"__proto__":{}}]}'))).toEqual({
      reason: "hostile_key",
      path: ["a", 0, "__proto__"],
      key: "__proto__",
    });
  });

  it("treats constructor and prototype as ordinary keys, and skips file bytes", () => {
    expect(findUnacceptableValue({ constructor: "x", prototype: 1 })).toBeUndefined();
    expect(findUnacceptableValue({ bytes: new Uint8Array([0, 0xd8]) })).toBeUndefined();
  });

  it("checks keys only when asked to leave text alone", () => {
    expect(findUnacceptableValue({ a: "\u0000" }, { text: false })).toBeUndefined();
  });

  it("walks any depth without exhausting the stack", () => {
    let value: unknown = "\u0000";
    for (let depth = 0; depth < 100_000; depth += 1) value = [value];
    expect(findUnacceptableValue(value)?.path).toHaveLength(100_000);
  });
});
