/**
 * CSS colour strings (`#ffffff`, `#000000cc`, `rgba(0,0,0,0.5)`, `hsl(…)`, `white`,
 * `transparent`) as numbers a renderer can draw.
 *
 * @module
 */
import { colord, extend } from "colord";
import namesPlugin from "colord/plugins/names";
import type { RgbaColor } from "./types.js";

let namesLoaded = false;

// The names plugin registers itself on colord; done on first use rather than at import,
// so loading the engine has no side effect.
function loadNames(): void {
  if (namesLoaded) return;
  extend([namesPlugin]);
  namesLoaded = true;
}

/**
 * The colour a CSS colour string names, or undefined when it names none the renderer
 * knows (hex, `rgb()`/`rgba()`, `hsl()`/`hsla()`, the CSS named colours, `transparent`).
 *
 * @example
 * ```ts
 * parseCssColor("#ff000080"); // { red: 255, green: 0, blue: 0, alpha: 0.5 }
 * parseCssColor("bogus"); // undefined
 * ```
 */
export function parseCssColor(value: string): RgbaColor | undefined {
  loadNames();
  const parsed = colord(value.trim());
  if (!parsed.isValid()) return undefined;
  const { r, g, b, a } = parsed.toRgb();
  return { red: r, green: g, blue: b, alpha: a };
}

/** Opaque black, the default background. */
export const BLACK: RgbaColor = { red: 0, green: 0, blue: 0, alpha: 1 };

/** Opaque white, the default colour of text. */
export const WHITE: RgbaColor = { red: 255, green: 255, blue: 255, alpha: 1 };
