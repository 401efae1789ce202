import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/idempotency/index.js";

/** Rebuilds every object of a JSON value with its keys in a shuffled order. */
function shuffleKeys(value: unknown, order: readonly number[]): unknown {
  if (Array.isArray(value)) return value.map((element) => shuffleKeys(element, order));
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value);
  const shuffled = entries
    .map((entry, index) => ({ entry, rank: order[index % Math.max(1, order.length)] ?? 0 }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ entry: [key, member] }) => [key, shuffleKeys(member, order)] as const);
  return Object.fromEntries(shuffled);
}

describe("canonicalJson", () => {
  it("sorts keys, drops whitespace and keeps arrays in order", () => {
    expect(canonicalJson({ b: [3, 1, { z: 1, a: 2 }], a: "x", c: { y: null, x: true } })).toBe(
      '{"a":"x","b":[3,1,{"a":2,"z":1}],"c":{"x":true,"y":null}}',
    );
  });

  it("orders keys by UTF-16 code units, as in the example of RFC 8785 section 3.2.3", () => {
    const value = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    const order = ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"] as const;
    const members = order.map((key) => `${JSON.stringify(key)}:${JSON.stringify(value[key])}`);
    expect(canonicalJson(value)).toBe(`{${members.join(",")}}`);
  });

  it("serializes numbers as ECMAScript does (RFC 8785 section 3.2.2.3)", () => {
    expect(canonicalJson([0, -0, 1e21, 1e-7, 0.000001, 333333333.3333333, -1.5, 2 ** 53])).toBe(
      "[0,0,1e+21,1e-7,0.000001,333333333.3333333,-1.5,9007199254740992]",
    );
  });

  it("escapes strings as JSON.stringify does", () => {
    expect(canonicalJson({ text: 'line\nbreak "quoted" \u0001 \\' })).toBe(
      '{"text":"line\\nbreak \\"quoted\\" \\u0001 \\\\"}',
    );
  });

  it("skips object members whose value is undefined", () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });

  it.each([
    ["a non-finite number", { n: Number.NaN }],
    ["infinity", [Number.POSITIVE_INFINITY]],
    ["undefined in an array", [undefined]],
    ["undefined at the top", undefined],
    ["a bigint", { n: 1n }],
    ["a function", { f: () => 1 }],
    ["a Date", { at: new Date(0) }],
    ["a Map", new Map()],
  ])("rejects %s", (_label, value) => {
    expect(() => canonicalJson(value)).toThrow(TypeError);
  });

  it("rejects cycles but accepts a value shared by two members", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });

  it("round-trips every JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { seed: 20260118, numRuns: 300 },
    );
  });

  it("gives the same text whatever the key order", () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.nat(100), { minLength: 1, maxLength: 8 }),
        (value, order) => {
          expect(canonicalJson(shuffleKeys(value, order))).toBe(canonicalJson(value));
        },
      ),
      { seed: 20260119, numRuns: 300 },
    );
  });

  it("is idempotent: canonicalizing the parsed canonical text changes nothing", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
      { seed: 20260120, numRuns: 300 },
    );
  });
});
