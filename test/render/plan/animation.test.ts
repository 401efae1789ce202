import {
  ANIMATION_EFFECTS,
  layerPoseAt,
  motionPoseAt,
  type PlannedLayer,
  REST_POSE,
} from "reelkit/editor";
import type { AnimationConfig, Motion } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { image, solid, stateOf, text } from "../../editor/support/fixtures.js";
import { planned } from "../support/plans.js";

// A 1080 x 1920 composition drawn at 540 wide (half size); the box is 400 x 200 at (100, 300).
function animated(
  enter: AnimationConfig | null,
  exit: AnimationConfig | null = null,
): PlannedLayer {
  const state = stateOf([
    {
      id: "t",
      items: [
        solid(
          { id: "box", from: 30, durationInFrames: 60 },
          {
            left: 100,
            top: 300,
            width: 400,
            height: 200,
            enterAnimation: enter,
            exitAnimation: exit,
          },
        ),
      ],
    },
  ]);
  const [layer] = planned(state, { width: 540 }).layers;
  if (layer === undefined) throw new Error("no layer");
  return layer;
}

describe("enter and exit animations", () => {
  it("maps every animation type to an effect it draws", () => {
    expect(ANIMATION_EFFECTS).toEqual({
      none: null,
      fade: "fade",
      slide: "slide",
      scale: "scale",
      zoom: "zoom",
      flip: "flip",
      bounce: "scale",
      snap: "scale",
      glitch: "fade",
      swipe: "slide",
      float: "slide",
    });
  });

  it("fades in over its own window at the item's start", () => {
    const layer = animated({ type: "fade", duration_seconds: 1 });
    expect(layer.animations).toEqual([
      {
        phase: "enter",
        requested: "fade",
        effect: "fade",
        window: { startSeconds: 1, endSeconds: 2 },
        from: { ...REST_POSE, opacity: 0 },
        to: REST_POSE,
      },
    ]);
    expect(layerPoseAt(layer, 0.5).opacity).toBe(0);
    expect(layerPoseAt(layer, 1.5).opacity).toBe(0.5);
    expect(layerPoseAt(layer, 2.5).opacity).toBe(1);
  });

  it("lasts half a second by default, and draws nothing for none or zero length", () => {
    expect(animated({ type: "scale" }).animations[0]?.window).toEqual({
      startSeconds: 1,
      endSeconds: 1.5,
    });
    expect(animated({ type: "none", duration_seconds: 2 }).animations).toEqual([]);
    expect(animated({ type: "fade", duration_seconds: 0 }).animations).toEqual([]);
  });

  it("shrinks an enter and an exit together when they would not fit the item", () => {
    const layer = animated(
      { type: "fade", duration_seconds: 3 },
      { type: "fade", duration_seconds: 1 },
    );
    expect(layer.animations.map((animation) => [animation.phase, animation.window])).toEqual([
      ["enter", { startSeconds: 1, endSeconds: 2.5 }],
      ["exit", { startSeconds: 2.5, endSeconds: 3 }],
    ]);
  });

  it("slides in from just off-screen on the side asked, and out towards the other", () => {
    // Box at output (50, 150), 200 x 100, in a 540 x 960 frame.
    const fromLeft = animated({ type: "slide", duration_seconds: 1 });
    expect(fromLeft.animations[0]?.from).toEqual({ ...REST_POSE, offsetX: -250 });
    expect(layerPoseAt(fromLeft, 1.5).offsetX).toBe(-125);
    const fromBottom = animated({ type: "swipe", direction: "bottom", duration_seconds: 1 });
    expect(fromBottom.animations[0]?.from).toEqual({ ...REST_POSE, offsetY: 810 });
    const out = animated(null, { type: "slide", duration_seconds: 1 });
    expect(out.animations[0]).toMatchObject({
      phase: "exit",
      from: REST_POSE,
      to: { ...REST_POSE, offsetX: 490 },
    });
    const fromTop = animated({ type: "float", duration_seconds: 1, direction: "top" });
    expect(fromTop.animations[0]?.from.offsetY).toBe(-250);
  });

  it("scales from nothing, zooms down from larger while fading, flips across", () => {
    expect(animated({ type: "bounce" }).animations[0]?.from).toEqual({
      ...REST_POSE,
      scaleX: 0,
      scaleY: 0,
    });
    expect(animated({ type: "zoom" }).animations[0]?.from).toEqual({
      ...REST_POSE,
      opacity: 0,
      scaleX: 1.5,
      scaleY: 1.5,
    });
    expect(animated({ type: "flip" }).animations[0]?.from).toEqual({ ...REST_POSE, scaleX: 0 });
    const zoom = animated({ type: "zoom", duration_seconds: 1 });
    expect(layerPoseAt(zoom, 1.5)).toEqual({
      ...REST_POSE,
      opacity: 0.5,
      scaleX: 1.25,
      scaleY: 1.25,
    });
  });

  it("adds a text's style fades, which multiply with its animations", () => {
    const state = stateOf([
      {
        id: "t",
        items: [
          text(
            { id: "title", from: 0, durationInFrames: 90 },
            {
              style: { fade_in_seconds: 1, fade_out_seconds: 0.5 },
              enterAnimation: { type: "fade", duration_seconds: 2 },
            },
          ),
        ],
      },
    ]);
    const [layer] = planned(state, { width: 540 }).layers;
    if (layer === undefined) throw new Error("no layer");
    expect(layer.animations.map((animation) => [animation.requested, animation.window])).toEqual([
      ["fade", { startSeconds: 0, endSeconds: 2 }],
      ["text_fade", { startSeconds: 0, endSeconds: 1 }],
      ["text_fade", { startSeconds: 2.5, endSeconds: 3 }],
    ]);
    expect(layerPoseAt(layer, 0.5).opacity).toBe(0.25 * 0.5);
    expect(layerPoseAt(layer, 2.75).opacity).toBe(0.5);
  });
});

