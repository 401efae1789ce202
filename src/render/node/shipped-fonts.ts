/**
 * Where the package's `fonts/` folder is on this machine: beside `dist/` in an
 * installed package, at the repository's root when run from `src/`.
 *
 * @module
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// A file every copy of the folder holds.
const MARKER = "inter-latin-400-normal.woff2";
// From `dist/` (or a chunk in it), from `src/render/node/`.
const CANDIDATES = ["../fonts/", "../../../fonts/"] as const;

/**
 * The absolute path of the shipped fonts folder, or null when this copy of the package
 * has none (a bundler that left it behind).
 *
 * @example
 * ```ts
 * shippedFontDirectory(); // "/app/node_modules/reelkit/fonts/"
 * ```
 */
export function shippedFontDirectory(): string | null {
  for (const candidate of CANDIDATES) {
    const directory = new URL(candidate, import.meta.url);
    if (existsSync(new URL(MARKER, directory))) return fileURLToPath(directory);
  }
  return null;
}
