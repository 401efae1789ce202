/**
 * The font families a batch may name, when the caller knows them (the renderer's list,
 * passed through `ApplyOptions.fontFamilies`): a style naming another is refused rather
 * than drawn in a font picked by whoever renders it.
 *
 * @module
 */

import { ok, type Result } from "../result.js";
import type { EditOperation } from "../schemas/edit-operations.js";
import { type EditFailure, editFailure } from "./errors.js";

// The `font_family` an operation's style names, if any.
function fontFamilyOf(operation: EditOperation): string | undefined {
  if (!("style" in operation) || operation.style === undefined || operation.style === null) {
    return undefined;
  }
  const style = operation.style as { readonly font_family?: unknown };
  return typeof style.font_family === "string" ? style.font_family : undefined;
}

/**
 * Fails when `operation` names a font family not in `families` (compared without case);
 * succeeds when it names none, names a known one, or `families` is undefined.
 *
 * @example
 * ```ts
 * checkFontFamily({ type: "add_text", text: "Hi", style: { font_family: "Comic" } }, ["Inter"]);
 * // { ok: false, error: { code: "unknown_font_family", message: "... Available: Inter." } }
 * ```
 */
export function checkFontFamily(
  operation: EditOperation,
  families: readonly string[] | undefined,
): Result<void, EditFailure> {
  const family = fontFamilyOf(operation);
  if (family === undefined || families === undefined) return ok(undefined);
  const wanted = family.trim().toLowerCase();
  if (families.some((known) => known.toLowerCase() === wanted)) return ok(undefined);
  return editFailure(
    "unknown_font_family",
    `Font family "${family}" is not available. Available: ${families.join(", ")}.`,
  );
}
