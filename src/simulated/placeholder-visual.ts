/**
 * The placeholder picture of one scene or slide: a flat background whose colour derives
 * from the visual's prompt and number, and a light card showing its number ("3 OF 5") and
 * the first words it illustrates, in capitals of a built-in bitmap font. Every scene looks
 * different and says which it is, so whoever watches a simulated video (or a test reading
 * its frames) knows which scene is on screen; nothing pretends a model drew it.
 *
 * @module
 */
import { GLYPH_ADVANCE, GLYPH_HEIGHT, glyphRows, textWidth } from "./bitmap-font.js";
import { encodePalettePng } from "./png-encoder.js";

/** What a placeholder visual shows. */
export interface PlaceholderVisual {
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
  /** Its number in its sequence, from 1. */
  readonly number: number;
  /** How many visuals the sequence has. */
  readonly count: number;
  /** The words it illustrates; the first few are shown. */
  readonly text: string;
  /** What its colours derive from besides its number, such as its prompt. */
  readonly seed: string;
  /** What the card's headline says instead of "3 OF 5", such as "VIDEO AD 8S". */
  readonly label?: string;
}

/** An RGB colour, each part 0 to 255. */
export type RgbColour = readonly [number, number, number];

/** The colours of a placeholder visual. */
export interface PlaceholderPalette {
  /** The flat background around the card. */
  readonly background: RgbColour;
  /** The card. */
  readonly card: RgbColour;
  /** The letters. */
  readonly ink: RgbColour;
  /** The bar under the number. */
  readonly accent: RgbColour;
}

/** Most lines of words a card shows. */
export const PLACEHOLDER_TEXT_LINES_MAX = 3;

// Palette indices, in the order of the palette the PNG is written with; 0, the
// background, is what a new canvas holds.
const CARD = 1;
const INK = 2;
const ACCENT = 3;
// The golden angle spreads consecutive numbers' hues as far apart as can be.
const GOLDEN_ANGLE_DEGREES = 137.508;

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const character of text) {
    hash = Math.imul(hash ^ (character.codePointAt(0) ?? 0), 16777619) >>> 0;
  }
  return hash;
}

function hsl(hue: number, saturation: number, lightness: number): RgbColour {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const sector = (((hue % 360) + 360) % 360) / 60;
  const second = chroma * (1 - Math.abs((sector % 2) - 1));
  const [red, green, blue] =
    sector < 1
      ? [chroma, second, 0]
      : sector < 2
        ? [second, chroma, 0]
        : sector < 3
          ? [0, chroma, second]
          : sector < 4
            ? [0, second, chroma]
            : sector < 5
              ? [second, 0, chroma]
              : [chroma, 0, second];
  const match = lightness - chroma / 2;
  return [red, green, blue].map((part) => Math.round((part + match) * 255)) as unknown as RgbColour;
}

/**
 * The colours of the placeholder numbered `number` with `seed`: its hue turns by the
 * golden angle from one number to the next, so neighbouring scenes differ most.
 *
 * @example
 * ```ts
 * placeholderPalette("A sunny desk", 1).background; // the same three numbers on every host
 * ```
 */
export function placeholderPalette(seed: string, number: number): PlaceholderPalette {
  const hue = (hashOf(seed) % 360) + number * GOLDEN_ANGLE_DEGREES;
  return {
    background: hsl(hue, 0.55, 0.36),
    card: hsl(hue, 0.45, 0.9),
    ink: hsl(hue, 0.6, 0.16),
    accent: hsl(hue + 180, 0.7, 0.5),
  };
}

