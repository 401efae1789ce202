/**
 * The instants where a drawn layer's pose is sampled, made as they are read: ascending
 * without repeats, within their bounds, never more than the render bounds count, and the
 * same whichever window asks for them, so that neighbouring events meet exactly.
 */
import fc from "fast-check";
import { type EditorItem, planRender } from "reelkit/editor";
import { describe, expect, it } from "vitest";
import type { PlannedLayer } from "../../../src/editor/render-plan/types.js";
import {
  poseBreakpoints,
  poseBreakpointsCountMax,
} from "../../../src/render/command/pose-segments.js";
import { stateOf, text } from "../../editor/support/fixtures.js";

const FPS = 30;

// The planned layer of a text shown for `seconds` with `extra` (its motion, animations).
function textLayer(seconds: number, extra: Partial<EditorItem> = {}): PlannedLayer {
  const item = text({ id: "t", from: 0, durationInFrames: seconds * FPS }, extra as never);
  const result = planRender(stateOf([{ id: "track", items: [item] }]), { width: 540 });
  if (!result.ok) throw new Error(result.error.message);
  const layer = result.value.layers[0];
  if (layer === undefined) throw new Error("no layer");
  return layer;
}

const SHAKING_HOUR = textLayer(3600, { motion: { type: "shake", loop: true } } as never);
const ZOOMING = textLayer(20, {
  motion: { type: "zoom_in", loop: true },
  enterAnimation: { type: "fade", duration_seconds: 1.5 },
} as never);

describe("the instants where a layer's pose is sampled", () => {
  it("are ascending without repeats, from the bounds' start to their end, within the counted most", () => {
    for (const layer of [SHAKING_HOUR, ZOOMING]) {
      const instants = [...poseBreakpoints(layer, layer.visible)];
      expect(instants[0]).toBe(layer.visible.startSeconds);
      expect(instants.at(-1)).toBe(layer.visible.endSeconds);
      for (let index = 1; index < instants.length; index += 1) {
        expect(instants[index] as number).toBeGreaterThan(instants[index - 1] as number);
      }
      expect(instants.length).toBeLessThanOrEqual(poseBreakpointsCountMax(layer, layer.visible));
    }
    // An hour of shaking is sampled every 50 ms.
    expect([...poseBreakpoints(SHAKING_HOUR, SHAKING_HOUR.visible)].length).toBe(72_001);
  });

  it("are the same instants whichever window asks, so events of neighbouring windows meet", () => {
    for (const layer of [SHAKING_HOUR, ZOOMING]) {
      const { startSeconds, endSeconds } = layer.visible;
      const whole = [...poseBreakpoints(layer, layer.visible)];
      const span = endSeconds - startSeconds;
      fc.assert(
        fc.property(
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 0.01, noNaN: true }),
          (at, length) => {
            const window = {
              startSeconds: startSeconds + at * span,
              endSeconds: Math.min(endSeconds, startSeconds + (at + length) * span),
            };
            const inside = whole.filter(
              (instant) => instant > window.startSeconds && instant < window.endSeconds,
            );
            const expected = [...new Set([window.startSeconds, ...inside, window.endSeconds])];
            expect([...poseBreakpoints(layer, window)]).toEqual(expected);
          },
        ),
        { seed: 20261128, numRuns: 200 },
      );
    }
  });

  it("start with the window's own instants, whatever came before it", () => {
    const window = { startSeconds: 3000, endSeconds: 3000.2 };
    const instants = [...poseBreakpoints(SHAKING_HOUR, window)];
    expect(instants[0]).toBe(3000);
    expect(instants.at(-1)).toBe(3000.2);
    expect(instants.length).toBeGreaterThanOrEqual(4);
    expect(instants.length).toBeLessThanOrEqual(6);
  });
});
