/**
 * Colour emoji drawn by libass, which draws every glyph in one colour: each emoji of a
 * colour font (COLRv0, a stack of one-colour outlines) becomes ASS vector drawings, one
 * per colour.
 *
 * The text event keeps an emoji's place with an inline drawing that has no ink, only a
 * control box of the emoji's size (a move to each corner): libass sizes an inline drawing
 * by its control box, so the line is laid out with room for the emoji. Each colour of the
 * emoji is an event of its own over the text: the same line with the same tags, every
 * character and placeholder unseen, and the emoji's outlines of that colour drawn in its
 * place, in a drawing with the same control box. libass lays out every event of a line
 * alike, so the colours stack in place and move, scale and fade with the text.
 *
 * The glyphs come in as data ({@link EmojiGlyphs}), read from the font by the Node side:
 * this module stays pure, and a document without emoji is exactly what it was.
 *
 * @module
 */
import type { RgbaColor } from "../../editor/render-plan/types.js";
import { assAlpha, assColor } from "./ass-format.js";

/** One step of a glyph's outline, as a font gives it (font units, y up). */
export interface OutlineCommand {
  /** What the step draws. */
  readonly command: "moveTo" | "lineTo" | "quadraticCurveTo" | "bezierCurveTo" | "closePath";
  /** Its points, x then y: the control points, then the end point. */
  readonly args: readonly number[];
}

/** The outlines of one colour of an emoji, painted together. */
export interface EmojiColorLayer {
  /** Its colour; null for the text's own colour (a layer the font leaves to the text). */
  readonly color: RgbaColor | null;
  /** Its outlines, in font units. */
  readonly commands: readonly OutlineCommand[];
}

/** An emoji of a colour font: its metrics and its colours, back first. */
export interface EmojiGlyph {
  /** The font's units per em. */
  readonly unitsPerEm: number;
  /** How far the emoji advances the line, in font units. */
  readonly advance: number;
  /** The font's ascent, in font units. */
  readonly ascent: number;
  /** The font's descent, in font units (below the baseline, so usually negative). */
  readonly descent: number;
  /** Its colour layers in paint order, each a run of the font's layers of one colour. */
  readonly layers: readonly EmojiColorLayer[];
}

/**
 * The emoji a colour font draws: the glyph of one grapheme cluster (an emoji with its
 * skin tone, its variation selector, or a ZWJ sequence), or undefined when the font has
 * no single glyph for it (the text font draws it, as libass would).
 */
export type EmojiGlyphs = (cluster: string) => EmojiGlyph | undefined;

/** Drawing units per pixel: drawings are set at `\p3`, quarter pixels, in whole numbers. */
const UNITS_PER_PIXEL = 4;
const DRAWING_SCALE = "\\p3";
// Every character and box of a colour event unseen.
const UNSEEN = "\\1a&HFF&\\3a&HFF&\\4a&HFF&";

/**
 * Whether a grapheme cluster asks for an emoji: it has a character shown as an emoji by
 * default, the emoji variation selector, or a keycap. A character that is text by
 * default ("©", a digit) stays text.
 */
const EMOJI_REQUEST = /\p{Emoji_Presentation}|\uFE0F|\u20E3/u;
const GRAPHEMES = new Intl.Segmenter("en", { granularity: "grapheme" });

/** An emoji as drawn at one size: its control box and the drawing of each colour. */
interface SizedEmoji {
  readonly width: number;
  readonly height: number;
  readonly baselineOffset: number;
  readonly layers: readonly { color: RgbaColor | null; outline: string }[];
}

// How a glyph's point maps to a drawing's: scaled to the size, y flipped, from the top
// of the font's ascent.
interface DrawingScale {
  readonly factor: number;
  readonly ascent: number;
}

function drawingPoint(scale: DrawingScale, x: number, y: number): string {
  const dx = Math.round(x * scale.factor);
  const dy = Math.round((scale.ascent - y) * scale.factor);
  return `${dx === 0 ? 0 : dx} ${dy === 0 ? 0 : dy}`;
}

/**
 * An outline as ASS drawing commands (`m`, `l`, `b`) at `scale`: y flipped, quadratic
 * curves raised to cubic ones (libass's `b`), each command letter written once for a
 * run of its kind. Contours close by themselves at the next move.
 */
