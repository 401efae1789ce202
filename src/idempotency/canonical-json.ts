/**
 * Canonical JSON in the style of RFC 8785 (JSON Canonicalization Scheme): object members
 * sorted by key in UTF-16 code unit order, no whitespace, numbers and strings serialized
 * as ECMAScript's `JSON.stringify` does. Two bodies that differ only in key order or
 * spacing canonicalize to the same text, so they get the same fingerprint.
 *
 * @module
 */

/**
 * Serializes a JSON value canonically.
 *
 * Object members whose value is `undefined` are skipped, as they are absent on the wire.
 * Anything JSON cannot carry (non-finite numbers, `undefined` outside an object, bigints,
 * functions, symbols, class instances such as `Date` or `Map`, cycles) throws a
 * `TypeError`: request bodies are parsed JSON, so such a value is a bug in the caller.
 *
 * @example
 * ```ts
 * canonicalJson({ b: [1, { d: true, c: null }], a: "x" }); // '{"a":"x","b":[1,{"c":null,"d":true}]}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  return serialize(value, new Set());
}

function serialize(value: unknown, ancestors: Set<object>): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`${value} has no JSON form.`);
      return JSON.stringify(value);
    case "object":
      return serializeContainer(value, ancestors);
    default:
      throw new TypeError(`A ${typeof value} has no JSON form.`);
  }
}

function serializeContainer(value: object, ancestors: Set<object>): string {
  if (ancestors.has(value)) throw new TypeError("A cyclic value has no JSON form.");
  ancestors.add(value);
  const text = Array.isArray(value)
    ? `[${value.map((element) => serialize(element, ancestors)).join(",")}]`
    : serializeObject(value, ancestors);
  ancestors.delete(value);
  return text;
}

function serializeObject(value: object, ancestors: Set<object>): string {
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new TypeError("Only plain objects have a canonical JSON form.");
  }
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  // The default sort compares UTF-16 code units, which is the order RFC 8785 prescribes.
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    members.push(`${JSON.stringify(key)}:${serialize(member, ancestors)}`);
  }
  return `{${members.join(",")}}`;
}