/** A canvas of palette indices. */
interface Canvas {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

function fill(
  canvas: Canvas,
  box: { left: number; top: number; width: number; height: number },
  colour: number,
): void {
  const left = Math.max(0, Math.round(box.left));
  const right = Math.min(canvas.width, Math.round(box.left + box.width));
  const top = Math.max(0, Math.round(box.top));
  const bottom = Math.min(canvas.height, Math.round(box.top + box.height));
  for (let y = top; y < bottom; y += 1) {
    canvas.pixels.fill(colour, y * canvas.width + left, y * canvas.width + right);
  }
}

function drawText(
  canvas: Canvas,
  text: string,
  place: { left: number; top: number; scale: number },
): void {
  let x = place.left;
  for (const character of text) {
    for (const [row, line] of glyphRows(character).entries()) {
      for (let column = 0; column < line.length; column += 1) {
        if (line[column] !== "#") continue;
        fill(
          canvas,
          {
            left: x + column * place.scale,
            top: place.top + row * place.scale,
            width: place.scale,
            height: place.scale,
          },
          INK,
        );
      }
    }
    x += GLYPH_ADVANCE * place.scale;
  }
}

// The first words of `text`, in lines of at most `perLine` characters, at most the limit.
function placeholderLines(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/u).filter((part) => part !== "")) {
    const fitted = [...word].slice(0, perLine).join("");
    const longer = line === "" ? fitted : `${line} ${fitted}`;
    if ([...longer].length <= perLine) {
      line = longer;
      continue;
    }
    lines.push(line);
    if (lines.length === PLACEHOLDER_TEXT_LINES_MAX) return lines;
    line = fitted;
  }
  if (line !== "" && lines.length < PLACEHOLDER_TEXT_LINES_MAX) lines.push(line);
  return lines;
}

/** A placeholder visual drawn: one palette index per pixel, row by row, and the palette. */
export interface PlaceholderPicture {
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
  /** The colours, background first; each pixel indexes them. */
  readonly palette: readonly RgbColour[];
  /** `width × height` palette indices. */
  readonly pixels: Uint8Array;
}

/**
 * Draws a placeholder visual, for a PNG or for the frames of a placeholder clip.
 *
 * @example
 * ```ts
 * const picture = drawPlaceholderVisual({ width: 144, height: 256, number: 1, count: 1, text: "A sunny desk", seed: "A sunny desk" });
 * picture.palette[picture.pixels[0] ?? 0]; // the background colour
 * ```
 */
export function drawPlaceholderVisual(visual: PlaceholderVisual): PlaceholderPicture {
  const { width, height } = visual;
  const canvas: Canvas = { width, height, pixels: new Uint8Array(width * height) };
  const short = Math.min(width, height);
  const label = visual.label ?? `${visual.number} OF ${visual.count}`;
  const cardWidth = width * 0.84;
  const big = Math.max(
    1,
    Math.floor(Math.min((cardWidth * 0.8) / textWidth(label), (short * 0.11) / GLYPH_HEIGHT)),
  );
  const small = Math.max(1, Math.floor(big / 2.2));
  const lines = placeholderLines(
    visual.text,
    Math.floor((cardWidth * 0.9) / (GLYPH_ADVANCE * small)),
  );
  const padding = big * 3;
  const lineHeight = (GLYPH_HEIGHT + 3) * small;
  const cardHeight = padding * 2 + GLYPH_HEIGHT * big + big * 3 + lines.length * lineHeight;
  const card = {
    left: (width - cardWidth) / 2,
    top: height * 0.22,
    width: cardWidth,
    height: cardHeight,
  };
  fill(canvas, card, CARD);
  const labelLeft = card.left + (cardWidth - textWidth(label) * big) / 2;
  drawText(canvas, label, { left: labelLeft, top: card.top + padding, scale: big });
  const barTop = card.top + padding + GLYPH_HEIGHT * big + big;
  fill(
    canvas,
    { left: labelLeft, top: barTop, width: textWidth(label) * big, height: big },
    ACCENT,
  );
  for (const [index, line] of lines.entries()) {
    const left = card.left + (cardWidth - textWidth(line) * small) / 2;
    drawText(canvas, line, { left, top: barTop + big * 2 + index * lineHeight, scale: small });
  }
  const colours = placeholderPalette(visual.seed, visual.number);
  return {
    width,
    height,
    palette: [colours.background, colours.card, colours.ink, colours.accent],
    pixels: canvas.pixels,
  };
}

/**
 * The PNG bytes of a placeholder visual.
 *
 * @example
 * ```ts
 * const png = placeholderVisualPng({ width: 1080, height: 1920, number: 3, count: 5, text: "Octopuses have three hearts.", seed: "octopus" });
 * ```
 */
export function placeholderVisualPng(visual: PlaceholderVisual): Uint8Array {
  return encodePalettePng(drawPlaceholderVisual(visual));
}
