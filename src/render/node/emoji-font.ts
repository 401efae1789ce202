/**
 * The colour emoji font reelkit ships, Twemoji as a COLRv0 font (`fonts/emoji/`), read
 * with fontkit: its shaping finds the one glyph of an emoji cluster (ZWJ sequences, skin
 * tones, flags, keycaps) through the font's own substitutions, and its tables give each
 * glyph's colour layers and outlines. The file is read and parsed once per process, on
 * the first emoji a render draws; a render without emoji never reads it.
 *
 * It sits in a folder of its own so libass, which loads every font of the shipped
 * folder, never loads it as a text font.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { create, type Font, type PathCommand } from "fontkit";
import type { RgbaColor } from "../../editor/render-plan/types.js";
import type {
  EmojiColorLayer,
  EmojiGlyph,
  EmojiGlyphs,
  OutlineCommand,
} from "../command/ass-emoji.js";

/** The emoji font's file in the shipped fonts folder. */
export const EMOJI_FONT_FILE = join("emoji", "twemoji.woff2");

// The palette index COLR gives a layer drawn in the text's colour.
const FOREGROUND_PALETTE_INDEX = 0xffff;

interface ColorTables {
  readonly bases: ReadonlyMap<number, { firstLayerIndex: number; numLayers: number }>;
  readonly layers: readonly { gid: number; paletteIndex: number }[];
  readonly palette: readonly RgbaColor[];
}

function colorTables(font: Font): ColorTables | undefined {
  const { COLR: colr, CPAL: cpal } = font;
  if (colr === undefined || cpal === undefined) return undefined;
  return {
    bases: new Map(colr.baseGlyphRecord.map((record) => [record.gid, record])),
    layers: colr.layerRecords,
    // The first palette, the default one.
    palette: cpal.colorRecords
      .slice(0, cpal.numPaletteEntries)
      .map(({ red, green, blue, alpha }) => ({ red, green, blue, alpha: alpha / 255 })),
  };
}

// What fontkit keeps of a font's plain glyphs: it offers no public way to a COLR layer's
// outline (its colour glyph wraps the outline it reads through these).
interface PlainGlyphs {
  readonly _glyphs: Readonly<
    Record<number, { readonly path: { readonly commands: readonly PathCommand[] } } | undefined>
  >;
  _getBaseGlyph(gid: number): unknown;
}

// fontkit 2.0.4 builds a WOFF2 font's plain glyph once and, asked for it again, answers
// nothing (its cache is filled but not returned): the glyph is read from the cache after
// it is built, and each outline kept here.
function outlineReader(font: Font): (gid: number) => readonly OutlineCommand[] {
  const plain = font as unknown as PlainGlyphs;
  const outlines = new Map<number, readonly OutlineCommand[]>();
  return (gid) => {
    const known = outlines.get(gid);
    if (known !== undefined) return known;
    plain._getBaseGlyph(gid);
    const commands = plain._glyphs[gid]?.path.commands ?? [];
    const outline = commands.map(({ command, args }) => ({ command, args: [...args] }));
    outlines.set(gid, outline);
    return outline;
  };
}

/**
 * The emoji of a COLRv0 colour font, from its file's bytes (TrueType, OpenType, WOFF or
 * WOFF2): a cluster's glyph when the font shapes it into one colour glyph, its layers of
 * one colour in a row merged. Each cluster is shaped once.
 *
 * @example
 * ```ts
 * const glyphs = emojiGlyphsOf(readFileSync("fonts/emoji/twemoji.woff2"));
 * glyphs("🍕")?.layers.length; // 3
 * ```
 */
export function emojiGlyphsOf(bytes: Uint8Array): EmojiGlyphs {
  const font = create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!("layout" in font)) return () => undefined;
  const tables = colorTables(font);
  if (tables === undefined) return () => undefined;
  const outline = outlineReader(font);
  const known = new Map<string, EmojiGlyph | undefined>();
  const glyphOf = (cluster: string): EmojiGlyph | undefined => {
    const run = font.layout(cluster);
    const [glyph] = run.glyphs;
    const base = glyph === undefined ? undefined : tables.bases.get(glyph.id);
    if (run.glyphs.length !== 1 || base === undefined) return undefined;
    const layers: { color: RgbaColor | null; index: number; commands: OutlineCommand[] }[] = [];
    for (let index = 0; index < base.numLayers; index += 1) {
      const record = tables.layers[base.firstLayerIndex + index];
      if (record === undefined) continue;
      const last = layers[layers.length - 1];
      if (last !== undefined && last.index === record.paletteIndex) {
        last.commands.push(...outline(record.gid));
        continue;
      }
      const color =
        record.paletteIndex === FOREGROUND_PALETTE_INDEX
          ? null
          : (tables.palette[record.paletteIndex] ?? null);
      layers.push({ color, index: record.paletteIndex, commands: [...outline(record.gid)] });
    }
    return {
      unitsPerEm: font.unitsPerEm,
      advance: run.positions[0]?.xAdvance ?? font.unitsPerEm,
      ascent: font.ascent,
      descent: font.descent,
      layers: layers.map(({ color, commands }): EmojiColorLayer => ({ color, commands })),
    };
  };
  return (cluster) => {
    if (!known.has(cluster)) known.set(cluster, glyphOf(cluster));
    return known.get(cluster);
  };
}

const shipped = new Map<string, EmojiGlyphs>();

/**
 * The emoji of the font in the shipped fonts folder `directory`, read on the first
 * cluster asked for and kept for the process; none when the file cannot be read.
 *
 * @example
 * ```ts
 * const glyphs = shippedEmojiGlyphs("/app/node_modules/reelkit/fonts/");
 * ```
 */
export function shippedEmojiGlyphs(directory: string): EmojiGlyphs {
  return (cluster) => {
    let glyphs = shipped.get(directory);
    if (glyphs === undefined) {
      try {
        glyphs = emojiGlyphsOf(readFileSync(join(directory, EMOJI_FONT_FILE)));
      } catch {
        glyphs = () => undefined;
      }
      shipped.set(directory, glyphs);
    }
    return glyphs(cluster);
  };
}
