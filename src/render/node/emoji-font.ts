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
export const EMOJI_FONT_FILE = join("emoji", "twemoji.ttf");

// The palette index COLR gives a layer drawn in the text's colour.
const FOREGROUND_PALETTE_INDEX = 0xffff;

// A COLR base glyph: where its colour layers start and how many there are.
interface BaseGlyph {
  readonly firstLayerIndex: number;
  readonly numLayers: number;
}

// The COLR (version 0) and CPAL tables of a font, read where they lie in its bytes when
// asked: decoding every record with fontkit took a quarter of a second for Twemoji's
// 3,720 colour glyphs and 33,332 layers, on the thread that serves requests.
interface ColorTables {
  base(gid: number): BaseGlyph | undefined;
  layer(index: number): { gid: number; paletteIndex: number } | undefined;
  // A colour of the first palette, the default one.
  color(paletteIndex: number): RgbaColor | undefined;
}

// What fontkit keeps of a font's tables: a stream at the start of a table's bytes
// (decompressed, whatever the font's format), or null when the font has none. A WOFF2
// font decompresses its tables the first time one is decoded, before which their
// offsets are unknown.
interface RawTables {
  _getTableStream(tag: string): { readonly buffer: Uint8Array; readonly pos: number } | null;
  _decompress?(): void;
}

function tableView(font: Font, tag: string): DataView | undefined {
  const raw = font as unknown as RawTables;
  raw._decompress?.();
  const stream = raw._getTableStream(tag);
  if (stream === null) return undefined;
  const { buffer } = stream;
  return new DataView(buffer.buffer, buffer.byteOffset + stream.pos);
}

// The base glyph record of `gid`, by binary search: the records are sorted by glyph id.
function baseGlyphOf(colr: DataView, gid: number): BaseGlyph | undefined {
  const count = colr.getUint16(2);
  const offset = colr.getUint32(4);
  let low = 0;
  let high = count - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = offset + middle * 6;
    const found = colr.getUint16(at);
    if (found === gid) {
      return { firstLayerIndex: colr.getUint16(at + 2), numLayers: colr.getUint16(at + 4) };
    }
    if (found < gid) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

function colorTables(font: Font): ColorTables | undefined {
  const colr = tableView(font, "COLR");
  const cpal = tableView(font, "CPAL");
  if (colr === undefined || cpal === undefined || colr.getUint16(0) !== 0) return undefined;
  const layerOffset = colr.getUint32(8);
  const layerCount = colr.getUint16(12);
  const entries = cpal.getUint16(2);
  // The first palette's first colour record, of BGRA bytes.
  const colors = cpal.getUint32(8) + cpal.getUint16(12) * 4;
  return {
    base: (gid) => baseGlyphOf(colr, gid),
    layer: (index) =>
      index < layerCount
        ? {
            gid: colr.getUint16(layerOffset + index * 4),
            paletteIndex: colr.getUint16(layerOffset + index * 4 + 2),
          }
        : undefined,
    color: (paletteIndex) => {
      if (paletteIndex >= entries) return undefined;
      const at = colors + paletteIndex * 4;
      return {
        red: cpal.getUint8(at + 2),
        green: cpal.getUint8(at + 1),
        blue: cpal.getUint8(at),
        alpha: cpal.getUint8(at + 3) / 255,
      };
    },
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
 * const glyphs = emojiGlyphsOf(readFileSync("fonts/emoji/twemoji.ttf"));
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
    const base = glyph === undefined ? undefined : tables.base(glyph.id);
    if (run.glyphs.length !== 1 || base === undefined) return undefined;
    const layers: { color: RgbaColor | null; index: number; commands: OutlineCommand[] }[] = [];
    for (let index = 0; index < base.numLayers; index += 1) {
      const record = tables.layer(base.firstLayerIndex + index);
      if (record === undefined) continue;
      const last = layers[layers.length - 1];
      if (last !== undefined && last.index === record.paletteIndex) {
        last.commands.push(...outline(record.gid));
        continue;
      }
      const color =
        record.paletteIndex === FOREGROUND_PALETTE_INDEX
          ? null
          : (tables.color(record.paletteIndex) ?? null);
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
