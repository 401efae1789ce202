import { describe, expect, it } from "vitest";
import type { EditorItem } from "../../../src/editor/index.js";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
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
} from "../support/fixtures.js";

function oneItem(item: EditorItem) {
  return stateOf([{ id: "track", items: [item] }]);
}

const placed = { id: "x", from: 0, durationInFrames: 60 };

describe("set_item_source", () => {
  it.each([
    ["video", video(placed)],
    ["GIF", gif(placed)],
    ["audio", audio(placed)],
  ])("trims a %s item and sets its rate without changing its length", (_name, item) => {
    const result = applyOk(oneItem(item), [
      { type: "set_item_source", item_id: "x", source_start_seconds: 12.5, playback_rate: 2 },
    ]);
    expect(itemOf(result.value.state, "x")).toMatchObject({
      sourceStartSeconds: 12.5,
      playbackRate: 2,
      durationInFrames: 60,
    });
  });

  it("keeps the fields an operation omits", () => {
    const state = oneItem(video(placed, { sourceStartSeconds: 3, playbackRate: 1.5 }));
    const result = applyOk(state, [{ type: "set_item_source", item_id: "x", playback_rate: 0.1 }]);
    expect(itemOf(result.value.state, "x")).toMatchObject({
      sourceStartSeconds: 3,
      playbackRate: 0.1,
    });
  });

  it.each([
    ["image", image(placed)],
    ["text", text(placed)],
    ["captions", captions(placed)],
    ["solid", solid(placed)],
  ])("refuses a %s item", (_name, item) => {
    const error = applyFails(oneItem(item), [
      { type: "set_item_source", item_id: "x", playback_rate: 2 },
    ]);
    expect(error.code).toBe("unsupported_item_type");
  });

  it.each([60, 75])("refuses a source offset of %s s into 60 s of media", (seconds) => {
    const error = applyFails(oneItem(video(placed)), [
      { type: "set_item_source", item_id: "x", source_start_seconds: seconds },
    ]);
    expect(error.code).toBe("source_out_of_range");
  });

  it("accepts the last frame of the media and any offset into media of unknown length", () => {
    const known = applyOk(oneItem(video(placed)), [
      { type: "set_item_source", item_id: "x", source_start_seconds: 59.95 },
    ]);
    // 0.05 s of media is one whole frame at 30 fps: the item ends with it.
    expect(itemOf(known.value.state, "x")).toMatchObject({
      sourceStartSeconds: 59.95,
      durationInFrames: 1,
    });
    const unknown = stateOf([{ id: "track", items: [video(placed)] }], {
      assets: [asset("video-asset", "video", { durationSeconds: null })],
    });
    const result = applyOk(unknown, [
      { type: "set_item_source", item_id: "x", source_start_seconds: 5000 },
    ]);
    expect(itemOf(result.value.state, "x")).toMatchObject({ sourceStartSeconds: 5000 });
  });

  it("writes the inferred role onto an audio item of an older state", () => {
    const { audioRole: _role, ...legacy } = audio(placed);
    const state = stateOf([{ id: "track", items: [legacy] }], {
      assets: [asset("music-asset", "audio", { metadata: { category: "music" } })],
    });
    const result = applyOk(state, [{ type: "set_item_source", item_id: "x", playback_rate: 2 }]);
    expect(itemOf(result.value.state, "x")).toMatchObject({ audioRole: "music" });
  });

  it("fails with item_not_found for an unknown id", () => {
    const error = applyFails(oneItem(video(placed)), [
      { type: "set_item_source", item_id: "nope", playback_rate: 2 },
    ]);
    expect(error.code).toBe("item_not_found");
  });
});
