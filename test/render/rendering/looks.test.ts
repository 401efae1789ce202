import {
  applyOperationsOrThrow,
  createEditorState,
  type EditorState,
  planRender,
} from "reelkit/editor";
import { createFfmpegRenderer, SHIPPED_FONT_FAMILIES } from "reelkit/render";
import { CAPTION_PRESETS, type CaptionPreset, type CaptionStyle } from "reelkit/schemas";
import { expect, it } from "vitest";
import { decodePng, describeRendering, type Picture } from "../support/ffmpeg.js";

const WIDTH = 180;
const HEIGHT = 320;
const LIGHT = "#f2efe6";
const DARK = "#1d2430";
const WORDS = ["this", "is", "how", "it", "looks"];

const renderer = createFfmpegRenderer({
  readMedia: async () => ({ ok: false, error: "No media is read." }),
});

// A 9:16 timeline: a solid background and one page of five timed words, 0.4 s apart.
function captioned(background: string, style: CaptionStyle): EditorState {
  const words = WORDS.map((word, index) => ({
    word,
    startMs: index * 400,
    endMs: index * 400 + 380,
  }));
  return applyOperationsOrThrow(createEditorState({ aspect_ratio: "9:16" }), [
    { type: "add_solid", duration_seconds: 2, style: { color: background } },
    {
      type: "add_captions",
      duration_seconds: 2,
      captions: [{ text: WORDS.join(" "), startMs: 0, endMs: 2000, words }],
      style,
    },
  ]).state;
}

function titled(family: string | undefined, weight?: number): EditorState {
  return applyOperationsOrThrow(createEditorState({ aspect_ratio: "9:16" }), [
    { type: "add_solid", duration_seconds: 1, style: { color: DARK } },
    {
      type: "add_text",
      text: "Handgloves",
      duration_seconds: 1,
      style: {
        font_size: 120,
        ...(family === undefined ? {} : { font_family: family }),
        ...(weight === undefined ? {} : { font_weight: String(weight), stroke_width: 0 }),
      },
    },
  ]).state;
}

async function frameAt(state: EditorState, atSeconds: number): Promise<Picture> {
  const planned = planRender(state, { atSeconds, width: WIDTH });
  if (!planned.ok) throw new Error(planned.error.message);
  const frame = await renderer.renderFrame(planned.value);
  if (!frame.ok) throw new Error(frame.error.message);
  return decodePng(frame.value.png, WIDTH, HEIGHT);
}

const luminance = ([red, green, blue]: readonly number[]) =>
  0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);

// Pixels of the picture's lower half (where captions sit) matching `test`.
function countBelow(
  picture: Picture,
  test: (pixel: [number, number, number], x: number, y: number) => boolean,
) {
  let count = 0;
  for (let y = HEIGHT / 2; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) if (test(picture.at(x, y), x, y)) count += 1;
  }
  return count;
}

function differing(left: Picture, right: Picture): number {
  return countBelow(left, (pixel, x, y) =>
    pixel.some((value, channel) => Math.abs(value - (right.at(x, y)[channel] ?? 0)) > 60),
  );
}

