/**
 * Emoji in text and captions come out in colour, rendered by ffmpeg: the emoji's pixels
 * hold several clearly different hues where libass alone draws one, sit between the
 * words around them, grow and fade with their text, and a skin-toned emoji is one
 * emoji, not a hand and a swatch.
 */
import {
  applyOperationsOrThrow,
  createEditorState,
  type EditOperation,
  type EditorState,
  planRender,
} from "reelkit/editor";
import { createFfmpegRenderer } from "reelkit/render";
import { expect, it } from "vitest";
import { decodePng, describeRendering, type Picture } from "../support/ffmpeg.js";

// 16:9 at 320 x 180: a 1920-wide composition drawn at a sixth of its size.
const WIDTH = 320;
const HEIGHT = 180;
// 240 composition pixels: a 40 px em in the frame.
const FONT_SIZE = 240;
const EM = FONT_SIZE / 6;

const renderer = createFfmpegRenderer({
  readMedia: async () => ({ ok: false, error: "No media is read." }),
});

function stateOf(operation: EditOperation): EditorState {
  return applyOperationsOrThrow(createEditorState({ aspect_ratio: "16:9" }), [
    { type: "add_solid", duration_seconds: 2, style: { color: "#000000" } },
    operation,
  ]).state;
}

function titled(text: string, enter?: { type: "zoom"; duration_seconds: number }): EditorState {
  const state = stateOf({
    type: "add_text",
    text,
    duration_seconds: 2,
    style: { font_size: FONT_SIZE, color: "#ffffff", stroke_width: 0 },
  });
  const title = Object.values(state.items).find((item) => item.type === "text");
  if (enter === undefined || title === undefined) return state;
  return applyOperationsOrThrow(state, [{ type: "set_item_animation", item_id: title.id, enter }])
    .state;
}

async function frameAt(state: EditorState, atSeconds: number): Promise<Picture> {
  const planned = planRender(state, { atSeconds, width: WIDTH });
  if (!planned.ok) throw new Error(planned.error.message);
  const frame = await renderer.renderFrame(planned.value);
  if (!frame.ok) throw new Error(`${frame.error.code}: ${frame.error.message}`);
  return decodePng(frame.value.png, WIDTH, HEIGHT);
}

// Hue (degrees), saturation and value (0 to 1) of a pixel.
function hsv([red, green, blue]: readonly number[]): {
  hue: number;
  saturation: number;
  value: number;
} {
  const [r, g, b] = [red ?? 0, green ?? 0, blue ?? 0].map((channel) => channel / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const spread = max - Math.min(r, g, b);
  const saturation = max === 0 ? 0 : spread / max;
  if (spread === 0) return { hue: 0, saturation, value: max };
  const sector =
    max === r ? (g - b) / spread + 6 : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4;
  return { hue: (sector * 60) % 360, saturation, value: max };
}

interface Ink {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly count: number;
  readonly brightest: number;
  readonly hues: number[];
}

// The pixels of `picture` passing `test`: their extent, count, brightest value and hues.
function inkOf(picture: Picture, test: (pixel: ReturnType<typeof hsv>) => boolean): Ink {
  const ink = {
    left: WIDTH,
    right: -1,
    top: HEIGHT,
    bottom: -1,
    count: 0,
    brightest: 0,
    hues: [] as number[],
  };
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const pixel = hsv(picture.at(x, y));
      if (!test(pixel)) continue;
      ink.left = Math.min(ink.left, x);
      ink.right = Math.max(ink.right, x);
      ink.top = Math.min(ink.top, y);
      ink.bottom = Math.max(ink.bottom, y);
      ink.count += 1;
      ink.brightest = Math.max(ink.brightest, pixel.value);
      ink.hues.push(pixel.hue);
    }
  }
  return ink;
}

// Coloured pixels (an emoji's), and the white or grey of the text.
const coloured = (pixel: ReturnType<typeof hsv>) => pixel.saturation > 0.5 && pixel.value > 0.15;
const white = (pixel: ReturnType<typeof hsv>) => pixel.saturation < 0.15 && pixel.value > 0.25;

// How many hue bands of 30 degrees hold at least 5 % of the coloured pixels, counting
// only bands at least 30 degrees from one already counted: one for a one-colour glyph.
function distinctHues(ink: Ink): number {
  const bands = new Array<number>(12).fill(0);
  for (const hue of ink.hues)
    bands[Math.floor(hue / 30) % 12] = (bands[Math.floor(hue / 30) % 12] ?? 0) + 1;
  const full = bands
    .map((count, band) => ({ band, count }))
    .filter(({ count }) => count >= 0.05 * ink.hues.length);
  let distinct = 0;
  let last = -99;
  for (const { band } of full) {
    if (band - last >= 2) distinct += 1;
    last = band;
  }
  return distinct;
}

// The text's white pixels left and right of the emoji's box.
function whiteBeside(picture: Picture, emoji: Ink): { left: Ink; right: Ink; inside: Ink } {
  const columns =
    (from: number, to: number) =>
    (pixel: ReturnType<typeof hsv>, x = 0) =>
      x >= from && x <= to && white(pixel);
  const within = (from: number, to: number): Ink => {
    const test = columns(from, to);
    const ink = {
      left: WIDTH,
      right: -1,
      top: HEIGHT,
      bottom: -1,
      count: 0,
      brightest: 0,
      hues: [] as number[],
    };
    for (let y = 0; y < HEIGHT; y += 1) {
      for (let x = from; x <= to; x += 1) {
        if (!test(hsv(picture.at(x, y)), x)) continue;
        ink.left = Math.min(ink.left, x);
        ink.right = Math.max(ink.right, x);
        ink.count += 1;
      }
    }
    return ink;
  };
  return {
    left: within(0, emoji.left - 1),
    right: within(emoji.right + 1, WIDTH - 1),
    inside: within(emoji.left, emoji.right),
  };
}

