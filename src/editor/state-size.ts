/**
 * The size of an editor state as JSON, so that a service can bound how large a project
 * grows. The answer is exact (the UTF-8 length of `JSON.stringify(state)`) and cheap:
 * states are immutable and share every untouched item, track and asset with the state
 * they came from, so each record is serialized once and its length kept by identity; an
 * edit then pays for the records it changed and a pass of lookups over the rest.
 *
 * @module
 */
import type { EditorState } from "./state.js";

// Lengths of records already measured, by identity: a record never changes once in a state.
const bytesByRecord = new WeakMap<object, number>();
// Lengths of `items`, `assets` and `tracks` as a whole, for a batch that left one untouched.
const bytesByCollection = new WeakMap<object, number>();

/**
 * UTF-8 length of JSON text. JSON.stringify escapes lone surrogates, so every surrogate
 * in its output is half of a pair, four bytes for the pair.
 */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

function jsonLength(value: unknown): number {
  return utf8Length(JSON.stringify(value));
}

function valueLength(value: unknown): number {
  if (typeof value !== "object" || value === null) return jsonLength(value);
  let bytes = bytesByRecord.get(value);
  if (bytes === undefined) {
    bytes = jsonLength(value);
    bytesByRecord.set(value, bytes);
  }
  return bytes;
}

// JSON leaves out members it cannot write; so does the count.
function isWritten(value: unknown): boolean {
  return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
}

// `{"a":…,"b":…}`: braces, each key with its colon, each value, and the commas between.
function objectLength(
  entries: Iterable<[string, unknown]>,
  lengthOf: (value: unknown) => number,
): number {
  let bytes = 2;
  let count = 0;
  for (const [key, value] of entries) {
    if (!isWritten(value)) continue;
    bytes += jsonLength(key) + 1 + lengthOf(value);
    count += 1;
  }
  return bytes + Math.max(0, count - 1);
}

// `[…,…]`: brackets, each element (null for what JSON cannot write), and the commas.
function arrayLength(array: readonly unknown[]): number {
  let bytes = 2;
  for (const element of array) bytes += isWritten(element) ? valueLength(element) : 4;
  return bytes + Math.max(0, array.length - 1);
}

function collectionLength(collection: object): number {
  let bytes = bytesByCollection.get(collection);
  if (bytes === undefined) {
    bytes = Array.isArray(collection)
      ? arrayLength(collection)
      : objectLength(Object.entries(collection), valueLength);
    bytesByCollection.set(collection, bytes);
  }
  return bytes;
}

/**
 * The number of bytes of `JSON.stringify(state)` in UTF-8: what the state weighs in a
 * project record, in a store and on the wire. Each item, asset and track is measured once
 * for as long as it is held, so measuring the state after a small edit of a large project
 * costs little.
 *
 * @example
 * ```ts
 * const state = createEditorState({ fps: 30 });
 * serializedStateBytes(state) === new TextEncoder().encode(JSON.stringify(state)).length; // true
 * ```
 */
export function serializedStateBytes(state: EditorState): number {
  return objectLength(Object.entries(state), (value) =>
    typeof value === "object" && value !== null ? collectionLength(value) : jsonLength(value),
  );
}
