/**
 * A split is invisible and inaudible: both halves keep every fade, animation and motion
 * of the item where it stands (`effectSpans`), so at every frame the halves show the
 * pose, camera, source frame and sound level the whole item showed. Operations that move
 * or trim a half keep its spans; one that sets an effect anew starts it at the half's own
 * edge.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type EditorState,
  layerPoseAt,
  motionPoseAt,
  type PlannedLayer,
  type PlannedSound,
  planRender,
  type RenderPlan,
  soundFadeAt,
  sourceSecondsAt,
} from "../../../src/editor/index.js";
import type { EditOperation } from "../../../src/schemas/edit-operations.js";
import type { AnimationConfig, Motion } from "../../../src/schemas/edit-values.js";
import { applyOk, itemOf } from "../support/apply.js";
import { audio, image, solid, stateOf, text, video } from "../support/fixtures.js";
import { countingIds } from "../support/ids.js";
import { SEED } from "./seed.js";

const FPS = 30;

function planOf(state: EditorState): RenderPlan {
  const result = planRender(state, { width: 540 });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

// What a viewer gets of the timeline at output second `seconds` from the item among
// `itemIds` on screen then: its pose, camera, source position and sound level.
interface Seen {
  readonly pose: ReturnType<typeof layerPoseAt> | null;
  readonly camera: ReturnType<typeof motionPoseAt> | null;
  readonly opacity: number | null;
  readonly level: number | null;
  readonly sourceSeconds: number | null;
}

function covering<Entry extends PlannedLayer | PlannedSound>(
  entries: readonly Entry[],
  { itemIds, seconds }: { itemIds: ReadonlySet<string>; seconds: number },
): Entry | undefined {
  return entries.find(
    (entry) =>
      itemIds.has(entry.itemId) &&
      entry.window.startSeconds <= seconds + 1e-9 &&
      seconds + 1e-9 < entry.window.endSeconds,
  );
}

function seenAt(plan: RenderPlan, itemIds: ReadonlySet<string>, seconds: number): Seen {
  const layer = covering(plan.layers, { itemIds, seconds });
  const sound = covering(plan.sounds, { itemIds, seconds });
  const media = layer !== undefined && "source" in layer ? layer : undefined;
  const timing = media?.source ?? sound?.source ?? null;
  const timedBy = media ?? sound;
  return {
    pose: layer === undefined ? null : layerPoseAt(layer, seconds),
    camera: layer?.motion?.target === "content" ? motionPoseAt(layer.motion, seconds) : null,
    opacity: layer?.opacity ?? null,
    level: sound === undefined ? null : soundFadeAt(sound, seconds),
    sourceSeconds:
      timing === null || timedBy === undefined
        ? null
        : sourceSecondsAt(timing, timedBy.window.startSeconds, seconds),
  };
}

// Every number of `actual` within rounding of `expected`, at `where`.
function expectClose(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === "number") {
    expect(typeof actual, where).toBe("number");
    const tolerance = 1e-6 * Math.max(1, Math.abs(expected));
    expect(Math.abs((actual as number) - expected), where).toBeLessThanOrEqual(tolerance);
    return;
  }
  if (expected === null || typeof expected !== "object") {
    expect(actual, where).toEqual(expected);
    return;
  }
  for (const [key, value] of Object.entries(expected)) {
    expectClose((actual as Record<string, unknown>)[key], value, `${where}.${key}`);
  }
}

/** Every frame of `[fromFrame, endFrame)` looks and sounds the same in both states. */
function expectSameFrames(
  whole: { state: EditorState; itemIds: ReadonlySet<string> },
  pieces: { state: EditorState; itemIds: ReadonlySet<string> },
  frames: { fromFrame: number; endFrame: number },
): void {
  const before = planOf(whole.state);
  const after = planOf(pieces.state);
  for (let frame = frames.fromFrame; frame < frames.endFrame; frame += 1) {
    const seconds = frame / whole.state.fps;
    expectClose(
      seenAt(after, pieces.itemIds, seconds),
      seenAt(before, whole.itemIds, seconds),
      `frame ${frame}`,
    );
  }
}

