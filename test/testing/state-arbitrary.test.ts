import fc from "fast-check";
import { COMPOSITION_SIZES, type EditorState, validateEditorState } from "reelkit/editor";
import { FPS_MAX, FPS_MIN } from "reelkit/schemas";
import { assertEditorInvariants, editorStateArbitrary } from "reelkit/testing";
import { describe, expect, it, vi } from "vitest";
import { SEED } from "./seeds.js";

function allIds(state: EditorState): string[] {
  return [
    ...Object.keys(state.items),
    ...Object.keys(state.assets),
    ...state.tracks.map((track) => track.id),
  ];
}

describe("editorStateArbitrary", () => {
  it("draws valid states with a known frame rate and composition size", () => {
    fc.assert(
      fc.property(editorStateArbitrary(), (state) => {
        expect(validateEditorState(state)).toEqual([]);
        assertEditorInvariants(state);
        expect(Number.isInteger(state.fps)).toBe(true);
        expect(state.fps).toBeGreaterThanOrEqual(FPS_MIN);
        expect(state.fps).toBeLessThanOrEqual(FPS_MAX);
        expect(Object.values(COMPOSITION_SIZES)).toContainEqual({
          width: state.compositionWidth,
          height: state.compositionHeight,
        });
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it("reaches every item type, several tracks, and empty states across a run", () => {
    const states = fc.sample(editorStateArbitrary(), { seed: SEED, numRuns: 100 });
    const types = new Set(states.flatMap((state) => Object.values(state.items)).map((i) => i.type));
    expect([...types].sort()).toEqual(
      ["audio", "captions", "gif", "image", "solid", "text", "video"].sort(),
    );
    expect(states.some((state) => Object.keys(state.items).length === 0)).toBe(true);
    expect(states.some((state) => state.tracks.length >= 3)).toBe(true);
    expect(states.some((state) => state.title !== null)).toBe(true);
    // Common and uncommon frame rates both appear.
    expect(states.some((state) => [24, 25, 30, 60].includes(state.fps))).toBe(true);
    expect(states.some((state) => ![24, 25, 30, 60].includes(state.fps))).toBe(true);
  });

  it("replays the same states from the same seed, with counter ids only", () => {
    const first = fc.sample(editorStateArbitrary(), { seed: SEED, numRuns: 30 });
    const second = fc.sample(editorStateArbitrary(), { seed: SEED, numRuns: 30 });
    expect(second).toEqual(first);
    for (const state of first) {
      for (const id of allIds(state)) expect(id).toMatch(/^gen-\d+$/);
    }
  });

  it("never calls Math.random while drawing", () => {
    const random = vi.spyOn(Math, "random");
    try {
      fc.sample(editorStateArbitrary(), { seed: SEED, numRuns: 30 });
      expect(random).not.toHaveBeenCalled();
    } finally {
      random.mockRestore();
    }
  });

  it("honours frame rates, aspect ratios, item limits, media, types and the id prefix", () => {
    const options = {
      fps: [24, 60],
      aspectRatios: ["1:1"] as const,
      maxItems: 3,
      media: false,
      idPrefix: "p",
    };
    fc.assert(
      fc.property(editorStateArbitrary(options), (state) => {
        expect([24, 60]).toContain(state.fps);
        expect(state.compositionWidth).toBe(1080);
        expect(state.compositionHeight).toBe(1080);
        expect(Object.keys(state.items).length).toBeLessThanOrEqual(3);
        for (const item of Object.values(state.items)) {
          expect(["video", "image", "gif"]).not.toContain(item.type);
        }
        for (const id of allIds(state)) expect(id).toMatch(/^p-\d+$/);
      }),
      { seed: SEED, numRuns: 50 },
    );
    fc.assert(
      fc.property(
        editorStateArbitrary({ fps: { min: 1, max: 5 }, types: ["add_text"], media: false }),
        (state) => {
          expect(state.fps).toBeLessThanOrEqual(5);
          for (const item of Object.values(state.items)) expect(item.type).toBe("text");
        },
      ),
      { seed: SEED, numRuns: 30 },
    );
    const fixed = fc.sample(editorStateArbitrary({ fps: 25, maxBatches: 0 }), {
      seed: SEED,
      numRuns: 5,
    });
    for (const state of fixed) {
      expect(state.fps).toBe(25);
      expect(state.tracks).toEqual([]);
    }
  });

  it("refuses options outside their ranges when built", () => {
    expect(() => editorStateArbitrary({ fps: 0 })).toThrow(RangeError);
    expect(() => editorStateArbitrary({ fps: [30, 121] })).toThrow(/fps must be an integer/);
    expect(() => editorStateArbitrary({ fps: [] })).toThrow(RangeError);
    expect(() => editorStateArbitrary({ maxBatches: -1 })).toThrow(/maxBatches/);
    expect(() => editorStateArbitrary({ aspectRatios: [] })).toThrow(RangeError);
    expect(() => editorStateArbitrary({ timelineSeconds: 0 })).toThrow(/timelineSeconds/);
  });
});