function moving(motion: Motion, kind: "image" | "text" = "image"): PlannedLayer {
  const fields = { left: 0, top: 0, width: 1000, height: 500, motion };
  const item =
    kind === "image"
      ? image({ id: "m", from: 0, durationInFrames: 120 }, fields)
      : text({ id: "m", from: 0, durationInFrames: 120 }, fields);
  const [layer] = planned(stateOf([{ id: "t", items: [item] }]), { width: 540 }).layers;
  if (layer === undefined) throw new Error("no layer");
  return layer;
}

describe("motion", () => {
  it("zooms a picture inside its box from the motion's start to the item's end", () => {
    const layer = moving({ type: "zoom_in", start_seconds: 1, intensity: 1 });
    expect(layer.motion).toMatchObject({
      type: "zoom_in",
      target: "content",
      window: { startSeconds: 1, endSeconds: 4 },
      cycleSeconds: 3,
      loops: false,
      from: { scale: 1, offsetX: 0, offsetY: 0 },
      to: { scale: 1.5, offsetX: 0, offsetY: 0 },
      sway: null,
    });
    const motion = layer.motion;
    if (motion === null) throw new Error("no motion");
    expect(motionPoseAt(motion, 2.5).scale).toBe(1.25);
    expect(motionPoseAt(motion, 0).scale).toBe(1);
    // A picture's motion moves its content, not the layer.
    expect(layerPoseAt(layer, 2.5)).toEqual(REST_POSE);
  });

  it("pans a picture with enough zoom that the box stays covered", () => {
    const motion = moving({ type: "pan", direction: "left", intensity: 0.5 }).motion;
    if (motion === null) throw new Error("no motion");
    // 10 % of the 500 px wide box, centred on rest: from +25 to -25, zoomed 1.1.
    expect(motion.from).toEqual({ scale: 1.1, offsetX: 25, offsetY: 0 });
    expect(motion.to).toEqual({ scale: 1.1, offsetX: -25, offsetY: 0 });
  });

  it("repeats a looping cycle and holds the end of one that does not loop", () => {
    const looping = moving({
      type: "zoom_out",
      duration_seconds: 1,
      loop: true,
      intensity: 1,
    }).motion;
    const once = moving({ type: "zoom_out", duration_seconds: 1, intensity: 1 }).motion;
    if (looping === null || once === null) throw new Error("no motion");
    expect(motionPoseAt(looping, 2.5).scale).toBe(1.25);
    expect(motionPoseAt(once, 2.5).scale).toBe(1);
  });

  it("moves a text layer itself, and sways it for float and shake", () => {
    const layer = moving({ type: "float", intensity: 1, duration_seconds: 2 }, "text");
    expect(layer.motion).toMatchObject({
      target: "layer",
      sway: { amplitudeX: 0, amplitudeY: 15, periodXSeconds: 2, periodYSeconds: 2 },
    });
    expect(layerPoseAt(layer, 0.5).offsetY).toBeCloseTo(15, 9);
    // A float that does not loop sways for one cycle, then rests.
    expect(layerPoseAt(layer, 3).offsetY).toBe(0);
    const shake = moving({ type: "shake", intensity: 1, loop: true }, "text").motion;
    expect(shake?.sway).toEqual({
      amplitudeX: 7.5,
      amplitudeY: 7.5,
      periodXSeconds: 0.11,
      periodYSeconds: 0.07,
    });
  });
});
