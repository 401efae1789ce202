import { describe, expect, it } from "vitest";
import type { EditorItem } from "../../../src/editor/index.js";
import { applyFails, applyOk, itemOf, trackIds, trackSpans } from "../support/apply.js";
import { asset, audio, captions, image, stateOf, text, video } from "../support/fixtures.js";

const FPS_CASES = [24, 25, 30, 60];

describe.each(FPS_CASES)("split_item at %i fps", (fps) => {
  const second = fps;
  function clip(extra: Partial<EditorItem> = {}) {
    return stateOf(
      [
        {
          id: "main",
          items: [
            video({ id: "v", from: second, durationInFrames: 4 * second }, {
              sourceStartSeconds: 10,
              playbackRate: 2,
              audioFadeInSeconds: 1,
              audioFadeOutSeconds: 2,
              enterAnimation: { type: "fade" },
              exitAnimation: { type: "zoom" },
              motion: { type: "pan" },
              ...extra,
            } as never),
          ],
        },
      ],
      { fps },
    );
  }

  it("cuts into a left half that keeps the id and a new right half, filling the frames", () => {
    const result = applyOk(clip(), [{ type: "split_item", item_id: "v", at_seconds: 2 }]);
    expect(trackSpans(result.value.state, "main")).toEqual([
      ["v", second, 2 * second],
      ["new-1", 2 * second, 5 * second],
    ]);
  });

  it("advances the right half's source by the left length times the rate", () => {
    const result = applyOk(clip(), [{ type: "split_item", item_id: "v", at_seconds: 2 }]);
    expect(itemOf(result.value.state, "v")).toMatchObject({
      sourceStartSeconds: 10,
      playbackRate: 2,
    });
    expect(itemOf(result.value.state, "new-1")).toMatchObject({
      sourceStartSeconds: 12,
      playbackRate: 2,
    });
  });

  it("keeps every fade, animation and motion on both halves, reaching past the cut", () => {
    const result = applyOk(clip(), [{ type: "split_item", item_id: "v", at_seconds: 3 }]);
    const effects = {
      audioFadeInSeconds: 1,
      audioFadeOutSeconds: 2,
      enterAnimation: { type: "fade" },
      exitAnimation: { type: "zoom" },
      motion: { type: "pan" },
    };
    const reach = (beforeSeconds: number, afterSeconds: number) => ({
      animation: { beforeSeconds, afterSeconds },
      motion: { beforeSeconds, afterSeconds },
      audioFade: { beforeSeconds, afterSeconds },
    });
    expect(itemOf(result.value.state, "v")).toMatchObject({ ...effects, effectSpans: reach(0, 2) });
    expect(itemOf(result.value.state, "new-1")).toMatchObject({
      ...effects,
      effectSpans: reach(2, 0),
    });
  });

  it("adds no span to an item without effects", () => {
    const result = applyOk(
      clip({
        audioFadeInSeconds: 0,
        audioFadeOutSeconds: 0,
        enterAnimation: null,
        exitAnimation: null,
        motion: null,
      }),
      [{ type: "split_item", item_id: "v", at_seconds: 3 }],
    );
    expect(itemOf(result.value.state, "v")).not.toHaveProperty("effectSpans");
    expect(itemOf(result.value.state, "new-1")).not.toHaveProperty("effectSpans");
  });

  it.each([
    ["one frame after the start", 1, 4 * second - 1],
    ["one frame before the end (the last frame)", 4 * second - 1, 1],
  ])("cuts %s", (_name, leftFrames, rightFrames) => {
    const result = applyOk(clip(), [
      { type: "split_item", item_id: "v", at_seconds: (second + leftFrames) / fps },
    ]);
    expect(itemOf(result.value.state, "v").durationInFrames).toBe(leftFrames);
    expect(itemOf(result.value.state, "new-1").durationInFrames).toBe(rightFrames);
  });

  it.each([
    ["at the start", 1],
    ["at the end", 5],
    ["before the item", 0],
    ["after the item", 9],
  ])("fails with split_out_of_range %s", (_name, atSeconds) => {
    const error = applyFails(clip(), [{ type: "split_item", item_id: "v", at_seconds: atSeconds }]);
    expect(error.code).toBe("split_out_of_range");
  });
});