function fadedClip(): EditorState {
  return stateOf(
    [
      {
        id: "titles",
        items: [
          text(
            { id: "title", from: 0, durationInFrames: 10 * FPS },
            { style: { fade_in_seconds: 3, fade_out_seconds: 3 } },
          ),
        ],
      },
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
    ],
    { fps: FPS },
  );
}

function layerOf(plan: RenderPlan, itemId: string): PlannedLayer {
  const layer = plan.layers.find((candidate) => candidate.itemId === itemId);
  if (layer === undefined) throw new Error(`No layer for ${itemId}.`);
  return layer;
}

function soundOf(plan: RenderPlan, itemId: string): PlannedSound {
  const sound = plan.sounds.find((candidate) => candidate.itemId === itemId);
  if (sound === undefined) throw new Error(`No sound for ${itemId}.`);
  return sound;
}

describe("a split inside a fade goes on fading where it stood", () => {
  const split = () =>
    applyOk(fadedClip(), [
      { type: "split_item", item_id: "clip", at_seconds: 1 },
      { type: "split_item", item_id: "title", at_seconds: 1 },
    ]);

  it("keeps the 3 s fades on both halves, reaching past the cut", () => {
    const { state } = split().value;
    expect(itemOf(state, "clip")).toMatchObject({
      enterAnimation: { type: "fade", duration_seconds: 3 },
      exitAnimation: { type: "slide", duration_seconds: 3 },
      audioFadeInSeconds: 3,
      audioFadeOutSeconds: 3,
      effectSpans: {
        animation: { beforeSeconds: 0, afterSeconds: 9 },
        audioFade: { beforeSeconds: 0, afterSeconds: 9 },
      },
    });
    expect(itemOf(state, "new-1")).toMatchObject({
      enterAnimation: { type: "fade", duration_seconds: 3 },
      audioFadeInSeconds: 3,
      effectSpans: {
        animation: { beforeSeconds: 1, afterSeconds: 0 },
        audioFade: { beforeSeconds: 1, afterSeconds: 0 },
      },
    });
    expect(itemOf(state, "new-2")).toMatchObject({
      style: { fade_in_seconds: 3, fade_out_seconds: 3 },
      effectSpans: { textFade: { beforeSeconds: 1, afterSeconds: 0 } },
    });
  });

  it("ends the left half at a third and starts the right half there, full at 3 s", () => {
    const plan = planOf(split().value.state);
    for (const [left, right] of [
      ["clip", "new-1"],
      ["title", "new-2"],
    ] as const) {
      expect(layerPoseAt(layerOf(plan, left), 0.5).opacity).toBeCloseTo(1 / 6, 9);
      expect(layerPoseAt(layerOf(plan, left), 1 - 1e-9).opacity).toBeCloseTo(1 / 3, 6);
      expect(layerPoseAt(layerOf(plan, right), 1).opacity).toBeCloseTo(1 / 3, 9);
      expect(layerPoseAt(layerOf(plan, right), 2).opacity).toBeCloseTo(2 / 3, 9);
      expect(layerPoseAt(layerOf(plan, right), 3).opacity).toBe(1);
    }
    expect(soundFadeAt(soundOf(plan, "clip"), 0.5)).toBeCloseTo(1 / 6, 9);
    expect(soundFadeAt(soundOf(plan, "new-1"), 1)).toBeCloseTo(1 / 3, 9);
    expect(soundFadeAt(soundOf(plan, "new-1"), 3)).toBe(1);
    expect(soundFadeAt(soundOf(plan, "new-1"), 8.5)).toBeCloseTo(0.5, 9);
  });

  it("draws a fade-out cut at 9 s on from two thirds, not from full", () => {
    const { state } = applyOk(fadedClip(), [
      { type: "split_item", item_id: "clip", at_seconds: 9 },
    ]).value;
    const plan = planOf(state);
    expect(layerPoseAt(layerOf(plan, "new-1"), 9).offsetX).toBeCloseTo(
      layerPoseAt(layerOf(planOf(fadedClip()), "clip"), 9).offsetX,
      6,
    );
    expect(soundFadeAt(soundOf(plan, "new-1"), 9)).toBeCloseTo(1 / 3, 9);
    expect(soundFadeAt(soundOf(plan, "clip"), 9 - 1e-9)).toBeCloseTo(1 / 3, 6);
  });
});