export function outlineDrawing(commands: readonly OutlineCommand[], scale: DrawingScale): string {
  const out: string[] = [];
  let letter = "";
  let pen = { x: 0, y: 0 };
  let start = pen;
  const emit = (next: string, points: readonly number[]) => {
    if (next !== letter || next === "m") out.push(next);
    letter = next;
    for (let index = 0; index + 1 < points.length; index += 2)
      out.push(drawingPoint(scale, points[index] ?? 0, points[index + 1] ?? 0));
  };
  for (const { command, args } of commands) {
    const [a = 0, b = 0, c = 0, d = 0] = args;
    if (command === "moveTo") {
      emit("m", [a, b]);
      start = { x: a, y: b };
    } else if (command === "lineTo") emit("l", [a, b]);
    else if (command === "bezierCurveTo") emit("b", args);
    else if (command === "quadraticCurveTo") {
      // The cubic through the same ends, its controls two thirds of the way to the
      // quadratic's control point.
      emit("b", [pen.x + (2 / 3) * (a - pen.x), pen.y + (2 / 3) * (b - pen.y)]);
      out.push(drawingPoint(scale, c + (2 / 3) * (a - c), d + (2 / 3) * (b - d)));
      out.push(drawingPoint(scale, c, d));
    } else {
      pen = start;
      continue;
    }
    pen = { x: args[args.length - 2] ?? pen.x, y: args[args.length - 1] ?? pen.y };
  }
  return out.join(" ");
}

const sizedCache = new WeakMap<EmojiGlyph, Map<number, SizedEmoji>>();

function sizedEmoji(glyph: EmojiGlyph, sizePixels: number): SizedEmoji {
  const cached = sizedCache.get(glyph)?.get(sizePixels);
  if (cached !== undefined) return cached;
  const factor = (UNITS_PER_PIXEL * sizePixels) / glyph.unitsPerEm;
  const scale = { factor, ascent: glyph.ascent };
  const sized: SizedEmoji = {
    width: Math.max(1, Math.round(glyph.advance * factor)),
    height: Math.max(1, Math.round((glyph.ascent - glyph.descent) * factor)),
    baselineOffset: Math.round(-glyph.descent * factor),
    layers: glyph.layers.map((layer) => ({
      color: layer.color,
      outline: outlineDrawing(layer.commands, scale),
    })),
  };
  const bySize = sizedCache.get(glyph) ?? new Map<number, SizedEmoji>();
  bySize.set(sizePixels, sized);
  sizedCache.set(glyph, bySize);
  return sized;
}

// A drawing of the emoji's control box and `outline`: a move to each corner fixes the
// box libass sizes it by, whatever the outline covers.
function boxedDrawing(emoji: SizedEmoji, opening: string, outline: string): string {
  const corners = `m 0 0 m ${emoji.width} ${emoji.height}`;
  const drawing = outline === "" ? corners : `${corners} ${outline}`;
  return `{${opening}\\pbo${emoji.baselineOffset}${DRAWING_SCALE}}${drawing}{\\p0}`;
}

/** How the colour drawings of an event look: their size and their opacity's tags. */
export interface EmojiLook {
  /** The em size of the text, in pixels. */
  readonly sizePixels: number;
  /** The text's colour, for a layer the font leaves to it. */
  readonly textColor: RgbaColor;
  /**
   * The fill alpha tags of a drawing whose own colour has `alpha` (0 to 1): its alpha at
   * the event's start and its change, so the emoji fades with its layer.
   */
  readonly alphaTags: (alpha: number) => string;
}

/** The events drawing a line holding emoji: the text's body, then one per colour. */
export interface EmojiBodies {
  /** The text event's body, each emoji a placeholder without ink. */
  readonly text: string;
  /** The bodies of the colour events, back first: the line unseen, one colour drawn. */
  readonly colors: readonly string[];
}

// A body cut into its text and the emoji the glyphs draw; undefined when it has none.
function emojiRuns(body: string, glyphs: EmojiGlyphs): (string | EmojiGlyph)[] | undefined {
  if (!EMOJI_REQUEST.test(body)) return undefined;
  const runs: (string | EmojiGlyph)[] = [];
  let text = "";
  for (const { segment } of GRAPHEMES.segment(body)) {
    const glyph = EMOJI_REQUEST.test(segment) ? glyphs(segment) : undefined;
    if (glyph === undefined) {
      text += segment;
      continue;
    }
    if (text !== "") runs.push(text);
    runs.push(glyph);
    text = "";
  }
  if (text !== "") runs.push(text);
  return runs.some((run) => typeof run !== "string") ? runs : undefined;
}

