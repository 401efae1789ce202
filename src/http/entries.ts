/**
 * Name/value lists (query strings, multipart text fields) gathered into a plain object
 * the service can parse, with a repeated name becoming an array in arrival order.
 *
 * @module
 */
import { accepted, type HttpResult, refused } from "./rejections.js";
import { HOSTILE_JSON_KEYS } from "./safe-json.js";

/** Values by name; a name that arrived more than once holds an array. */
export type CollectedEntries = Record<string, string | string[]>;

/**
 * Adds one value under `name`, turning a second value into an array. Only own
 * properties count, so names such as `constructor` or `toString` are ordinary names.
 */
export function addEntry(target: CollectedEntries, name: string, value: string): void {
  const existing = Object.hasOwn(target, name) ? target[name] : undefined;
  if (existing === undefined) target[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else target[name] = [existing, value];
}

/** Refuses a hostile name such as `__proto__`, for the same reason as in JSON bodies. */
export function checkEntryName(name: string, where: string): HttpResult<string> {
  if (!HOSTILE_JSON_KEYS.has(name)) return accepted(name);
  return refused("hostile_key", `The ${where} name "${name}" is not allowed.`, { key: name });
}

/**
 * Collects name/value pairs, refusing hostile names.
 *
 * @example
 * ```ts
 * collectEntries(new URLSearchParams("image_url=a&image_url=b&limit=5"), "query parameter");
 * // { ok: true, value: { image_url: ["a", "b"], limit: "5" } }
 * ```
 */
export function collectEntries(
  entries: Iterable<readonly [string, string]>,
  where: string,
): HttpResult<CollectedEntries> {
  const collected: CollectedEntries = {};
  for (const [name, value] of entries) {
    const checked = checkEntryName(name, where);
    if (!checked.ok) return checked;
    addEntry(collected, name, value);
  }
  return accepted(collected);
}
