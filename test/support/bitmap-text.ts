/**
 * Reading back the text of a simulated placeholder picture, which is drawn in the
 * built-in 5 × 7 bitmap font: a reader that knows the font reads it exactly, where a
 * general OCR engine guesses at its blocky digits. Each line of ink is cut into glyph
 * cells on the font's grid (the line is centred on its card), each cell sampled at its
 * font pixels' centres and looked up among the font's glyphs.
 */
import {
  GLYPH_ADVANCE,
  GLYPH_HEIGHT,
  GLYPH_WIDTH,
  glyphRows,
} from "../../src/simulated/bitmap-font.js";
import type { DecodedPng } from "./palette-png.js";

const CHARACTERS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?'\"-:;/&%+#()$@";

const BY_PATTERN = new Map(
  [...CHARACTERS].map((character) => [glyphRows(character).join("/"), character]),
);

interface Band {
  readonly top: number;
  readonly bottom: number;
}

function sameColour(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((part, index) => part === right[index]);
}

// Runs of rows holding ink, those closer than a glyph's blank rows merged into one line.
function inkBands(hasInk: (y: number) => boolean, height: number): Band[] {
  const bands: Band[] = [];
  for (let y = 0; y < height; y += 1) {
    if (!hasInk(y)) continue;
    const last = bands.at(-1);
    const gapLimit = last === undefined ? 0 : (last.bottom - last.top + 1) / GLYPH_HEIGHT;
    if (last !== undefined && y - last.bottom <= gapLimit + 1) {
      bands[bands.length - 1] = { top: last.top, bottom: y };
    } else {
      bands.push({ top: y, bottom: y });
    }
  }
  return bands;
}

/**
 * The lines of text drawn in `ink` inside the box of `card` colour, top to bottom, as the
 * bitmap font spells them (capitals).
 */
export function readBitmapLines(
  png: DecodedPng,
  colours: { readonly ink: readonly number[]; readonly card: readonly number[] },
): string[] {
  const isInk = (x: number, y: number) => sameColour(png.at(x, y), colours.ink);
  let cardLeft = png.width;
  let cardRight = -1;
  for (let x = 0; x < png.width; x += 1) {
    for (let y = 0; y < png.height; y += 8) {
      if (!sameColour(png.at(x, y), colours.card)) continue;
      cardLeft = Math.min(cardLeft, x);
      cardRight = Math.max(cardRight, x);
    }
  }
  const centre = (cardLeft + cardRight + 1) / 2;
  const rowHasInk = (y: number) => {
    for (let x = cardLeft; x <= cardRight; x += 1) if (isInk(x, y)) return true;
    return false;
  };
  return inkBands(rowHasInk, png.height).map(({ top, bottom }) => {
    const scale = (bottom - top + 1) / GLYPH_HEIGHT;
    let left = png.width;
    let right = -1;
    for (let y = top; y <= bottom; y += 1) {
      for (let x = cardLeft; x <= cardRight; x += 1) {
        if (!isInk(x, y)) continue;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
    const count = Math.round((right - left + 1 + scale) / (GLYPH_ADVANCE * scale));
    const start = centre - ((count * GLYPH_ADVANCE - 1) * scale) / 2;
    return Array.from({ length: count }, (_, index) => {
      const rows = Array.from({ length: GLYPH_HEIGHT }, (_, row) =>
        Array.from({ length: GLYPH_WIDTH }, (_, column) => {
          const x = start + (index * GLYPH_ADVANCE + column + 0.5) * scale;
          const y = top + (row + 0.5) * scale;
          return isInk(Math.floor(x), Math.floor(y)) ? "#" : ".";
        }).join(""),
      );
      return BY_PATTERN.get(rows.join("/")) ?? "□";
    }).join("");
  });
}
