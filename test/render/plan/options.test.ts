import {
  createEditorState,
  planRender,
  RENDER_DIMENSION_MAX,
  RENDER_DIMENSION_MIN,
} from "reelkit/editor";
import { describe, expect, it } from "vitest";
import { solid, stateOf, text } from "../../editor/support/fixtures.js";
import { planFailure, planned } from "../support/plans.js";

// A 9:16 timeline at 30 fps, 3 s long (90 frames): a solid behind a text.
const state = stateOf([
  { id: "front", items: [text({ id: "title", from: 30, durationInFrames: 60 })] },
  { id: "back", items: [solid({ id: "fill", from: 0, durationInFrames: 90 })] },
]);

describe("planRender options", () => {
  it("renders the whole timeline at the composition's size and frame rate by default", () => {
    const whole = planned(state, {});
    expect(whole).toMatchObject({
      width: 1080,
      height: 1920,
      fps: 30,
      pixelScale: 1,
      startSeconds: 0,
      frameCount: 90,
      durationSeconds: 3,
      background: { red: 0, green: 0, blue: 0, alpha: 1 },
    });
  });

  it("derives the height from a width, keeping the aspect, on even pixels", () => {
    const small = planned(state, { width: 160 });
    expect([small.width, small.height]).toEqual([160, 284]);
    expect(small.pixelScale).toBeCloseTo(160 / 1080, 12);
    const odd = planned(state, { width: 541 });
    expect([odd.width, odd.height]).toEqual([542, 962]);
  });

  it("derives the width from a height, and accepts both when they keep the aspect", () => {
    expect(planned(state, { height: 960 })).toMatchObject({ width: 540, height: 960 });
    expect(planned(state, { width: 540, height: 960 })).toMatchObject({ width: 540, height: 960 });
  });

  it("refuses sizes out of bounds or off the aspect", () => {
    expect(planFailure(state, { width: RENDER_DIMENSION_MIN - 1 }).code).toBe(
      "invalid_output_size",
    );
    expect(planned(state, { width: RENDER_DIMENSION_MIN }).width).toBe(RENDER_DIMENSION_MIN);
    expect(planFailure(state, { width: RENDER_DIMENSION_MAX + 1 }).code).toBe(
      "invalid_output_size",
    );
    // A 4096 px wide 9:16 frame would be 7282 px tall.
    expect(planFailure(state, { width: RENDER_DIMENSION_MAX }).message).toContain("4096");
    expect(planFailure(state, { width: 540, height: 540 }).message).toContain("aspect");
    expect(planFailure(state, { width: Number.NaN }).code).toBe("invalid_output_size");
  });

  it("takes an output frame rate from 1 to 120", () => {
    const slow = planned(state, { fps: 10 });
    expect([slow.fps, slow.frameCount, slow.durationSeconds]).toEqual([10, 30, 3]);
    expect(planned(state, { fps: 120 }).frameCount).toBe(360);
    for (const fps of [0, 121, 29.97])
      expect(planFailure(state, { fps }).code).toBe("invalid_frame_rate");
  });

  it("plans one frame for an instant, on the composition frame showing then", () => {
    const frame = planned(state, { atSeconds: 1.51 });
    expect([frame.startSeconds, frame.frameCount]).toEqual([45 / 30, 1]);
    // 0.7 s is frame 21 exactly, despite 0.7 * 30 = 21.000000000000004.
    expect(planned(state, { atSeconds: 0.7 }).startSeconds).toBe(21 / 30);
    expect(planned(state, { atSeconds: 89 / 30 }).frameCount).toBe(1);
  });

  it("plans a range from its first frame to the last frame starting before its end", () => {
    const range = planned(state, { fromSeconds: 1, toSeconds: 2.01 });
    expect([range.startSeconds, range.frameCount]).toEqual([1, 31]);
    expect(planned(state, { fromSeconds: 2 }).frameCount).toBe(30);
  });

  it("refuses instants and ranges outside the timeline", () => {
    expect(planFailure(state, { atSeconds: 3 }).code).toBe("invalid_time_range");
    expect(planFailure(state, { atSeconds: -1 }).code).toBe("invalid_time_range");
    expect(planFailure(state, { fromSeconds: 2, toSeconds: 2 }).code).toBe("invalid_time_range");
    expect(planFailure(state, { toSeconds: 3.1 }).code).toBe("invalid_time_range");
    expect(planFailure(state, { atSeconds: 1, fromSeconds: 0 }).message).toContain("not both");
    expect(planFailure(state, { fromSeconds: Number.POSITIVE_INFINITY }).code).toBe(
      "invalid_time_range",
    );
  });

  it("refuses an empty timeline, whatever the options", () => {
    const result = planRender(createEditorState(), { atSeconds: 0 });
    expect(result).toEqual({
      ok: false,
      error: { code: "empty_timeline", message: "The timeline has no item to render." },
    });
  });

  it("takes a background colour, and refuses one that is no CSS colour", () => {
    expect(planned(state, { backgroundColor: "#336699" }).background).toEqual({
      red: 0x33,
      green: 0x66,
      blue: 0x99,
      alpha: 1,
    });
    expect(planFailure(state, { backgroundColor: "blurple" }).code).toBe("unsupported_color");
  });
});
