import {
  type CaptionsLayer,
  type MediaLayer,
  type PlannedLayer,
  planRender,
  type RenderPlan,
  type SolidLayer,
  sourceSecondsAt,
  type TextLayer,
} from "reelkit/editor";
import { describe, expect, it } from "vitest";
import {
  asset,
  audio,
  captions,
  gif,
  image,
  solid,
  stateOf,
  text,
  video,
} from "../../editor/support/fixtures.js";
import { planned } from "../support/plans.js";

function layer(rendered: RenderPlan, itemId: string): PlannedLayer {
  const found = rendered.layers.find((candidate) => candidate.itemId === itemId);
  if (found === undefined) throw new Error(`no layer ${itemId}`);
  return found;
}

function media(rendered: RenderPlan, itemId: string): MediaLayer {
  return layer(rendered, itemId) as MediaLayer;
}

describe("planRender layers", () => {
  const layered = stateOf([
    { id: "captions", items: [captions({ id: "words", from: 0, durationInFrames: 60 })] },
    { id: "overlay", items: [image({ id: "logo", from: 0, durationInFrames: 30 })] },
    { id: "base", items: [video({ id: "clip", from: 0, durationInFrames: 90 })] },
    { id: "music", items: [audio({ id: "song", from: 0, durationInFrames: 90 })] },
  ]);

  it("paints the back track first and tracks[0] last", () => {
    const rendered = planned(layered);
    expect(rendered.layers.map((entry) => [entry.itemId, entry.trackIndex])).toEqual([
      ["clip", 2],
      ["logo", 1],
      ["words", 0],
    ]);
    expect(rendered.sounds.map((sound) => [sound.itemId, sound.kind])).toEqual([
      ["song", "audio"],
      ["clip", "video"],
    ]);
  });

  it("lists each asset used once, in the order first used", () => {
    expect(planned(layered).inputs).toEqual([
      {
        id: "video-asset",
        kind: "video",
        url: "https://cdn.example.com/video-asset",
        durationSeconds: 60,
      },
      {
        id: "image-asset",
        kind: "image",
        url: "https://cdn.example.com/image-asset",
        durationSeconds: null,
      },
      {
        id: "music-asset",
        kind: "audio",
        url: "https://cdn.example.com/music-asset",
        durationSeconds: 60,
      },
    ]);
  });

  it("drops items outside the range and places the rest on the output's clock", () => {
    const late = planned(layered, { fromSeconds: 1.5 });
    expect(late.layers.map((entry) => entry.itemId)).toEqual(["clip", "words"]);
    expect(media(late, "clip")).toMatchObject({
      window: { startSeconds: -1.5, endSeconds: 1.5 },
      visible: { startSeconds: 0, endSeconds: 1.5 },
    });
    const words = layer(late, "words");
    expect(words.window).toEqual({ startSeconds: -1.5, endSeconds: 0.5 });
    expect(words.visible).toEqual({ startSeconds: 0, endSeconds: 0.5 });
    expect(planned(layered, { atSeconds: 1.5 }).inputs.map((input) => input.id)).toEqual([
      "video-asset",
      "music-asset",
    ]);
  });

  it("scales boxes to the output size and keeps fit and opacity", () => {
    const state = stateOf([
      {
        id: "t",
        items: [
          image(
            { id: "pic", from: 0, durationInFrames: 30 },
            { left: 108, top: 192, width: 540, height: 960, opacity: 0.4, fit: "contain" },
          ),
        ],
      },
    ]);
    const pic = media(planned(state, { width: 108 }), "pic");
    expect(pic.box.left).toBeCloseTo(10.8, 9);
    expect(pic.box.top).toBeCloseTo(19.2, 9);
    expect(pic.box.width).toBeCloseTo(54, 9);
    expect(pic.box.height).toBeCloseTo(96, 9);
    expect(pic).toMatchObject({
      kind: "image",
      inputId: "image-asset",
      fit: "contain",
      opacity: 0.4,
      source: null,
    });
  });

  it("gives a clip its trim and rate, and a GIF its loop", () => {
    const state = stateOf(
      [
        {
          id: "a",
          items: [
            gif(
              { id: "loop", from: 30, durationInFrames: 60 },
              { sourceStartSeconds: 2.5, playbackRate: 2 },
            ),
          ],
        },
        {
          id: "b",
          items: [
            video(
              { id: "clip", from: 0, durationInFrames: 90 },
              { sourceStartSeconds: 4, playbackRate: 0.5 },
            ),
          ],
        },
      ],
      {
        assets: [asset("video-asset", "video"), asset("gif-asset", "gif", { durationSeconds: 2 })],
      },
    );
    const rendered = planned(state);
    const clip = media(rendered, "clip");
    expect(clip.source).toEqual({
      startSeconds: 4,
      playbackRate: 0.5,
      loopSeconds: null,
      loops: false,
    });
    // One second into the clip at half speed: source second 4.5.
    expect(
      sourceSecondsAt(
        clip.source as NonNullable<MediaLayer["source"]>,
        clip.window.startSeconds,
        1,
      ),
    ).toBe(4.5);
    const loop = media(rendered, "loop");
    expect(loop.source).toEqual({
      startSeconds: 0.5,
      playbackRate: 2,
      loopSeconds: 2,
      loops: true,
    });
    // 1.5 s after the GIF starts at double speed: 0.5 + 3 = 3.5, which is 1.5 into the loop.
    expect(sourceSecondsAt(loop.source as NonNullable<MediaLayer["source"]>, 1, 2.5)).toBe(1.5);
  });

  it("draws solids with their colour, radius (at most half a side) and rotation", () => {
    const state = stateOf([
      {
        id: "t",
        items: [
          solid(
            { id: "pill", from: 0, durationInFrames: 30 },
            {
              width: 400,
              height: 100,
              style: { color: "rgba(255, 0, 0, 0.5)", border_radius: 80, rotation: 30 },
            },
          ),
          solid({ id: "plain", from: 30, durationInFrames: 30 }, { style: {} }),
        ],
      },
    ]);
    const rendered = planned(state, { width: 540 });
    const pill = layer(rendered, "pill") as SolidLayer;
    expect(pill.color).toEqual({ red: 255, green: 0, blue: 0, alpha: 0.5 });
    expect(pill.radiusPixels).toBe(25);
    expect(pill.rotationDegrees).toBe(30);
    const plain = layer(rendered, "plain") as SolidLayer;
    expect([plain.color, plain.radiusPixels, plain.rotationDegrees]).toEqual([
      { red: 0, green: 0, blue: 0, alpha: 1 },
      0,
      0,
    ]);
  });

  it("resolves a text style to output pixels with every default filled in", () => {
    const state = stateOf([
      {
        id: "t",
        items: [
          text(
            { id: "styled", from: 0, durationInFrames: 30 },
            {
              text: "Hi\nthere",
              style: {
                font_family: "Inter",
                font_size: 100,
                font_weight: "bold",
                color: "yellow",
                align: "left",
                letter_spacing: 4,
                stroke_width: 6,
                stroke_color: "#000",
                background_color: "#0000ff80",
                background_horizontal_padding: 20,
                background_border_radius: 10,
              },
            },
          ),
          text({ id: "plain", from: 30, durationInFrames: 30 }),
        ],
      },
    ]);
    const rendered = planned(state, { width: 540 });
    const styled = layer(rendered, "styled") as TextLayer;
    expect(styled.text).toBe("Hi\nthere");
    expect(styled.style).toEqual({
      fontFamily: "Inter",
      fontSizePixels: 50,
      fontWeight: 700,
      color: { red: 255, green: 255, blue: 0, alpha: 1 },
      align: "left",
      lineHeight: 1.2,
      letterSpacingPixels: 2,
      direction: "ltr",
      stroke: { widthPixels: 3, color: { red: 0, green: 0, blue: 0, alpha: 1 } },
      shadow: null,
      background: {
        color: { red: 0, green: 0, blue: 255, alpha: 0.5 },
        horizontalPaddingPixels: 10,
        verticalPaddingPixels: 12.5,
        radiusPixels: 5,
      },
    });
    expect((layer(rendered, "plain") as TextLayer).style).toMatchObject({
      fontFamily: null,
      fontSizePixels: 32,
      // Readable by default: bold, with a black outline of 7 % of the 64 px font size.
      fontWeight: 700,
      color: { red: 255, green: 255, blue: 255, alpha: 1 },
      align: "center",
      stroke: { widthPixels: 2.25, color: { red: 0, green: 0, blue: 0, alpha: 1 } },
      background: null,
    });
  });

  it("refuses a style colour it cannot draw, naming the item and field", () => {
    const state = stateOf([
      {
        id: "t",
        items: [
          text(
            { id: "title", from: 0, durationInFrames: 30 },
            { style: { stroke_color: "not-a-colour" } },
          ),
        ],
      },
    ]);
    const result = planRender(state);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("unsupported_color");
    expect(result.error.message).toContain('"title"');
    expect(result.error.message).toContain("style.stroke_color");
  });

  it("highlights the spoken word in yellow unless the style asks for another highlight", () => {
    const state = stateOf([
      {
        id: "t",
        items: [
          captions({ id: "plain", from: 0, durationInFrames: 30 }),
          captions(
            { id: "lit", from: 30, durationInFrames: 30 },
            { style: { highlight_color: "#ff0" } },
          ),
        ],
      },
    ]);
    const rendered = planned(state);
    expect((layer(rendered, "plain") as CaptionsLayer).highlight).toEqual({
      color: { red: 255, green: 214, blue: 10, alpha: 1 },
      backgroundColor: null,
      radiusPixels: 0,
      scale: 1,
    });
    expect((layer(rendered, "lit") as CaptionsLayer).highlight).toEqual({
      color: { red: 255, green: 255, blue: 0, alpha: 1 },
      backgroundColor: null,
      radiusPixels: 0,
      scale: 1,
    });
  });
});

describe("planRender sounds", () => {
  it("carries level, fades (shrunk to fit), rate and role", () => {
    const state = stateOf([
      {
        id: "music",
        items: [
          audio(
            { id: "song", from: 30, durationInFrames: 60 },
            {
              volumeDb: -6,
              audioFadeInSeconds: 3,
              audioFadeOutSeconds: 1,
              playbackRate: 1.5,
              sourceStartSeconds: 2,
            },
          ),
        ],
      },
    ]);
    const [song] = planned(state).sounds;
    expect(song).toEqual({
      itemId: "song",
      kind: "audio",
      inputId: "music-asset",
      audioRole: "music",
      window: { startSeconds: 1, endSeconds: 3 },
      visible: { startSeconds: 1, endSeconds: 3 },
      source: { startSeconds: 2, playbackRate: 1.5, loopSeconds: null, loops: false },
      volumeDb: -6,
      fadeWindow: { startSeconds: 1, endSeconds: 3 },
      fadeInSeconds: 1.5,
      fadeOutSeconds: 0.5,
    });
  });
});
