/**
 * Seconds become frames by rounding the start and the end and taking the length between
 * them (DESIGN section 4), so clips that touch in seconds touch in frames, whatever
 * operation places them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMediaItem,
  createEditorState,
  type EditorState,
  itemEndFrame,
  secondsSpanToFrames,
} from "../../../src/editor/index.js";
import type { EditOperation } from "../../../src/schemas/edit-operations.js";
import { applyOk, itemOf } from "../support/apply.js";
import { countingIds } from "../support/ids.js";
import { SEED } from "./seed.js";

const FPS = 30;

function soundAt(fromSeconds: number, durationSeconds: number): EditOperation {
  return {
    type: "add_sound_effect",
    url: "https://sfx.example.com/tick.mp3",
    from_seconds: fromSeconds,
    duration_seconds: durationSeconds,
  };
}

describe("seconds to frames: start and end rounded, length between them", () => {
  it("keeps two sounds that touch in seconds on one track", () => {
    // 0.02 s is frame 0.6 and 1.04 s is frame 31.2: the first ends where the second starts.
    const result = applyOk(createEditorState({ fps: FPS }), [
      soundAt(0.02, 1.02),
      soundAt(1.04, 1),
    ]);
    expect(result.value.state.tracks).toHaveLength(1);
    expect(itemOf(result.value.state, "new-3")).toMatchObject({ from: 1, durationInFrames: 30 });
    expect(itemOf(result.value.state, "new-5")).toMatchObject({ from: 31, durationInFrames: 30 });
  });

  it.each<[string, (from: number, duration: number) => EditOperation]>([
    [
      "add_text",
      (from, duration) => ({
        type: "add_text",
        text: "Hi",
        from_seconds: from,
        duration_seconds: duration,
      }),
    ],
    [
      "add_solid",
      (from, duration) => ({ type: "add_solid", from_seconds: from, duration_seconds: duration }),
    ],
    [
      "add_captions",
      (from, duration) => ({
        type: "add_captions",
        captions: [{ text: "Hi", startMs: 0, endMs: 100 }],
        from_seconds: from,
        duration_seconds: duration,
      }),
    ],
  ])("%s ends on the frame its end in seconds rounds to", (_name, operation) => {
    const result = applyOk(createEditorState({ fps: FPS }), [operation(0.02, 1.02)]);
    const [item] = Object.values(result.value.state.items);
    expect(item).toMatchObject({ from: 1, durationInFrames: 30 });
  });

  it("set_item_timing rounds the new end, not the new length", () => {
    const base = applyOk(createEditorState({ fps: FPS }), [
      { type: "add_solid", from_seconds: 0, duration_seconds: 1 },
    ]).value.state;
    const solid = Object.keys(base.items)[0] as string;
    const result = applyOk(base, [
      { type: "set_item_timing", item_id: solid, from_seconds: 0.02, duration_seconds: 1.02 },
    ]);
    expect(itemOf(result.value.state, solid)).toMatchObject({ from: 1, durationInFrames: 30 });
  });

  it("addMediaItem rounds the start and the end of the placed media", () => {
    const result = addMediaItem(
      createEditorState({ fps: FPS }),
      { kind: "audio", url: "https://cdn.example.com/song.mp3", durationSeconds: 60 },
      { placement: { from_seconds: 0.02, duration_seconds: 1.02 }, generateId: countingIds("new") },
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(itemOf(result.value.state, result.value.itemId)).toMatchObject({
      from: 1,
      durationInFrames: 30,
    });
  });

  it.each([
    [0, 1, 30, 0, 30],
    [0.02, 1.02, 30, 1, 30],
    [0.1, 0.2, 5, 1, 1],
    [0, 0.001, 30, 0, 1],
    // 0.01 + 0.09 is 0.09999999999999999 and 0.01 + 0.28 is 0.29000000000000004 in binary
    // floating point; the ends still land where 0.1 s and 0.29 s do.
    [0.01, 0.09, 5, 0, 1],
    [0.01, 0.28, 50, 1, 14],
  ])(
    "span %s s + %s s at %i fps is frame %i for %i frames",
    (from, duration, fps, frame, frames) => {
      expect(secondsSpanToFrames(from, duration, fps)).toEqual({
        from: frame,
        durationInFrames: frames,
      });
    },
  );

  it("keeps clips written in decimal seconds touching, despite binary rounding", () => {
    const result = applyOk(createEditorState({ fps: 50 }), [soundAt(0.01, 0.28), soundAt(0.29, 1)]);
    expect(result.value.state.tracks).toHaveLength(1);
    expect(itemOf(result.value.state, "new-5").from).toBe(
      itemEndFrame(itemOf(result.value.state, "new-3")),
    );
  });
});

// Back-to-back clips: a start, then lengths each at least one frame long, at any fps.
const backToBack = fc.record({
  fps: fc.oneof(fc.constantFrom(24, 25, 30, 60), fc.integer({ min: 1, max: 120 })),
  startSeconds: fc.double({ min: 0, max: 600, noNaN: true }),
  lengthsInFrames: fc.array(fc.double({ min: 1, max: 400, noNaN: true }), {
    minLength: 2,
    maxLength: 8,
  }),
  kind: fc.constantFrom("sound", "text", "solid", "media"),
});

function placeBackToBack(
  state: EditorState,
  kind: string,
  from: number,
  duration: number,
  generateId: () => string,
): EditorState {
  if (kind === "media") {
    const result = addMediaItem(
      state,
      { kind: "audio", url: "https://cdn.example.com/long.mp3", durationSeconds: null },
      { placement: { from_seconds: from, duration_seconds: duration }, generateId },
    );
    if (!result.ok) throw new Error(result.error.message);
    return result.value.state;
  }
  const operation: EditOperation =
    kind === "sound"
      ? soundAt(from, duration)
      : kind === "text"
        ? { type: "add_text", text: "T", from_seconds: from, duration_seconds: duration, top: 0 }
        : { type: "add_solid", from_seconds: from, duration_seconds: duration, width: 10 };
  return applyOk(state, [operation], { generateId }).value.state;
}

describe("law: clips that touch in seconds touch in frames", () => {
  it("each next clip starts on the frame the previous one ends, on the same track", () => {
    fc.assert(
      fc.property(backToBack, ({ fps, startSeconds, lengthsInFrames, kind }) => {
        const generateId = countingIds("law");
        let state = createEditorState({ fps });
        let from = startSeconds;
        const ids: string[] = [];
        for (const frames of lengthsInFrames) {
          const duration = Math.min(frames / fps, 3600);
          const before = new Set(Object.keys(state.items));
          state = placeBackToBack(state, kind, from, duration, generateId);
          ids.push(Object.keys(state.items).find((id) => !before.has(id)) as string);
          from += duration;
        }
        const items = ids.map((id) => itemOf(state, id));
        for (const [index, item] of items.entries()) {
          const next = items[index + 1];
          if (next === undefined) break;
          expect(next.from).toBe(itemEndFrame(item));
          expect(next.trackId).toBe(item.trackId);
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