describe("operations keep a half's effects where they stand", () => {
  const halves = () =>
    applyOk(fadedClip(), [{ type: "split_item", item_id: "clip", at_seconds: 1 }]).value.state;
  const ids = (...names: string[]) => new Set(names);

  it("a move carries the half's fades with it", () => {
    const moved = applyOk(halves(), [
      { type: "set_item_timing", item_id: "new-1", from_seconds: 21 },
    ]).value.state;
    const plan = planOf(moved);
    expect(layerPoseAt(layerOf(plan, "new-1"), 21).opacity).toBeCloseTo(1 / 3, 9);
    expect(soundFadeAt(soundOf(plan, "new-1"), 23)).toBe(1);
    expect(itemOf(moved, "new-1").effectSpans).toEqual(itemOf(halves(), "new-1").effectSpans);
  });

  it("a half moved to the timeline's start begins mid-fade, at a third", () => {
    const moved = applyOk(halves(), [
      { type: "remove_item", item_id: "clip" },
      { type: "set_item_timing", item_id: "new-1", from_seconds: 0 },
    ]).value.state;
    const plan = planOf(moved);
    const layer = layerOf(plan, "new-1");
    expect(layer.animations[0]?.window).toEqual({ startSeconds: -1, endSeconds: 2 });
    expect(layerPoseAt(layer, 0).opacity).toBeCloseTo(1 / 3, 9);
    expect(soundFadeAt(soundOf(plan, "new-1"), 0)).toBeCloseTo(1 / 3, 9);
  });

  it("a trim keeps the spans: the frames left look as they did", () => {
    const before = halves();
    const trimmed = applyOk(before, [
      { type: "set_item_timing", item_id: "clip", duration_seconds: 0.5 },
    ]).value.state;
    expect(itemOf(trimmed, "clip")).toMatchObject({
      enterAnimation: { type: "fade", duration_seconds: 3 },
      effectSpans: { animation: { beforeSeconds: 0, afterSeconds: 9 } },
    });
    expectSameFrames(
      { state: before, itemIds: ids("clip") },
      { state: trimmed, itemIds: ids("clip") },
      { fromFrame: 0, endFrame: 15 },
    );
  });

  it("a transition that moves the half keeps its other effects anchored to its edges", () => {
    const state = stateOf(
      [
        { id: "a", items: [solid({ id: "before", from: 0, durationInFrames: 3 * FPS })] },
        {
          id: "b",
          items: [
            video(
              { id: "clip", from: 3 * FPS, durationInFrames: 6 * FPS },
              { audioFadeInSeconds: 3, sourceStartSeconds: 5 },
            ),
          ],
        },
      ],
      { fps: FPS },
    );
    const split = applyOk(state, [{ type: "split_item", item_id: "clip", at_seconds: 4 }]).value
      .state;
    const result = applyOk(
      split,
      [{ type: "apply_item_transition", from_item_id: "before", to_item_id: "new-1" }],
      { generateId: countingIds("more") },
    ).value.state;
    expect(itemOf(result, "new-1")).toMatchObject({
      enterAnimation: { type: "fade", duration_seconds: 0.5 },
      effectSpans: { audioFade: { beforeSeconds: 1, afterSeconds: 0 } },
    });
  });

  it("a further split keeps each piece where the whole stood", () => {
    const once = halves();
    const twice = applyOk(once, [{ type: "split_item", item_id: "new-1", at_seconds: 2 }], {
      generateId: countingIds("more"),
    }).value.state;
    expect(itemOf(twice, "new-1").effectSpans).toEqual({
      animation: { beforeSeconds: 1, afterSeconds: 8 },
      audioFade: { beforeSeconds: 1, afterSeconds: 8 },
    });
    expect(itemOf(twice, "more-1").effectSpans).toEqual({
      animation: { beforeSeconds: 2, afterSeconds: 0 },
      audioFade: { beforeSeconds: 2, afterSeconds: 0 },
    });
    expectSameFrames(
      { state: fadedClip(), itemIds: ids("clip") },
      { state: twice, itemIds: ids("clip", "new-1", "more-1") },
      { fromFrame: 0, endFrame: 10 * FPS },
    );
  });

  it("undo takes the spans away with the split, and redo brings them back", () => {
    const original = fadedClip();
    const result = applyOk(original, [{ type: "split_item", item_id: "clip", at_seconds: 1 }]);
    // applyOk checks that the inverse restores the input and the patches replay the split.
    expect(result.value.inverse.length).toBeGreaterThan(0);
    expect(itemOf(original, "clip")).not.toHaveProperty("effectSpans");
    expect(itemOf(result.value.state, "clip")).toHaveProperty("effectSpans.animation");
  });
});