describeRendering("caption presets and shipped fonts", () => {
  for (const preset of CAPTION_PRESETS) {
    for (const [shade, background] of [
      ["light", LIGHT],
      ["dark", DARK],
    ] as const) {
      it(`draws ${preset} readably on a ${shade} frame, the spoken word standing out`, async () => {
        const state = captioned(background, { preset });
        const secondSpoken = await frameAt(state, 0.45);
        const thirdSpoken = await frameAt(state, 0.85);
        const backgroundLuminance = luminance(secondSpoken.at(2, 2));
        // Letters, outlines or boxes far from the frame's own luminance.
        const contrasting = countBelow(
          secondSpoken,
          (pixel) => Math.abs(luminance(pixel) - backgroundLuminance) > 100,
        );
        expect(contrasting).toBeGreaterThan(40);
        // The same page with another word spoken looks different.
        expect(differing(secondSpoken, thirdSpoken)).toBeGreaterThan(15);
      });
    }
  }

  it("pops the spoken word in from a larger size with one_word", async () => {
    const state = captioned(DARK, { preset: "one_word" as CaptionPreset });
    const width = (picture: Picture) => {
      const xs: number[] = [];
      countBelow(picture, (pixel, x) => {
        if (luminance(pixel) > 200) xs.push(x);
        return false;
      });
      return Math.max(...xs) - Math.min(...xs);
    };
    const popping = await frameAt(state, 0.41);
    const settled = await frameAt(state, 0.6);
    expect(width(popping)).toBeGreaterThan(width(settled) * 1.15);
  });

  it("draws a rounded box behind the spoken word without a line background", async () => {
    const state = captioned(DARK, {
      font_size: 120,
      highlight_background_color: "#ff0000",
      background_border_radius: 40,
      stroke_width: 0,
    });
    const frame = await frameAt(state, 0.45);
    const red = (pixel: readonly number[]) =>
      (pixel[0] ?? 0) > 200 && (pixel[1] ?? 0) < 60 && (pixel[2] ?? 0) < 60;
    const xs: number[] = [];
    const ys: number[] = [];
    countBelow(frame, (pixel, x, y) => {
      if (red(pixel)) {
        xs.push(x);
        ys.push(y);
      }
      return false;
    });
    expect(xs.length).toBeGreaterThan(100);
    const left = Math.min(...xs);
    const right = Math.max(...xs);
    const top = Math.min(...ys);
    const bottom = Math.max(...ys);
    const middleX = Math.round((left + right) / 2);
    const middleY = Math.round((top + bottom) / 2);
    // The box surrounds the word "is" (white letters inside it) and is not the whole line.
    expect(right - left).toBeLessThan(WIDTH / 2);
    expect(red(frame.at(left, middleY)) && red(frame.at(right, middleY))).toBe(true);
    expect(red(frame.at(middleX, top)) && red(frame.at(middleX, bottom))).toBe(true);
    // Rounded: each corner of its bounding rectangle is clear.
    for (const [x, y] of [
      [left, top],
      [right, top],
      [left, bottom],
      [right, bottom],
    ] as const) {
      expect(red(frame.at(x, y)), `corner ${x},${y}`).toBe(false);
    }
  });

  // The bounding rectangle of the pixels in the lower half matching `test`.
  function boundsOf(picture: Picture, test: (pixel: readonly number[]) => boolean) {
    const xs: number[] = [];
    const ys: number[] = [];
    countBelow(picture, (pixel, x, y) => {
      if (test(pixel)) {
        xs.push(x);
        ys.push(y);
      }
      return false;
    });
    expect(xs.length).toBeGreaterThan(100);
    return {
      left: Math.min(...xs),
      right: Math.max(...xs),
      top: Math.min(...ys),
      bottom: Math.max(...ys),
    };
  }

  const near =
    (hex: string) =>
    (pixel: readonly number[]): boolean =>
      [1, 3, 5].every(
        (at, channel) =>
          Math.abs((pixel[channel] ?? 0) - Number.parseInt(hex.slice(at, at + 2), 16)) < 40,
      );
  const BOX = "#20b040";

  for (const radius of [0, 60]) {
    it(`draws the line's box with ${radius === 0 ? "square" : "rounded"} corners for a radius of ${radius}`, async () => {
      const frame = await frameAt(
        captioned(DARK, {
          font_size: 180,
          background_color: BOX,
          background_horizontal_padding: 60,
          background_border_radius: radius,
          stroke_width: 0,
        }),
        0.45,
      );
      const boxed = near(BOX);
      const { left, right, top, bottom } = boundsOf(frame, boxed);
      const middleX = Math.round((left + right) / 2);
      const middleY = Math.round((top + bottom) / 2);
      // The middle of each edge is the box's, letters or not.
      for (const [x, y] of [
        [left, middleY],
        [right, middleY],
        [middleX, top],
        [middleX, bottom],
      ] as const) {
        expect(boxed(frame.at(x, y)), `edge ${x},${y}`).toBe(true);
      }
      // Each corner of its bounding rectangle is the frame's background when rounded.
      for (const [x, y] of [
        [left, top],
        [right, top],
        [left, bottom],
        [right, bottom],
      ] as const) {
        const corner = frame.at(x, y);
        expect(boxed(corner), `corner ${x},${y}`).toBe(radius === 0);
        if (radius > 0) expect(near(DARK)(corner), `corner ${x},${y}`).toBe(true);
      }
    });
  }

  const SHADOW = "#e03030";

  for (const { shadow, radius } of [
    { shadow: false, radius: 0 },
    { shadow: true, radius: 0 },
    { shadow: true, radius: 60 },
  ]) {
    it(`casts ${shadow ? "a" : "no"} shadow under a line's box with a radius of ${radius}`, async () => {
      const frame = await frameAt(
        captioned(DARK, {
          font_size: 180,
          background_color: BOX,
          background_horizontal_padding: 60,
          background_border_radius: radius,
          stroke_width: 0,
          ...(shadow ? { shadow_color: SHADOW, shadow_offset: 30 } : {}),
        }),
        0.45,
      );
      const { right, bottom, left, top } = boundsOf(frame, near(BOX));
      const middleX = Math.round((left + right) / 2);
      const middleY = Math.round((top + bottom) / 2);
      // 30 px of offset is 5 px at this size: just below the middle of the box's bottom
      // edge, right of the middle of its right edge, and below-right of its corner when
      // square, lies the shadow, or the frame's own background without one.
      const outside = shadow ? near(SHADOW) : near(DARK);
      const points: [number, number][] = [
        [middleX, bottom + 2],
        [right + 2, middleY],
      ];
      if (radius === 0) points.push([right + 2, bottom + 2]);
      for (const [x, y] of points) {
        expect(outside(frame.at(x, y)), `${x},${y}: ${frame.at(x, y)}`).toBe(true);
      }
      // A rounded box's shadow is rounded alike: its own bottom right corner is clear.
      if (shadow && radius > 0) expect(near(DARK)(frame.at(right + 5, bottom + 5))).toBe(true);
      // The box itself covers its shadow.
      expect(near(BOX)(frame.at(right - 1, middleY))).toBe(true);
      expect(near(BOX)(frame.at(middleX, bottom - 1))).toBe(true);
    });
  }

  for (const { family } of SHIPPED_FONT_FAMILIES) {
    it(`sets text in ${family}, unlike the default font`, async () => {
      const standard = await frameAt(titled(undefined), 0.5);
      const shipped = await frameAt(titled(family), 0.5);
      let different = 0;
      for (let y = 0; y < HEIGHT; y += 1) {
        for (let x = 0; x < WIDTH; x += 1) {
          const a = luminance(standard.at(x, y));
          const b = luminance(shipped.at(x, y));
          if (Math.abs(a - b) > 80) different += 1;
        }
      }
      expect(different).toBeGreaterThan(200);
    });
  }

  for (const { family, weights } of SHIPPED_FONT_FAMILIES.filter(
    (info) => info.weights.length > 1,
  )) {
    it(`draws each weight of ${family} with its own face, heavier ones with more ink`, async () => {
      const ink: number[] = [];
      for (const weight of weights) {
        const frame = await frameAt(titled(family, weight), 0.5);
        let lit = 0;
        for (let y = 0; y < HEIGHT; y += 1) {
          for (let x = 0; x < WIDTH; x += 1) if (luminance(frame.at(x, y)) > 128) lit += 1;
        }
        ink.push(lit);
      }
      // Each face is heavier than the one before it, by more than rounding.
      for (let index = 1; index < ink.length; index += 1) {
        expect(
          ink[index],
          `${family} ${weights[index]} over ${weights[index - 1]}: ${ink}`,
        ).toBeGreaterThan((ink[index - 1] ?? 0) * 1.03);
      }
    });
  }

  it("draws a weight a family lacks with its nearest face", async () => {
    const ink = async (family: string, weight: number) => {
      const frame = await frameAt(titled(family, weight), 0.5);
      let lit = 0;
      for (let y = 0; y < HEIGHT; y += 1) {
        for (let x = 0; x < WIDTH; x += 1) if (luminance(frame.at(x, y)) > 128) lit += 1;
      }
      return lit;
    };
    // Anton has one face: no weight makes it bolder. Inter 650 is its 600 face.
    expect(await ink("Anton", 900)).toBe(await ink("Anton", 400));
    expect(await ink("Inter", 640)).toBe(await ink("Inter", 600));
  });

  it("lists the shipped families and the default one as what it can draw", () => {
    expect(renderer.fontFamilies?.map((info) => info.family)).toEqual([
      "DejaVu Sans",
      "Inter",
      "Montserrat",
      "Poppins",
      "Anton",
      "Bebas Neue",
    ]);
  });
});
