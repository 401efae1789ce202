/**
 * Colour emoji as ASS drawings: a glyph's outline turned into drawing commands, the
 * shipped Twemoji font read into colour layers (ZWJ sequences and skin tones as one
 * glyph), and the events of a line holding emoji: the text with an inkless placeholder,
 * one event per colour over it with the same tags, and a line without emoji unchanged.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type EditorItem, planRender } from "reelkit/editor";
import {
  commandFileText,
  EMOJI_FONT_FILE,
  type EmojiGlyph,
  type EmojiGlyphs,
  emojiGlyphsOf,
  shippedFontDirectory,
  videoCommand,
} from "reelkit/render";
import { describe, expect, it } from "vitest";
import { assLayerBytesMax, type DrawnLayer } from "../../../src/render/command/ass-document.js";
import { emojiBodies, outlineDrawing } from "../../../src/render/command/ass-emoji.js";
import { captions, stateOf, text } from "../../editor/support/fixtures.js";

const FONT = { family: "DejaVu Sans", sizePerEm: 1.164, directory: null };
const directory = shippedFontDirectory();
if (directory === null) throw new Error("The shipped fonts folder is missing.");
const TWEMOJI: EmojiGlyphs = emojiGlyphsOf(readFileSync(join(directory, EMOJI_FONT_FILE)));
const BLACK = { red: 0, green: 0, blue: 0, alpha: 1 };
const RED = { red: 255, green: 0, blue: 0, alpha: 1 };
const BLUE = { red: 0, green: 0, blue: 255, alpha: 1 };

// A made-up emoji a quarter em square in each colour, on a 100-unit em.
const SQUARES: EmojiGlyph = {
  unitsPerEm: 100,
  advance: 100,
  ascent: 80,
  descent: -20,
  layers: [RED, BLUE].map((color) => ({
    color,
    commands: [
      { command: "moveTo", args: [0, 0] },
      { command: "lineTo", args: [25, 0] },
      { command: "lineTo", args: [25, 25] },
      { command: "closePath", args: [] },
    ],
  })),
};
const squares: EmojiGlyphs = (cluster) => (cluster === "🟥" ? SQUARES : undefined);
const LOOK = { sizePixels: 10, textColor: BLACK, alphaTags: () => "\\1a&H00&" };

describe("a glyph's outline as an ASS drawing", () => {
  it("scales to quarter pixels, flips y from the ascent, and raises quadratics to cubics", () => {
    const drawing = outlineDrawing(
      [
        { command: "moveTo", args: [0, 0] },
        { command: "lineTo", args: [30, 0] },
        { command: "lineTo", args: [30, 30] },
        { command: "quadraticCurveTo", args: [0, 30, 0, 0] },
        { command: "closePath", args: [] },
        { command: "moveTo", args: [60, 60] },
        { command: "bezierCurveTo", args: [60, 90, 90, 90, 90, 60] },
      ],
      { factor: 1, ascent: 90 },
    );
    // The quadratic from (30, 30) over (0, 30) to (0, 0): controls at (10, 30) and (0, 20).
    expect(drawing).toBe("m 0 90 l 30 90 30 60 b 10 60 0 70 0 90 m 60 30 b 60 0 90 0 90 30");
  });

  it("draws Twemoji's heart as its outline in the emoji's box", () => {
    const heart = TWEMOJI("❤️");
    expect(heart?.layers).toHaveLength(1);
    const bodies = emojiBodies("❤️", TWEMOJI, LOOK);
    // 16 px: 64 quarter pixels wide, (477 + 91) / 512 em tall, 91 / 512 em below the baseline;
    // at 10 px, Twemoji's red (#dd2e44) over its 40 x 44 box.
    expect(emojiBodies("❤️", TWEMOJI, { ...LOOK, sizePixels: 16 })?.text).toBe(
      "{\\pbo11\\p3}m 0 0 m 64 71{\\p0}",
    );
    expect(bodies?.colors).toHaveLength(1);
    expect(bodies?.colors[0]).toMatch(
      /^\{\\1a&HFF&\\3a&HFF&\\4a&HFF&\}\{\\1c&H442EDD&\\1a&H00&\\pbo7\\p3\}m 0 0 m 40 44 m \d+ \d+ b( \d+ \d+)+\{\\p0\}\{\\1a&HFF&\}$/,
    );
  });
});

describe("the shipped colour emoji font", () => {
  it("gives an emoji its colour layers, one per colour in a row", () => {
    const pizza = TWEMOJI("🍕");
    expect(pizza?.layers.map((layer) => layer.color)).toEqual([
      { red: 244, green: 144, blue: 12, alpha: 1 },
      { red: 255, green: 204, blue: 77, alpha: 1 },
      { red: 190, green: 25, blue: 49, alpha: 1 },
    ]);
    for (const layer of pizza?.layers ?? []) expect(layer.commands.length).toBeGreaterThan(3);
  });

  it("shapes a skin tone, a ZWJ sequence and a flag into one glyph each", () => {
    const thumbs = TWEMOJI("👍");
    const toned = TWEMOJI("👍🏽");
    expect(toned).toBeDefined();
    expect(toned?.layers.map((layer) => layer.color)).not.toEqual(
      thumbs?.layers.map((layer) => layer.color),
    );
    expect(TWEMOJI("👨‍👩‍👧")?.layers.length).toBeGreaterThan(3);
    expect(TWEMOJI("🇫🇷")?.layers).toHaveLength(3);
    expect(emojiBodies("👨‍👩‍👧", TWEMOJI, LOOK)?.text.match(/\\p3/g)).toHaveLength(1);
  });

  it("reads an outline every emoji sharing it draws (each of five skin tones)", () => {
    for (const tone of ["👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"]) {
      const layers = TWEMOJI(tone)?.layers ?? [];
      expect(layers.length).toBeGreaterThan(0);
      for (const layer of layers) expect(layer.commands.length, tone).toBeGreaterThan(3);
    }
  });

  it("has no glyph for text, or for a character shown as text by default", () => {
    expect(TWEMOJI("a")).toBeUndefined();
    expect(emojiBodies("Hello © 2026 #1", TWEMOJI, LOOK)).toBeUndefined();
  });
});

describe("the events of a line holding emoji", () => {
  it("keeps a line whose emoji the font lacks as it is", () => {
    expect(emojiBodies("I 🍕", squares, LOOK)).toBeUndefined();
  });

  it("sets the emoji's place without ink, then draws each colour over the line unseen", () => {
    expect(emojiBodies("a🟥b", squares, LOOK)).toEqual({
      text: "a{\\pbo8\\p3}m 0 0 m 40 40{\\p0}b",
      colors: [
        "{\\1a&HFF&\\3a&HFF&\\4a&HFF&}a{\\1c&H0000FF&\\1a&H00&\\pbo8\\p3}m 0 0 m 40 40 m 0 32 l 10 32 10 22{\\p0}{\\1a&HFF&}b",
        "{\\1a&HFF&\\3a&HFF&\\4a&HFF&}a{\\1c&HFF0000&\\1a&H00&\\pbo8\\p3}m 0 0 m 40 40 m 0 32 l 10 32 10 22{\\p0}{\\1a&HFF&}b",
      ],
    });
  });
});

// The ASS document a video command writes for `items`, drawn at 540 wide, with `emoji`.
function assFor(items: EditorItem[], emoji?: EmojiGlyphs): string {
  const state = stateOf(items.map((item, index) => ({ id: `t${index}`, items: [item] })));
  const result = planRender(state, { width: 540 });
  if (!result.ok) throw new Error(result.error.message);
  const font = emoji === undefined ? FONT : { ...FONT, emoji };
  const settings = { inputFiles: new Map(), inputsWithAudio: new Set<string>(), font };
  const file = videoCommand(result.value, settings).files.find((entry) =>
    entry.name.endsWith(".ass"),
  );
  if (file === undefined) throw new Error("no ASS file");
  return commandFileText(file);
}

const dialogues = (document: string) =>
  document.split("\n").filter((line) => line.startsWith("Dialogue:"));

describe("an ASS document drawing emoji", () => {
  const FADING = { enterAnimation: { type: "fade", durationSeconds: 0.5 } };

  it("draws each colour with the text's layer, times and tags, after it", () => {
    const document = assFor(
      [text({ id: "a", from: 0, durationInFrames: 30 }, { ...FADING, text: "I 🟥 it" } as never)],
      squares,
    );
    const events = dialogues(document);
    // The fade, then the rest: the text and its two colours each.
    expect(events).toHaveLength(6);
    const [fadeText, red, blue] = events;
    const head = (line = "") => line.slice(0, line.indexOf("}") + 1);
    expect(head(red)).toBe(head(fadeText));
    expect(head(blue)).toBe(head(fadeText));
    expect(fadeText).toContain("I {\\pbo26\\p3}m 0 0 m 128 128{\\p0} it");
    // The fill of each colour fades with the text: from unseen to seen over the event.
    expect(red).toContain("\\1c&H0000FF&\\1a&HFF&\\t(");
    expect(blue).toContain("\\1c&HFF0000&");
  });

  it("is the same document, byte for byte, for text and captions without emoji", () => {
    const items = [
      text({ id: "a", from: 0, durationInFrames: 30 }, {
        ...FADING,
        text: "No emoji © here",
      } as never),
      captions(
        { id: "b", from: 0, durationInFrames: 30 },
        { style: { highlight_color: "#ffff00", highlight_background_color: "#202020" } },
      ),
    ];
    expect(assFor(items, TWEMOJI)).toBe(assFor(items));
  });

  it("sets a placeholder in every part of a caption page, and colours over its text", () => {
    const spoken = captions(
      { id: "a", from: 0, durationInFrames: 30 },
      {
        captions: [
          {
            text: "I love 🍕",
            startMs: 0,
            endMs: 1000,
            words: [
              { word: "I", startMs: 0, endMs: 300 },
              { word: "love", startMs: 300, endMs: 600 },
              { word: "🍕", startMs: 600, endMs: 1000 },
            ],
          },
        ],
        style: { highlight_color: "#ffff00", highlight_background_color: "#202020" },
      },
    );
    const events = dialogues(assFor([spoken], TWEMOJI));
    const box = events.filter((line) => /^Dialogue: 1,/.test(line));
    const drawn = events.filter((line) => /^Dialogue: 2,/.test(line));
    expect(box.length).toBeGreaterThan(0);
    for (const line of box) expect(line).not.toContain("🍕");
    for (const line of box) expect(line).toContain("{\\pbo");
    // Each stretch: the text, then the pizza's three colours.
    expect(drawn.filter((line) => line.includes("\\1c&H0C90F4&"))).toHaveLength(drawn.length / 4);
  });
});

describe("the bytes of a document drawing emoji, counted before it is built", () => {
  const CASES: Record<string, EditorItem> = {
    "a text of emoji, zooming": text({ id: "a", from: 0, durationInFrames: 90 }, {
      text: "Pizza 🍕 party 👨‍👩‍👧 🇫🇷 👍🏽",
      enterAnimation: { type: "zoom", durationSeconds: 1 },
    } as never),
    "captions with emoji words": captions(
      { id: "a", from: 0, durationInFrames: 90 },
      {
        captions: [
          {
            text: "so 🍕 much 🎉",
            startMs: 0,
            endMs: 3000,
            words: ["so", "🍕", "much", "🎉"].map((word, index) => ({
              word,
              startMs: index * 700,
              endMs: index * 700 + 600,
            })),
          },
        ],
        style: { highlight_color: "#ffff00", highlight_background_color: "#202020" },
      },
    ),
  };
  for (const [name, item] of Object.entries(CASES)) {
    it(`bounds ${name} from above, within four times`, () => {
      const state = stateOf([{ id: "t0", items: [item] }]);
      const planned = planRender(state, { width: 540 });
      if (!planned.ok) throw new Error(planned.error.message);
      const document = assFor([item], TWEMOJI);
      const events = document
        .split("\n")
        .filter((line) => line.startsWith("Dialogue:") || line.startsWith("Style: L"));
      const actual = events.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
      const layer = planned.value.layers[0] as DrawnLayer;
      const estimate = assLayerBytesMax(layer, planned.value.fps, TWEMOJI);
      expect(estimate).toBeGreaterThanOrEqual(actual);
      expect(estimate).toBeLessThan(4 * actual + 1000);
      // Without the font, the emoji are text: far fewer bytes.
      expect(assLayerBytesMax(layer, planned.value.fps)).toBeLessThan(actual / 2);
    });
  }
});