describe("an effect set anew on a half starts at the half's own edge", () => {
  const halves = () =>
    applyOk(fadedClip(), [
      { type: "split_item", item_id: "clip", at_seconds: 4 },
      { type: "split_item", item_id: "title", at_seconds: 4 },
    ]).value.state;

  it("a new exit on the left half ends at the cut; its fade-in goes on unchanged", () => {
    const state = applyOk(halves(), [
      { type: "set_item_animation", item_id: "clip", exit: { type: "fade", duration_seconds: 1 } },
    ]).value.state;
    expect(itemOf(state, "clip").effectSpans).toEqual({
      audioFade: { beforeSeconds: 0, afterSeconds: 6 },
    });
    const layer = layerOf(planOf(state), "clip");
    expect(layerPoseAt(layer, 1.5).opacity).toBeCloseTo(0.5, 9);
    expect(layerPoseAt(layer, 3.5).opacity).toBeCloseTo(0.5, 9);
    expect(layerPoseAt(layer, 4 - 1e-9).opacity).toBeCloseTo(0, 6);
  });

  it("a new enter on the right half starts at its start; its exit keeps its place", () => {
    const state = applyOk(halves(), [
      {
        type: "set_item_animation",
        item_id: "new-1",
        enter: { type: "fade", duration_seconds: 1 },
      },
    ]).value.state;
    expect(itemOf(state, "new-1")).not.toHaveProperty("effectSpans.animation");
    const layer = layerOf(planOf(state), "new-1");
    expect(layerPoseAt(layer, 4.5).opacity).toBeCloseTo(0.5, 9);
  });

  it("new audio and text fades start at the half's edges, one side at a time", () => {
    const state = applyOk(halves(), [
      { type: "set_item_audio", item_id: "new-1", audio_fade_in_seconds: 2 },
      { type: "update_text", item_id: "title", style: { fade_out_seconds: 1 } },
    ]).value.state;
    expect(itemOf(state, "new-1")).not.toHaveProperty("effectSpans.audioFade");
    expect(itemOf(state, "title").effectSpans).toBeUndefined();
    const plan = planOf(state);
    expect(soundFadeAt(soundOf(plan, "new-1"), 5)).toBeCloseTo(0.5, 9);
    expect(layerPoseAt(layerOf(plan, "title"), 3.5).opacity).toBeCloseTo(0.5, 9);
  });

  it("a new motion runs over the half itself", () => {
    const state = applyOk(
      halves(),
      [
        { type: "set_item_motion", item_id: "clip", motion: { type: "zoom_in" } },
        { type: "split_item", item_id: "clip", at_seconds: 2 },
        { type: "set_item_motion", item_id: "more-1", motion: { type: "pan" } },
      ],
      { generateId: countingIds("more") },
    ).value.state;
    expect(itemOf(state, "clip").effectSpans?.motion).toEqual({
      beforeSeconds: 0,
      afterSeconds: 2,
    });
    expect(itemOf(state, "more-1").effectSpans?.motion).toBeUndefined();
  });
});