describeRendering("colour emoji", () => {
  it("draws a text's emoji in colour, in its place between the words, the words still white", async () => {
    const picture = await frameAt(titled("ab 🍕 cd"), 1);
    const emoji = inkOf(picture, coloured);
    // The pizza: its crust's orange and yellow, its pepperoni's red.
    expect(emoji.count).toBeGreaterThan(100);
    expect(distinctHues(emoji)).toBeGreaterThanOrEqual(2);
    expect(emoji.right - emoji.left).toBeLessThanOrEqual(EM * 1.1);
    expect(emoji.right - emoji.left).toBeGreaterThan(EM * 0.6);
    const words = whiteBeside(picture, emoji);
    expect(words.left.count).toBeGreaterThan(50);
    expect(words.right.count).toBeGreaterThan(50);
    expect(words.inside.count).toBe(0);
    // The gap between the words is the pizza's advance and two spaces: it sits in it.
    expect(emoji.left - words.left.right).toBeGreaterThan(2);
    expect(words.right.left - emoji.right).toBeGreaterThan(2);
  });

  it("draws an emoji word of captions in colour, spoken or not, the other words unchanged", async () => {
    const state = stateOf({
      type: "add_captions",
      duration_seconds: 2,
      captions: [
        {
          text: "I love 🍕",
          startMs: 0,
          endMs: 2000,
          words: [
            { word: "I", startMs: 0, endMs: 500 },
            { word: "love", startMs: 500, endMs: 1000 },
            { word: "🍕", startMs: 1000, endMs: 2000 },
          ],
        },
      ],
      style: {
        font_size: FONT_SIZE,
        color: "#ffffff",
        stroke_width: 0,
        highlight_color: "#00a0ff",
      },
    } as EditOperation);
    for (const atSeconds of [0.7, 1.5]) {
      const picture = await frameAt(state, atSeconds);
      const emoji = inkOf(
        picture,
        (pixel) => coloured(pixel) && (pixel.hue < 180 || pixel.hue > 300),
      );
      expect(emoji.count, `at ${atSeconds} s`).toBeGreaterThan(100);
      expect(distinctHues(emoji), `at ${atSeconds} s`).toBeGreaterThanOrEqual(2);
      const words = whiteBeside(picture, emoji);
      expect(words.left.count, `at ${atSeconds} s`).toBeGreaterThan(20);
    }
    // While "love" is spoken it is the highlight's blue; the pizza keeps its colours.
    const spoken = inkOf(
      await frameAt(state, 0.7),
      (pixel) => coloured(pixel) && pixel.hue > 190 && pixel.hue < 215,
    );
    expect(spoken.count).toBeGreaterThan(50);
  });

  it("grows and fades an emoji with its text through a zoom", async () => {
    // The zoom goes from 150 % and unseen to full size and seen over 1 s. The heart has
    // one colour: each colour of an emoji fades on its own, so where colours overlap the
    // one beneath shows through a little half way.
    const state = titled("ab ❤️ cd", { type: "zoom", duration_seconds: 1 });
    const [middle, rest] = [await frameAt(state, 0.5), await frameAt(state, 1.5)];
    const [emojiMiddle, emojiRest] = [inkOf(middle, coloured), inkOf(rest, coloured)];
    const [textMiddle, textRest] = [inkOf(middle, white), inkOf(rest, white)];
    const grown = (ink: Ink, base: Ink) => (ink.right - ink.left) / (base.right - base.left);
    expect(grown(textMiddle, textRest)).toBeGreaterThan(1.1);
    expect(grown(emojiMiddle, emojiRest)).toBeCloseTo(grown(textMiddle, textRest), 1);
    // On black, a layer drawn at opacity a is a times as bright.
    const faded = (ink: Ink, base: Ink) => ink.brightest / base.brightest;
    expect(faded(textMiddle, textRest)).toBeLessThan(0.9);
    expect(Math.abs(faded(emojiMiddle, emojiRest) - faded(textMiddle, textRest))).toBeLessThan(0.1);
    // The line grows about its centre, the emoji's place in it with it.
    const offset = (ink: Ink) => (ink.left + ink.right) / 2 - WIDTH / 2;
    const growth = grown(textMiddle, textRest);
    expect(Math.abs(offset(emojiMiddle) - growth * offset(emojiRest))).toBeLessThan(2);
  });

  it("draws a skin-toned emoji as one emoji", async () => {
    const picture = await frameAt(titled("👍🏽"), 1);
    const emoji = inkOf(picture, (pixel) => pixel.saturation > 0.2 && pixel.value > 0.2);
    expect(emoji.count).toBeGreaterThan(100);
    // One em wide: a thumb and a separate skin-tone swatch would be two.
    expect(emoji.right - emoji.left).toBeLessThanOrEqual(EM * 1.1);
    // The medium skin tone's brown, not the default yellow.
    const tones = emoji.hues.filter((hue) => hue >= 15 && hue <= 40);
    expect(tones.length).toBeGreaterThan(0.5 * emoji.count);
  });
});
