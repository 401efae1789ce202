import { rmSync } from "node:fs";
import type { Result } from "reelkit";
import type { RenderError, RenderedImage, Renderer } from "reelkit/render";
import { afterAll, beforeAll, expect, it } from "vitest";
import { captions, gif, image, solid, text, video } from "../../editor/support/fixtures.js";
import {
  decodePng,
  describeRendering,
  fixtureRenderer,
  near,
  type Picture,
} from "../support/ffmpeg.js";
import { frameNumberOf, makeMedia } from "../support/media.js";
import { box, planOf, SIDE, square } from "../support/timelines.js";

const BLACK = [0, 0, 0];
const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];
const YELLOW = [255, 255, 0];

function picture(result: Result<RenderedImage, RenderError>): Picture {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return decodePng(result.value.png, result.value.width, result.value.height);
}

describeRendering("rendered frames", () => {
  let folder = "";
  let renderer: Renderer;
  const frameAt = async (state: Parameters<typeof planOf>[0], atSeconds: number) =>
    picture(await renderer.renderFrame(planOf(state, { atSeconds })));

  beforeAll(() => {
    folder = makeMedia();
    renderer = fixtureRenderer(folder);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("fills a red solid's box and nothing outside it", async () => {
    const state = square([
      [
        solid(
          { id: "red", from: 0, durationInFrames: 30 },
          { ...box(30, 40, 50, 20), style: { color: "#ff0000" } },
        ),
      ],
    ]);
    const frame = await frameAt(state, 0.5);
    expect([frame.width, frame.height]).toEqual([SIDE, SIDE]);
    for (const [x, y] of [
      [32, 42],
      [78, 58],
      [55, 50],
    ] as const)
      expect(near(frame.at(x, y), RED)).toBe(true);
    for (const [x, y] of [
      [27, 50],
      [83, 50],
      [55, 37],
      [55, 63],
      [5, 5],
    ] as const) {
      expect(near(frame.at(x, y), BLACK)).toBe(true);
    }
  });

  it("paints tracks[0] in front of the video behind it", async () => {
    const state = square([
      [
        solid(
          { id: "cover", from: 0, durationInFrames: 60 },
          { ...box(0, 0, 60, 120), style: { color: "#0000ff" } },
        ),
      ],
      [video({ id: "clip", from: 0, durationInFrames: 60 }, box(0, 0, 120, 120))],
    ]);
    const frame = await frameAt(state, 1.05);
    expect(near(frame.at(30, 60), BLUE)).toBe(true);
    // The uncovered half shows the clip: frame 10 (1.0 s to 1.1 s) of the numbered clip.
    expect(frameNumberOf(frame.at(90, 60)[0])).toBe(10);
  });

  it("shows the source frame of a trimmed clip, at its playback rate", async () => {
    const trimmed = (playbackRate: number) =>
      square([
        [
          video(
            { id: "clip", from: 0, durationInFrames: 60 },
            { ...box(0, 0, 120, 120), sourceStartSeconds: 1, playbackRate },
          ),
        ],
      ]);
    // At 4/30 s: source 1 + 2 x 0.133 = 1.267 s at double speed (frame 12), 1.133 s at
    // normal speed (frame 11); at 16/30 s and half speed: 1.267 s again.
    expect(frameNumberOf((await frameAt(trimmed(2), 4 / 30)).at(60, 60)[0])).toBe(12);
    expect(frameNumberOf((await frameAt(trimmed(1), 4 / 30)).at(60, 60)[0])).toBe(11);
    expect(frameNumberOf((await frameAt(trimmed(0.5), 16 / 30)).at(60, 60)[0])).toBe(12);
  });

  it("crops a picture to cover its box, and letterboxes it to contain it", async () => {
    const pictured = (fit: "cover" | "contain") =>
      square([
        [image({ id: "halves", from: 0, durationInFrames: 30 }, { ...box(20, 20, 80, 80), fit })],
      ]);
    // halves.png is 2:1, green left, blue right. Covering a square keeps its middle.
    const covered = await frameAt(pictured("cover"), 0);
    expect(near(covered.at(25, 25), GREEN)).toBe(true);
    expect(near(covered.at(95, 95), BLUE)).toBe(true);
    // Contained, it is 80 x 40 in the middle of the box, clear above and below.
    const contained = await frameAt(pictured("contain"), 0);
    expect(near(contained.at(25, 50), GREEN)).toBe(true);
    expect(near(contained.at(95, 70), BLUE)).toBe(true);
    expect(near(contained.at(60, 25), BLACK)).toBe(true);
    expect(near(contained.at(60, 95), BLACK)).toBe(true);
  });

  it("plays a GIF at its rate from its trim, looping", async () => {
    // colours.gif: red, green, blue, white for 0.2 s each (0.8 s loop).
    const looping = square([
      [
        gif(
          { id: "gif", from: 0, durationInFrames: 90 },
          { ...box(0, 0, 120, 120), sourceStartSeconds: 0.2 },
        ),
      ],
    ]);
    expect(near((await frameAt(looping, 0.1)).at(60, 60), GREEN)).toBe(true);
    expect(near((await frameAt(looping, 0.5)).at(60, 60), WHITE)).toBe(true);
    // 1.3 s in: source 1.5 s, which is 0.7 s into the second loop: white.
    expect(near((await frameAt(looping, 1.3)).at(60, 60), WHITE)).toBe(true);
    expect(near((await frameAt(looping, 0.7)).at(60, 60), RED)).toBe(true);
  });

  it("fades a layer in to half its opacity at the fade's midpoint, drawn or media", async () => {
    const fading = square([
      [
        solid(
          { id: "drawn", from: 0, durationInFrames: 60 },
          {
            ...box(0, 0, 60, 120),
            style: { color: "#ffffff" },
            enterAnimation: { type: "fade", duration_seconds: 1 },
          },
        ),
      ],
      [
        image(
          { id: "media", from: 0, durationInFrames: 60 },
          { ...box(60, 0, 60, 120), enterAnimation: { type: "fade", duration_seconds: 1 } },
        ),
      ],
    ]);
    const frame = await frameAt(fading, 0.5);
    expect(near(frame.at(30, 60), [128, 128, 128], 12)).toBe(true);
    // The right half of the picture is blue at half strength.
    expect(near(frame.at(110, 60), [0, 0, 128], 16)).toBe(true);
    const full = await frameAt(fading, 1.2);
    expect(near(full.at(30, 60), WHITE)).toBe(true);
  });

  it("slides a layer in from the left: halfway there at half time", async () => {
    const sliding = square([
      [
        solid(
          { id: "drawn", from: 0, durationInFrames: 60 },
          {
            ...box(80, 10, 20, 20),
            style: { color: "#ff0000" },
            enterAnimation: { type: "slide", direction: "left", duration_seconds: 1 },
          },
        ),
      ],
      [
        image(
          { id: "media", from: 0, durationInFrames: 60 },
          {
            ...box(80, 80, 20, 20),
            enterAnimation: { type: "slide", direction: "left", duration_seconds: 1 },
          },
        ),
      ],
    ]);
    // From just off-screen (left edge at -20) to rest (left edge at 80): at half time the
    // left edge is at 30, so the box spans 30 to 50.
    const frame = await frameAt(sliding, 0.5);
    expect(near(frame.at(40, 20), RED)).toBe(true);
    expect(near(frame.at(90, 20), BLACK)).toBe(true);
    expect(near(frame.at(40, 90), BLACK, 40)).toBe(false);
    expect(near(frame.at(90, 90), BLACK)).toBe(true);
  });

  it("scales a layer in from its centre: half its size at half time", async () => {
    const scaling = square([
      [
        solid(
          { id: "drawn", from: 0, durationInFrames: 60 },
          {
            ...box(10, 10, 40, 40),
            style: { color: "#ff0000" },
            enterAnimation: { type: "scale", duration_seconds: 1 },
          },
        ),
      ],
      [
        solid(
          { id: "back", from: 0, durationInFrames: 60 },
          { ...box(60, 60, 40, 40), style: { color: "#000000" } },
        ),
      ],
      [
        image(
          { id: "media", from: 0, durationInFrames: 60 },
          { ...box(70, 10, 40, 40), enterAnimation: { type: "scale", duration_seconds: 1 } },
        ),
      ],
    ]);
    const frame = await frameAt(scaling, 0.5);
    // 20 x 20 around the centre (30, 30): inside at 22, outside at 14.
    expect(near(frame.at(30, 30), RED)).toBe(true);
    expect(near(frame.at(22, 22), RED)).toBe(true);
    expect(near(frame.at(14, 14), BLACK)).toBe(true);
    expect(near(frame.at(90, 30), BLACK, 40)).toBe(false);
    expect(near(frame.at(74, 14), BLACK)).toBe(true);
  });

  it("pans the camera across a picture inside its box", async () => {
    // halves.png covers the box 20..100 with green left of x = 60, blue right of it. A
    // full-strength pan to the left travels 20 % of the box (16 px): the picture is zoomed
    // 1.2 times and moves from 8 px right of rest to 8 px left of it.
    const panning = square([
      [
        image(
          { id: "pan", from: 0, durationInFrames: 60 },
          { ...box(20, 20, 80, 80), motion: { type: "pan", direction: "left", intensity: 1 } },
        ),
      ],
    ]);
    const start = await frameAt(panning, 0);
    const end = await frameAt(panning, 59 / 30);
    // The green/blue edge moves from x = 68 to x = 52.
    expect(near(start.at(64, 60), GREEN)).toBe(true);
    expect(near(end.at(56, 60), BLUE)).toBe(true);
    // The box stays covered all the way.
    expect(near(end.at(22, 60), GREEN)).toBe(true);
    expect(near(end.at(98, 60), BLUE)).toBe(true);
    expect(near(end.at(10, 60), BLACK)).toBe(true);
  });

  it("rounds a solid's corners and rotates it about its centre", async () => {
    const shapes = square([
      [
        solid(
          { id: "round", from: 0, durationInFrames: 30 },
          { ...box(10, 10, 40, 40), style: { color: "#ff0000", border_radius: 20 * 9 } },
        ),
        solid(
          { id: "turned", from: 30, durationInFrames: 30 },
          { ...box(40, 40, 40, 40), style: { color: "#ff0000", rotation: 45 } },
        ),
      ],
    ]);
    // A 40 px square with 20 px corners is a disc: its box's corners are clear.
    const round = await frameAt(shapes, 0.2);
    expect(near(round.at(30, 30), RED)).toBe(true);
    expect(near(round.at(13, 13), BLACK)).toBe(true);
    expect(near(round.at(30, 12), RED)).toBe(true);
    // Turned 45 degrees, it reaches 28 px from its centre along the axes, and its box's
    // corners are clear.
    const turned = await frameAt(shapes, 1.2);
    expect(near(turned.at(60, 60), RED)).toBe(true);
    expect(near(turned.at(60, 35), RED)).toBe(true);
    expect(near(turned.at(43, 43), BLACK)).toBe(true);
  });

  it("draws text inside its box and nowhere else", async () => {
    const titled = square([
      [
        text(
          { id: "title", from: 0, durationInFrames: 30 },
          {
            ...box(10, 40, 100, 40),
            text: "HELLO",
            style: { font_size: 20 * 9, color: "#ffffff" },
          },
        ),
      ],
    ]);
    const frame = await frameAt(titled, 0);
    let inside = 0;
    let outside = 0;
    for (let y = 0; y < SIDE; y += 1) {
      for (let x = 0; x < SIDE; x += 1) {
        const lit = frame.at(x, y)[0] > 128;
        const inBox = x >= 10 && x < 110 && y >= 40 && y < 80;
        if (lit && inBox) inside += 1;
        if (lit && !inBox) outside += 1;
      }
    }
    expect(inside).toBeGreaterThan(150);
    expect(outside).toBe(0);
  });

  it("colours the word being spoken in the highlight colour", async () => {
    const captioned = square([
      [
        captions(
          { id: "words", from: 0, durationInFrames: 60 },
          {
            ...box(0, 40, 120, 40),
            captions: [
              {
                text: "AAA BBB",
                startMs: 0,
                endMs: 2000,
                words: [
                  { word: "AAA", startMs: 0, endMs: 1000 },
                  { word: "BBB", startMs: 1000, endMs: 2000 },
                ],
              },
            ],
            style: { font_size: 20 * 9, color: "#ffffff", highlight_color: "#ffff00" },
          },
        ),
      ],
    ]);
    const yellowIn = (frame: Picture, fromX: number, toX: number) => {
      let count = 0;
      for (let y = 40; y < 80; y += 1) {
        for (let x = fromX; x < toX; x += 1) {
          const [red, green, blue] = frame.at(x, y);
          if (red > 200 && green > 200 && blue < 80) count += 1;
        }
      }
      return count;
    };
    const first = await frameAt(captioned, 0.5);
    expect(yellowIn(first, 0, 60)).toBeGreaterThan(20);
    expect(yellowIn(first, 60, 120)).toBe(0);
    const second = await frameAt(captioned, 1.5);
    expect(yellowIn(second, 0, 60)).toBe(0);
    expect(yellowIn(second, 60, 120)).toBeGreaterThan(20);
    expect(near(second.at(2, 2), BLACK)).toBe(true);
    expect(near(YELLOW, YELLOW)).toBe(true);
  });

  it("tiles several instants into a contact sheet", async () => {
    const { planContactSheet } = await import("reelkit/editor");
    const state = square([
      [
        solid(
          { id: "a", from: 0, durationInFrames: 30 },
          { ...box(0, 0, 120, 120), style: { color: "#ff0000" } },
        ),
        solid(
          { id: "b", from: 30, durationInFrames: 30 },
          { ...box(0, 0, 120, 120), style: { color: "#0000ff" } },
        ),
      ],
    ]);
    const planned = planContactSheet(state, { atSeconds: [0.5, 1.5, 1.9], width: 40, columns: 2 });
    if (!planned.ok) throw new Error(planned.error.message);
    const sheet = picture(await renderer.renderContactSheet(planned.value));
    expect([sheet.width, sheet.height]).toEqual([80, 80]);
    expect(near(sheet.at(20, 20), RED)).toBe(true);
    expect(near(sheet.at(60, 20), BLUE)).toBe(true);
    expect(near(sheet.at(20, 60), BLUE)).toBe(true);
    // The fourth cell has no frame: it is filled black.
    expect(near(sheet.at(60, 60), BLACK)).toBe(true);
  });

  it("draws a picture used by several cells and items as each frame rendered alone", async () => {
    const { planContactSheet } = await import("reelkit/editor");
    // One picture file, twice in the last frame and once in the others.
    const state = square([
      [image({ id: "right", from: 30, durationInFrames: 30 }, box(60, 60, 60, 60))],
      [image({ id: "left", from: 0, durationInFrames: 60 }, box(0, 0, 60, 120))],
    ]);
    const instants = [0.2, 0.6, 1.5];
    const planned = planContactSheet(state, { atSeconds: instants, width: 60, columns: 3 });
    if (!planned.ok) throw new Error(planned.error.message);
    const sheet = picture(await renderer.renderContactSheet(planned.value));
    expect([sheet.width, sheet.height]).toEqual([180, 60]);
    for (const [cell, atSeconds] of instants.entries()) {
      const alone = picture(await renderer.renderFrame(planOf(state, { atSeconds, width: 60 })));
      for (let y = 0; y < 60; y += 3) {
        for (let x = 0; x < 60; x += 3) {
          expect(sheet.at(cell * 60 + x, y)).toEqual(alone.at(x, y));
        }
      }
    }
    expect(near(sheet.at(10, 30), GREEN)).toBe(true);
    expect(near(sheet.at(170, 45), BLUE)).toBe(true);
    expect(near(sheet.at(160, 10), BLACK)).toBe(true);
  });
});