describe("animation, motion and fade lengths are bounded by what they are timed over", () => {
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
    expect(itemOf(result.value.state, "clip")).toMatchObject({
      enterAnimation: { type: "fade", duration_seconds: 2 },
      exitAnimation: { type: "zoom", duration_seconds: 1 },
    });
  });

  it("set_item_motion keeps a motion cycle within the item", () => {
    const result = applyOk(short(), [
      { type: "set_item_motion", item_id: "clip", motion: { type: "pan", duration_seconds: 100 } },
    ]);
    expect(itemOf(result.value.state, "clip")).toMatchObject({
      motion: { type: "pan", duration_seconds: 2 },
    });
  });

  it("set_item_audio and update_text keep fades within the item", () => {
    const result = applyOk(short(), [
      { type: "set_item_audio", item_id: "clip", audio_fade_in_seconds: 30 },
      { type: "update_text", item_id: "title", style: { fade_out_seconds: 10 } },
    ]);
    expect(itemOf(result.value.state, "clip")).toMatchObject({ audioFadeInSeconds: 2 });
    expect(itemOf(result.value.state, "title")).toMatchObject({ style: { fade_out_seconds: 2 } });
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
    expect(itemOf(result.value.state, "a")).toMatchObject({ audioFadeOutSeconds: 1.5 });
  });

  it("a half's effects are bounded by its whole: shortening it further clips only past that", () => {
    const state = stateOf([
      {
        id: "sound",
        items: [audio({ id: "a", from: 0, durationInFrames: 4 * FPS }, { audioFadeOutSeconds: 4 })],
      },
    ]);
    const result = applyOk(state, [
      { type: "split_item", item_id: "a", at_seconds: 1 },
      { type: "set_item_timing", item_id: "new-1", duration_seconds: 1 },
    ]);
    // The right half's whole is 1 s before it, then 1 s: a 4 s fade-out becomes 2 s.
    expect(itemOf(result.value.state, "new-1")).toMatchObject({
      audioFadeOutSeconds: 2,
      effectSpans: { audioFade: { beforeSeconds: 1, afterSeconds: 0 } },
    });
    expect(itemOf(result.value.state, "a")).toMatchObject({ audioFadeOutSeconds: 4 });
  });
});

// ---------------------------------------------------------------------------
// The law, for random items, effects and cut points
// ---------------------------------------------------------------------------

const animationArbitrary: fc.Arbitrary<AnimationConfig | null> = fc.option(
  fc.record(
    {
      type: fc.constantFrom("fade", "slide", "zoom", "scale", "flip", "float", "none" as const),
      duration_seconds: fc.double({ min: 0, max: 12, noNaN: true }),
      direction: fc.constantFrom("left", "right", "top", "bottom" as const),
    },
    { requiredKeys: ["type"] },
  ),
  { nil: null },
);

const motionArbitrary: fc.Arbitrary<Motion> = fc.record(
  {
    type: fc.constantFrom("zoom_in", "zoom_out", "pan", "ken_burns", "shake", "float", "none"),
    start_seconds: fc.double({ min: 0, max: 6, noNaN: true }),
    duration_seconds: fc.double({ min: 0.1, max: 12, noNaN: true }),
    intensity: fc.double({ min: 0, max: 1, noNaN: true }),
    loop: fc.boolean(),
  },
  { requiredKeys: ["type"] },
);

const fadeArbitrary = fc.double({ min: 0, max: 12, noNaN: true });