/**
 * The bodies drawing `body` (ASS dialogue text of one event) with its emoji in colour, or
 * undefined when it holds no emoji `glyphs` draws (its event is drawn as it is). Colour
 * event `n` draws the `n`th colour layer of every emoji that has one, so the events keep
 * each emoji's paint order; colours of one emoji in a row are one layer already.
 *
 * @example
 * ```ts
 * emojiBodies("I love 🍕", glyphs, { ...look, sizePixels: 48 });
 * // { text: "I love {\\pbo34\\p3}m 0 0 m 192 213{\\p0}", colors: ["{\\1a&HFF&...}I love {\\1c&H0C90F4&...", ...] }
 * ```
 */
export function emojiBodies(
  body: string,
  glyphs: EmojiGlyphs,
  look: EmojiLook,
): EmojiBodies | undefined {
  const runs = emojiRuns(body, glyphs);
  if (runs === undefined) return undefined;
  const sized = runs.map((run) =>
    typeof run === "string" ? run : sizedEmoji(run, look.sizePixels),
  );
  const placeholder = (emoji: SizedEmoji) => boxedDrawing(emoji, "", "");
  const text = sized.map((run) => (typeof run === "string" ? run : placeholder(run))).join("");
  const count = Math.max(...sized.map((run) => (typeof run === "string" ? 0 : run.layers.length)));
  const colors: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const drawn = sized.map((run) => {
      if (typeof run === "string") return run;
      const layer = run.layers[index];
      if (layer === undefined) return placeholder(run);
      const color = layer.color ?? look.textColor;
      const opening = `\\1c${assColor(color)}${look.alphaTags(color.alpha)}`;
      return `${boxedDrawing(run, opening, layer.outline)}{\\1a&HFF&}`;
    });
    colors.push(`{${UNSEEN}}${drawn.join("")}`);
  }
  return { text, colors };
}

/** The alpha tag of an opacity, for {@link EmojiLook.alphaTags}. */
export function fillAlphaTag(opacity: number): string {
  return `\\1a${assAlpha(opacity)}`;
}

/** Bytes of an emoji's inkless placeholder drawing, at most (its box under 25,000 pixels). */
export const EMOJI_PLACEHOLDER_BYTES_MAX = 48;
// Bytes of the tags around one colour's drawing in a colour event, at most, its box's
// corners included: colour, alpha and its change, baseline offset, scale, and the alpha
// unseen again after it.
const COLOR_DRAWING_TAG_BYTES_MAX = 120;
// Bytes a colour event's body adds to the line's: the tags hiding every character.
const UNSEEN_TAG_BYTES = `{${UNSEEN}}`.length;

/** What the emoji of one line add to the events drawing it, at most. */
export interface EmojiBytes {
  /** The emoji the colour font draws. */
  readonly count: number;
  /** Colour events drawn over the text: the most colours one of the emoji has. */
  readonly colorEvents: number;
  /** Bytes of all the emoji's colour drawings and their tags. */
  readonly drawingBytes: number;
}

const NO_EMOJI: EmojiBytes = { count: 0, colorEvents: 0, drawingBytes: 0 };

/**
 * At most what the emoji of `text`, set at `sizePixels`, add to its events when the
 * colour font `glyphs` draws them (nothing without it), counted from the glyphs' own
 * drawings, so the render bounds stay true without building the events.
 */
export function emojiBytesMax(
  text: string,
  { glyphs, sizePixels }: { glyphs: EmojiGlyphs | undefined; sizePixels: number },
): EmojiBytes {
  if (glyphs === undefined || !EMOJI_REQUEST.test(text)) return NO_EMOJI;
  let count = 0;
  let colorEvents = 0;
  let drawingBytes = 0;
  for (const { segment } of GRAPHEMES.segment(text)) {
    const glyph = EMOJI_REQUEST.test(segment) ? glyphs(segment) : undefined;
    if (glyph === undefined) continue;
    const { layers } = sizedEmoji(glyph, sizePixels);
    count += 1;
    colorEvents = Math.max(colorEvents, layers.length);
    for (const layer of layers) drawingBytes += layer.outline.length + COLOR_DRAWING_TAG_BYTES_MAX;
  }
  return { count, colorEvents, drawingBytes };
}

/**
 * At most how many bytes the colour events of one stretch take, besides their event
 * overhead, for a line of `lineBytes` holding emoji that add `emoji`.
 */
export function emojiColorEventsBytes(emoji: EmojiBytes, lineBytes: number): number {
  const line = lineBytes + UNSEEN_TAG_BYTES + emoji.count * EMOJI_PLACEHOLDER_BYTES_MAX;
  return emoji.colorEvents * line + emoji.drawingBytes;
}
