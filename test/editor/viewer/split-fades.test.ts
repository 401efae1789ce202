/**
 * Fades and animations never outlast their item, so a split leaves the level continuous:
 * each half keeps the part of a fade or an enter/exit animation that falls inside it,
 * clipped to its length, and the level at the end of the left half is the level at the
 * start of the right half.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EditorItem, EditorState } from "../../../src/editor/index.js";
import type { AnimationConfig } from "../../../src/schemas/edit-values.js";
import { applyOk, itemOf } from "../support/apply.js";
import { audio, stateOf, text, video } from "../support/fixtures.js";
import { SEED } from "./seed.js";

const FPS = 30;
// What the renderer draws for an enter or exit animation given without a length.
const ANIMATION_DEFAULT_SECONDS = 0.5;

function fadedClip(): EditorState {
  return stateOf(
    [
      {
        id: "main",
        items: [
          video(
            { id: "clip", from: 0, durationInFrames: 10 * FPS },
            {
              enterAnimation: { type: "fade", duration_seconds: 3 },
              exitAnimation: { type: "slide", duration_seconds: 3 },
              audioFadeInSeconds: 3,
              audioFadeOutSeconds: 3,
            },
          ),
        ],
      },
      {
        id: "titles",
        items: [
          text(
            { id: "title", from: 0, durationInFrames: 10 * FPS },
            { style: { fade_in_seconds: 3, fade_out_seconds: 3 } },
          ),
        ],
      },
    ],
    { fps: FPS },
  );
}

describe("splitting inside a fade keeps the level continuous", () => {
  it("clips a 3 s fade-in on a 1 s left half to 1 s, so it is fully in at the cut", () => {
    const result = applyOk(fadedClip(), [
      { type: "split_item", item_id: "clip", at_seconds: 1 },
      { type: "split_item", item_id: "title", at_seconds: 1 },
    ]);
    expect(itemOf(result.state, "clip")).toMatchObject({
      enterAnimation: { type: "fade", duration_seconds: 1 },
      exitAnimation: null,
      audioFadeInSeconds: 1,
      audioFadeOutSeconds: 0,
    });
    expect(itemOf(result.state, "title")).toMatchObject({ style: { fade_in_seconds: 1 } });
  });

  it("clips a 3 s fade-out on a 1 s right half to 1 s, so it starts fully in at the cut", () => {
    const result = applyOk(fadedClip(), [{ type: "split_item", item_id: "clip", at_seconds: 9 }]);
    expect(itemOf(result.state, "new-1")).toMatchObject({
      enterAnimation: null,
      exitAnimation: { type: "slide", duration_seconds: 1 },
      audioFadeInSeconds: 0,
      audioFadeOutSeconds: 1,
    });
  });
});

describe("animation, motion and fade lengths are bounded by the item's length", () => {
  const short = () =>
    stateOf([
      { id: "main", items: [video({ id: "clip", from: 0, durationInFrames: 2 * FPS })] },
      { id: "words", items: [text({ id: "title", from: 0, durationInFrames: 2 * FPS })] },
    ]);

  it("set_item_animation keeps an enter and an exit within the item", () => {
    const result = applyOk(short(), [
      {
        type: "set_item_animation",
        item_id: "clip",
        enter: { type: "fade", duration_seconds: 5 },
        exit: { type: "zoom", duration_seconds: 1 },
      },
    ]);
    expect(itemOf(result.state, "clip")).toMatchObject({
      enterAnimation: { type: "fade", duration_seconds: 2 },
      exitAnimation: { type: "zoom", duration_seconds: 1 },
    });
  });

  it("set_item_motion keeps a motion cycle within the item", () => {
    const result = applyOk(short(), [
      { type: "set_item_motion", item_id: "clip", motion: { type: "pan", duration_seconds: 100 } },
    ]);
    expect(itemOf(result.state, "clip")).toMatchObject({
      motion: { type: "pan", duration_seconds: 2 },
    });
  });

  it("set_item_audio and update_text keep fades within the item", () => {
    const result = applyOk(short(), [
      { type: "set_item_audio", item_id: "clip", audio_fade_in_seconds: 30 },
      { type: "update_text", item_id: "title", style: { fade_out_seconds: 10 } },
    ]);
    expect(itemOf(result.state, "clip")).toMatchObject({ audioFadeInSeconds: 2 });
    expect(itemOf(result.state, "title")).toMatchObject({ style: { fade_out_seconds: 2 } });
  });

  it("set_item_timing clips what a shorter item can no longer hold", () => {
    const state = stateOf([
      {
        id: "sound",
        items: [
          audio({ id: "a", from: 0, durationInFrames: 10 * FPS }, { audioFadeOutSeconds: 4 }),
        ],
      },
    ]);
    const result = applyOk(state, [
      { type: "set_item_timing", item_id: "a", duration_seconds: 1.5 },
    ]);
    expect(itemOf(result.state, "a")).toMatchObject({ audioFadeOutSeconds: 1.5 });
  });
});

// The level an effect family gives at `seconds` into an item of `lengthSeconds`: the
// fade-in ramp times the fade-out ramp.
function level(inSeconds: number, outSeconds: number, seconds: number, lengthSeconds: number) {
  const rising = inSeconds > 0 ? Math.min(1, seconds / inSeconds) : 1;
  const falling = outSeconds > 0 ? Math.min(1, (lengthSeconds - seconds) / outSeconds) : 1;
  return rising * falling;
}

function animationSeconds(config: AnimationConfig | null): number {
  if (config === null || config.type === "none") return 0;
  return config.duration_seconds ?? ANIMATION_DEFAULT_SECONDS;
}

// Enter and exit together fit the item, as the renderer draws them.
function fittedAnimations(item: EditorItem, lengthSeconds: number): [number, number] {
  if (item.type === "audio") return [0, 0];
  const enter = animationSeconds(item.enterAnimation);
  const exit = animationSeconds(item.exitAnimation);
  const scale = enter + exit > lengthSeconds ? lengthSeconds / (enter + exit) : 1;
  return [enter * scale, exit * scale];
}

function levels(item: EditorItem, seconds: number, fps: number): number[] {
  const length = item.durationInFrames / fps;
  const [enter, exit] = fittedAnimations(item, length);
  const found = [level(enter, exit, seconds, length)];
  if (item.type === "video" || item.type === "audio") {
    found.push(level(item.audioFadeInSeconds, item.audioFadeOutSeconds, seconds, length));
  }
  if (item.type === "text") {
    found.push(
      level(item.style.fade_in_seconds ?? 0, item.style.fade_out_seconds ?? 0, seconds, length),
    );
  }
  return found;
}

const animation = fc.option(
  fc.record(
    {
      type: fc.constantFrom("fade", "slide", "zoom", "none" as const),
      duration_seconds: fc.double({ min: 0, max: 30, noNaN: true }),
    },
    { requiredKeys: ["type"] },
  ),
  { nil: null },
);
const fade = fc.double({ min: 0, max: 30, noNaN: true });

const scenario = fc.record({
  kind: fc.constantFrom("video", "audio", "text"),
  fps: fc.constantFrom(24, 25, 30, 60, 5),
  lengthFrames: fc.integer({ min: 2, max: 900 }),
  cutUnit: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  enter: animation,
  exit: animation,
  fadeIn: fade,
  fadeOut: fade,
});

describe("law: fades are continuous across a split", () => {
  it("the left half ends at the level the right half starts at, for every effect", () => {
    fc.assert(
      fc.property(
        scenario,
        ({ kind, fps, lengthFrames, cutUnit, enter, exit, fadeIn, fadeOut }) => {
          const placed = { id: "x", from: 0, durationInFrames: lengthFrames };
          const item =
            kind === "audio"
              ? audio(placed, { audioFadeInSeconds: fadeIn, audioFadeOutSeconds: fadeOut })
              : kind === "video"
                ? video(placed, {
                    enterAnimation: enter,
                    exitAnimation: exit,
                    audioFadeInSeconds: fadeIn,
                    audioFadeOutSeconds: fadeOut,
                  })
                : text(placed, {
                    enterAnimation: enter,
                    exitAnimation: exit,
                    style: { fade_in_seconds: Math.min(fadeIn, 30), fade_out_seconds: fadeOut },
                  });
          const state = stateOf([{ id: "track", items: [item] }], { fps });
          const cut = 1 + Math.floor(cutUnit * (lengthFrames - 1));
          const result = applyOk(state, [
            { type: "split_item", item_id: "x", at_seconds: cut / fps },
          ]);
          const left = itemOf(result.state, "x");
          const right = itemOf(result.state, "new-1");
          const atCut = levels(left, left.durationInFrames / fps, fps);
          const afterCut = levels(right, 0, fps);
          for (const [index, value] of atCut.entries()) {
            expect(value).toBeCloseTo(afterCut[index] ?? Number.NaN, 9);
          }
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});
