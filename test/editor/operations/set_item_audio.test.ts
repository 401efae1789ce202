import { describe, expect, it } from "vitest";
import type { EditorItem } from "../../../src/editor/index.js";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { asset, audio, image, solid, stateOf, text, video } from "../support/fixtures.js";

function oneItem(item: EditorItem) {
  return stateOf([{ id: "track", items: [item] }]);
}

// 40 s at 30 fps: long enough to hold the longest fade the wire allows.
const placed = { id: "x", from: 0, durationInFrames: 1200 };

describe("set_item_audio", () => {
  it.each([
    ["video", video(placed)],
    ["audio", audio(placed)],
  ])("sets the level and fades of a %s item", (_name, item) => {
    const result = applyOk(oneItem(item), [
      {
        type: "set_item_audio",
        item_id: "x",
        volume_db: -60,
        audio_fade_in_seconds: 0.5,
        audio_fade_out_seconds: 30,
      },
    ]);
    expect(itemOf(result.value.state, "x")).toMatchObject({
      volumeDb: -60,
      audioFadeInSeconds: 0.5,
      audioFadeOutSeconds: 30,
    });
  });

  it("keeps omitted fields and reaches the loudest level", () => {
    const state = oneItem(audio(placed, { audioFadeInSeconds: 2 }));
    const result = applyOk(state, [{ type: "set_item_audio", item_id: "x", volume_db: 24 }]);
    expect(itemOf(result.value.state, "x")).toMatchObject({ volumeDb: 24, audioFadeInSeconds: 2 });
  });

  it.each([
    ["image", image(placed)],
    ["text", text(placed)],
    ["solid", solid(placed)],
  ])("refuses a %s item", (_name, item) => {
    const error = applyFails(oneItem(item), [
      { type: "set_item_audio", item_id: "x", volume_db: 1 },
    ]);
    expect(error.code).toBe("unsupported_item_type");
  });

  it("writes the inferred role onto an audio item of an older state", () => {
    const { audioRole: _role, ...legacy } = audio(placed);
    const state = stateOf([{ id: "track", items: [legacy] }], {
      assets: [asset("music-asset", "audio", { metadata: { voice_id: "ash" } })],
    });
    const result = applyOk(state, [{ type: "set_item_audio", item_id: "x", volume_db: -3 }]);
    expect(itemOf(result.value.state, "x")).toMatchObject({ audioRole: "voiceover", volumeDb: -3 });
  });

  it("fails with item_not_found for an unknown id", () => {
    const error = applyFails(oneItem(audio(placed)), [
      { type: "set_item_audio", item_id: "nope", volume_db: 1 },
    ]);
    expect(error.code).toBe("item_not_found");
  });
});
