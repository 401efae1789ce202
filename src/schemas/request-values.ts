/**
 * What a request may carry, whichever door it came through (REST, MCP, an embedder's own
 * adapter): no object key that can reach a prototype, and no text that a store cannot
 * keep. One walk decides both, so every door and every store give the same answer.
 *
 * @module
 */

/**
 * Keys refused anywhere in a request. `__proto__` survives `JSON.parse` as an own
 * property, and code that later copies it with `Object.assign`, a naive merge or a
 * schema library's own copy would replace an object's prototype or drop the key
 * silently; no field of the API uses it, so it is refused outright.
 */
export const HOSTILE_KEYS: ReadonlySet<string> = new Set(["__proto__"]);

// U+0000, and UTF-16 code units that pair with nothing (lone surrogates). Neither can be
// encoded as UTF-8, and PostgreSQL's text and jsonb refuse them (SQLSTATE 22P05, 22P02),
// while a JavaScript store would keep them: text holding one is refused at the boundary.
const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when every store can keep `text` as it is: no U+0000 and no unpaired surrogate.
 *
 * @example
 * ```ts
 * isStorableText("Launch 🚀"); // true
 * isStorableText("a\u0000b"); // false
 * isStorableText("\ud800"); // false
 * ```
 */
export function isStorableText(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/** Where in a value something was found: object keys and array indexes, from the root. */
export type ValuePath = readonly (string | number)[];

/** Something a request may not carry, and where. */
export type UnacceptableValue =
  | {
      /** A key of {@link HOSTILE_KEYS}. */
      readonly reason: "hostile_key";
      /** The path of the object holding the key, then the key. */
      readonly path: ValuePath;
      /** The refused key. */
      readonly key: string;
    }
  | {
      /** A string, or an object key, that no store can keep (see {@link isStorableText}). */
      readonly reason: "unstorable_text";
      /** The path of the string, or of the value under the key. */
      readonly path: ValuePath;
    };

/** Which checks {@link findUnacceptableValue} runs. */
export interface ValueChecks {
  /** Check text as well as keys; true by default. */
  readonly text?: boolean;
}

// A value to look at and how it was reached; the path is built only for a problem, so
// the walk stays linear however deep the value nests.
interface Visit {
  readonly value: unknown;
  readonly parent: Visit | undefined;
  readonly segment: string | number | undefined;
}

function pathOf(visit: Visit, ...more: readonly (string | number)[]): ValuePath {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.segment !== undefined; at = at.parent) {
    path.push(at.segment);
  }
  return [...path.reverse(), ...more];
}

function keyProblem(key: string, visit: Visit, checkText: boolean): UnacceptableValue | undefined {
  if (HOSTILE_KEYS.has(key)) return { reason: "hostile_key", path: pathOf(visit, key), key };
  if (checkText && !isStorableText(key)) {
    return { reason: "unstorable_text", path: pathOf(visit, key) };
  }
  return undefined;
}

/**
 * The first hostile key or unstorable text in a value, in document order, or undefined
 * when there is none. Strings, arrays and objects are walked without recursion, so no
 * nesting can exhaust the stack; byte arrays (file contents) are not text and are skipped.
 *
 * @example
 * ```ts
 * findUnacceptableValue({ operations: [{ type: "add_text", text: "a\u0000" }] });
 * // { reason: "unstorable_text", path: ["operations", 0, "text"] }
 * findUnacceptableValue(JSON.parse('{"a":{"__proto__":{}}}'));
 * // { reason: "hostile_key", path: ["a", "__proto__"], key: "__proto__" }
 * ```
 */
export function findUnacceptableValue(
  value: unknown,
  checks: ValueChecks = {},
): UnacceptableValue | undefined {
  const checkText = checks.text !== false;
  const stack: Visit[] = [{ value, parent: undefined, segment: undefined }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === "string") {
      if (checkText && !isStorableText(current)) {
        return { reason: "unstorable_text", path: pathOf(visit) };
      }
      continue;
    }
    if (typeof current !== "object" || current === null || ArrayBuffer.isView(current)) continue;
    const children: Visit[] = [];
    if (Array.isArray(current)) {
      for (const [index, child] of current.entries()) {
        children.push({ value: child, parent: visit, segment: index });
      }
    } else {
      for (const [key, child] of Object.entries(current)) {
        const problem = keyProblem(key, visit, checkText);
        if (problem !== undefined) return problem;
        children.push({ value: child, parent: visit, segment: key });
      }
    }
    // Pushed last first, so the walk reads the value in document order.
    for (let index = children.length - 1; index >= 0; index -= 1) {
      stack.push(children[index] as Visit);
    }
  }
  return undefined;
}