const itemScenario = fc.record({
  kind: fc.constantFrom("video", "audio", "text", "image", "solid"),
  fps: fc.constantFrom(24, 25, 30, 60, 5),
  fromFrame: fc.integer({ min: 0, max: 40 }),
  lengthFrames: fc.integer({ min: 3, max: 180 }),
  opacity: fc.double({ min: 0.1, max: 1, noNaN: true }),
  enter: animationArbitrary,
  exit: animationArbitrary,
  motion: fc.option(motionArbitrary, { nil: null }),
  fadeIn: fadeArbitrary,
  fadeOut: fadeArbitrary,
  // Up to three cuts, each at a fraction of the piece it falls in.
  cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), {
    minLength: 1,
    maxLength: 3,
  }),
});

type ItemScenario = typeof itemScenario extends fc.Arbitrary<infer Value> ? Value : never;

function plainItem({ kind, fromFrame, lengthFrames, opacity }: ItemScenario) {
  const placed = { id: "x", from: fromFrame, durationInFrames: lengthFrames };
  const look = { opacity, sourceStartSeconds: 0.25 };
  switch (kind) {
    case "video":
      return video(placed, look);
    case "audio":
      return audio(placed, look);
    case "text":
      return text(placed, { opacity });
    case "image":
      return image(placed, { opacity });
    case "solid":
      return solid(placed, { opacity });
  }
}

// The effects, set with the engine's own operations so they are stored as it stores them.
function effectOperations(scenario: ItemScenario): EditOperation[] {
  const { kind, enter, exit, motion, fadeIn, fadeOut } = scenario;
  const operations: EditOperation[] = [];
  if (kind !== "audio") {
    operations.push({ type: "set_item_animation", item_id: "x", enter, exit });
    if (motion !== null) operations.push({ type: "set_item_motion", item_id: "x", motion });
  }
  if (kind === "video" || kind === "audio") {
    operations.push({
      type: "set_item_audio",
      item_id: "x",
      audio_fade_in_seconds: fadeIn,
      audio_fade_out_seconds: fadeOut,
    });
  }
  if (kind === "text") {
    operations.push({
      type: "update_text",
      item_id: "x",
      style: { fade_in_seconds: fadeIn, fade_out_seconds: fadeOut },
    });
  }
  return operations;
}

// Cuts the pieces of `x` at the scenario's fractions; returns the state and piece ids.
function cutIntoPieces(state: EditorState, cuts: readonly number[]) {
  let current = state;
  const pieces = ["x"];
  const generateId = countingIds("piece");
  for (const [index, fraction] of cuts.entries()) {
    const id = pieces[index % pieces.length] as string;
    const piece = itemOf(current, id);
    if (piece.durationInFrames < 2) continue;
    const cutFrame = piece.from + 1 + Math.floor(fraction * (piece.durationInFrames - 1));
    const result = applyOk(
      current,
      [{ type: "split_item", item_id: id, at_seconds: cutFrame / current.fps }],
      { generateId },
    );
    pieces.push(result.value.operationResults[0]?.createdItemIds[0] ?? "");
    current = result.value.state;
  }
  return { state: current, pieces: new Set(pieces) };
}

describe("law: a split is invisible and inaudible", () => {
  it("shows the same pose, camera, source frame and sound level at every frame", () => {
    fc.assert(
      fc.property(itemScenario, (scenario) => {
        const track = { id: "track", items: [plainItem(scenario)] };
        const bare = stateOf([track], { fps: scenario.fps });
        const whole = applyOk(bare, effectOperations(scenario)).value.state;
        const { state, pieces } = cutIntoPieces(whole, scenario.cuts);
        expectSameFrames(
          { state: whole, itemIds: new Set(["x"]) },
          { state, itemIds: pieces },
          { fromFrame: scenario.fromFrame, endFrame: scenario.fromFrame + scenario.lengthFrames },
        );
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