describe("split_item by type", () => {
  it("splits a lone item without losing its track", () => {
    const state = stateOf([
      { id: "only", items: [image({ id: "i", from: 0, durationInFrames: 2 })] },
    ]);
    const result = applyOk(state, [{ type: "split_item", item_id: "i", at_seconds: 1 / 30 }]);
    expect(trackIds(result.value.state)).toEqual(["only"]);
    expect(trackSpans(result.value.state, "only")).toEqual([
      ["i", 0, 1],
      ["new-1", 1, 2],
    ]);
  });

  it("keeps text fades on both halves, timed over the whole", () => {
    const state = stateOf([
      {
        id: "top",
        items: [
          text(
            { id: "t", from: 0, durationInFrames: 60 },
            { style: { fade_in_seconds: 1, fade_out_seconds: 1, color: "red" } },
          ),
        ],
      },
    ]);
    const result = applyOk(state, [{ type: "split_item", item_id: "t", at_seconds: 1 }]);
    const style = { fade_in_seconds: 1, fade_out_seconds: 1, color: "red" };
    expect(itemOf(result.value.state, "t")).toMatchObject({
      style,
      effectSpans: { textFade: { beforeSeconds: 0, afterSeconds: 1 } },
    });
    expect(itemOf(result.value.state, "new-1")).toMatchObject({
      style,
      effectSpans: { textFade: { beforeSeconds: 1, afterSeconds: 0 } },
    });
  });

  it("splits captions on their clock: each half keeps the entries it shows", () => {
    const state = stateOf([
      {
        id: "top",
        items: [
          captions(
            { id: "c", from: 30, durationInFrames: 90 },
            {
              captions: [
                { text: "one", startMs: 500, endMs: 1500 },
                { text: "two", startMs: 1500, endMs: 2500 },
                { text: "three", startMs: 2500, endMs: 3400 },
              ],
              style: { caption_start_seconds: 0.5, playback_rate: 1 },
            },
          ),
        ],
      },
    ]);
    const result = applyOk(state, [{ type: "split_item", item_id: "c", at_seconds: 2.5 }]);
    const left = itemOf(result.value.state, "c");
    const right = itemOf(result.value.state, "new-1");
    if (left.type !== "captions" || right.type !== "captions") throw new Error("not captions");
    expect(left.captions.map((entry) => entry.text)).toEqual(["one", "two"]);
    expect(right.captions.map((entry) => entry.text)).toEqual(["two", "three"]);
    expect(left.style.caption_start_seconds).toBe(0.5);
    expect(right.style.caption_start_seconds).toBe(2);
  });

  it("writes the inferred role on both halves of an older audio item", () => {
    const { audioRole: _role, ...legacy } = audio(
      { id: "a", from: 0, durationInFrames: 60 },
      { assetId: "sfx" },
    );
    const state = stateOf([{ id: "sound", items: [legacy] }], {
      assets: [asset("sfx", "audio", { metadata: { sound_effect_id: "whoosh" } })],
    });
    const result = applyOk(state, [{ type: "split_item", item_id: "a", at_seconds: 1 }]);
    expect(itemOf(result.value.state, "a")).toMatchObject({ audioRole: "sound_effect" });
    expect(itemOf(result.value.state, "new-1")).toMatchObject({
      audioRole: "sound_effect",
      sourceStartSeconds: 1,
    });
  });

  it("fails with item_not_found for an unknown id", () => {
    const state = stateOf([
      { id: "only", items: [image({ id: "i", from: 0, durationInFrames: 2 })] },
    ]);
    const error = applyFails(state, [{ type: "split_item", item_id: "nope", at_seconds: 1 }]);
    expect(error.code).toBe("item_not_found");
  });
});
