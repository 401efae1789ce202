/**
 * JSON parsing for untrusted request bodies: malformed text, hostile keys and absurd
 * nesting are refused as values, never thrown, so a bad body cannot crash the host.
 *
 * @module
 */
import { type Err, err, type Ok, ok, type Result } from "../result.js";
import { findUnacceptableValue, HOSTILE_KEYS } from "../schemas/request-values.js";

/** Deepest nesting of arrays and objects accepted in a request body. */
export const JSON_MAX_DEPTH = 64;

/**
 * Keys refused anywhere in a request body (`__proto__`): those of the request-value policy
 * every door shares, refused here at parse time, before anything copies them.
 */
export const HOSTILE_JSON_KEYS: ReadonlySet<string> = HOSTILE_KEYS;

/** Why a body is not acceptable JSON; `reason` doubles as the error's `context.reason`. */
export interface JsonRejection {
  /** `malformed_json`, `too_deep` or `hostile_key`. */
  readonly reason: "malformed_json" | "too_deep" | "hostile_key";
  /** A sentence for the client saying what is wrong. */
  readonly message: string;
  /** The refused key, for `hostile_key`. */
  readonly key?: string;
}

/** Result of {@link parseUntrustedJson}: the parsed value, or why it was refused. */
export type JsonParseResult = Result<unknown, JsonRejection>;

/** A body that parsed and passed the checks: its parsed value. */
export type JsonAccepted = Ok<unknown>;

/** A body that was refused, and why. */
export type JsonRefused = Err<JsonRejection>;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function tooDeep(maxDepth: number): JsonRefused {
  const message = `The JSON body nests deeper than ${maxDepth} levels.`;
  return err({ reason: "too_deep", message });
}

function malformed(message: string): JsonRefused {
  return err({ reason: "malformed_json", message });
}

/**
 * Measures nesting on the raw text, outside strings. This runs before `JSON.parse`
 * because a parser or a later walk over the value may recurse, and a body of a million
 * brackets must be refused in one linear pass that uses no stack.
 */
function scanNesting(text: string, maxDepth: number): JsonRefused | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return tooDeep(maxDepth);
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      // A closer without its opener can never be valid JSON; stopping here also keeps
      // a run of closers from buying headroom for deeper nesting later in the text.
      if (depth < 0) return malformed("The body is not valid JSON: unbalanced brackets.");
    }
  }
  return undefined;
}

// The recursion-free walk of the shared policy; text is the service's to judge, since
// every door must give the same answer to it.
function findHostileKey(value: unknown): JsonRejection | undefined {
  const problem = findUnacceptableValue(value, { text: false });
  if (problem?.reason !== "hostile_key") return undefined;
  const message = `The key "${problem.key}" is not allowed in a request body.`;
  return { reason: "hostile_key", message, key: problem.key };
}

/**
 * Parses untrusted JSON text and checks it for hostile keys and excessive nesting.
 * Never throws: every refusal comes back as a value.
 *
 * @param text - The body, already decoded from UTF-8.
 * @param maxDepth - Deepest nesting of arrays and objects accepted; the root counts as 1.
 *
 * @example
 * ```ts
 * parseUntrustedJson('{"title":"Launch"}'); // { ok: true, value: { title: "Launch" } }
 * parseUntrustedJson('{"__proto__":{}}').ok; // false
 * parseUntrustedJson("[".repeat(1_000_000)); // { ok: false, error: { reason: "too_deep", ... } }
 * ```
 */
export function parseUntrustedJson(text: string, maxDepth = JSON_MAX_DEPTH): JsonParseResult {
  const nestingProblem = scanNesting(text, maxDepth);
  if (nestingProblem !== undefined) return nestingProblem;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return malformed(`The body is not valid JSON: ${detail}`);
  }
  const problem = findHostileKey(value);
  return problem === undefined ? ok(value) : err(problem);
}
