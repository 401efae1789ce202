/**
 * No item plays past the end of its media when the media's length is known (DESIGN
 * section 4): `sourceStartSeconds + durationInFrames / fps × playbackRate` never passes
 * the asset's `durationSeconds`. Operations that change an item refuse with
 * `source_out_of_range`; operations that add media, or whose intent is clear (trim the
 * head, change the speed), end the item where its media ends. GIFs loop, and images,
 * solids, text and captions have no source length.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMediaItem,
  createEditorState,
  type EditorItem,
  type EditorState,
  isSourceTimedItem,
} from "../../../src/editor/index.js";
import type { EditOperation } from "../../../src/schemas/edit-operations.js";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { asset, gif, stateOf, video } from "../support/fixtures.js";
import { countingIds } from "../support/ids.js";
import { SEED } from "./seed.js";

const FPS = 30;
// Playing past the media by less than this is rounding, not a defect.
const TOLERANCE_SECONDS = 1e-6;

/** A 10 s clip placed whole at 0 s, on 10 s of media. */
function tenSecondClip(extra: Partial<EditorItem> = {}): EditorState {
  return stateOf(
    [
      {
        id: "main",
        items: [video({ id: "clip", from: 0, durationInFrames: 300 }, extra as never)],
      },
    ],
    { fps: FPS, assets: [asset("video-asset", "video", { durationSeconds: 10 })] },
  );
}

function playedSeconds(state: EditorState, item: EditorItem): number {
  if (!isSourceTimedItem(item)) return 0;
  return item.sourceStartSeconds + (item.durationInFrames / state.fps) * item.playbackRate;
}

/** Every video and audio item of known media ends within it. */
function expectWithinMedia(state: EditorState): void {
  for (const item of Object.values(state.items)) {
    if (!isSourceTimedItem(item) || item.type === "gif") continue;
    const mediaSeconds = state.assets[item.assetId]?.durationSeconds ?? null;
    if (mediaSeconds === null) continue;
    expect(playedSeconds(state, item), item.id).toBeLessThanOrEqual(
      mediaSeconds + TOLERANCE_SECONDS,
    );
  }
}

describe("no item plays past its media", () => {
  it("set_item_timing refuses a length the media does not have", () => {
    const error = applyFails(tenSecondClip(), [
      { type: "set_item_timing", item_id: "clip", duration_seconds: 25 },
    ]);
    expect(error.code).toBe("source_out_of_range");
    expect(error.message).toContain("10 s");
  });

  it("set_item_timing accepts exactly the media left, whatever the start's rounding", () => {
    // 6.65 s is 199.5 frames; starting at frame 0.36, the end rounds to frame 200.
    const state = tenSecondClip({ sourceStartSeconds: 3.35 });
    const result = applyOk(state, [
      {
        type: "set_item_timing",
        item_id: "clip",
        from_seconds: 0.012,
        duration_seconds: 6.65,
      },
    ]);
    expectWithinMedia(result.value.state);
    expect(itemOf(result.value.state, "clip").durationInFrames).toBe(199);
  });

  it("set_item_source ends a sped-up clip where its media ends", () => {
    const result = applyOk(tenSecondClip(), [
      { type: "set_item_source", item_id: "clip", playback_rate: 2 },
    ]);
    expect(itemOf(result.value.state, "clip")).toMatchObject({
      playbackRate: 2,
      durationInFrames: 150,
    });
    expectWithinMedia(result.value.state);
  });

  it("set_item_source ends a head-trimmed clip where its media ends", () => {
    const result = applyOk(tenSecondClip(), [
      { type: "set_item_source", item_id: "clip", source_start_seconds: 9 },
    ]);
    expect(itemOf(result.value.state, "clip")).toMatchObject({
      sourceStartSeconds: 9,
      durationInFrames: 30,
    });
  });

  it("set_item_source refuses an offset that leaves less than one frame of media", () => {
    const error = applyFails(tenSecondClip(), [
      { type: "set_item_source", item_id: "clip", source_start_seconds: 9.99 },
    ]);
    expect(error.code).toBe("source_out_of_range");
  });

  it("a GIF loops, so its length is not bound by its media", () => {
    const state = stateOf(
      [{ id: "main", items: [gif({ id: "g", from: 0, durationInFrames: 60 })] }],
      {
        fps: FPS,
        assets: [asset("gif-asset", "gif", { durationSeconds: 1 })],
      },
    );
    const result = applyOk(state, [
      { type: "set_item_timing", item_id: "g", duration_seconds: 20 },
      { type: "set_item_source", item_id: "g", playback_rate: 4 },
    ]);
    expect(itemOf(result.value.state, "g").durationInFrames).toBe(600);
  });

  it("add_voiceover lasts at most as long as its speech", () => {
    const result = applyOk(
      createEditorState({ fps: FPS }),
      [{ type: "add_voiceover", text: "Hello there", duration_seconds: 10 }],
      { voiceover: { url: "https://voices.example.com/vo.mp3", durationSeconds: 6.4 } },
    );
    expect(itemOf(result.value.state, "new-3").durationInFrames).toBe(192);
  });

  it("add_sound_effect lasts at most as long as its sound", () => {
    const result = applyOk(
      createEditorState({ fps: FPS }),
      [{ type: "add_sound_effect", sound_effect_id: "boom", duration_seconds: 5 }],
      {
        media: {
          soundEffects: { boom: { url: "https://sfx.example.com/boom.mp3", durationSeconds: 1.5 } },
        },
      },
    );
    expect(itemOf(result.value.state, "new-3").durationInFrames).toBe(45);
  });

  it("addMediaItem places at most what the media holds from its offset at its rate", () => {
    const result = addMediaItem(
      createEditorState({ fps: FPS }),
      { kind: "video", url: "https://cdn.example.com/clip.mp4", durationSeconds: 10 },
      {
        placement: { source_start_seconds: 4, playback_rate: 2, duration_seconds: 20 },
        generateId: countingIds("new"),
      },
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(itemOf(result.value.state, result.value.itemId).durationInFrames).toBe(90);
  });
});

describe("durations the engine derives stay within 3,600 s", () => {
  it("media at rate 0.1 without a duration lasts at most an hour", () => {
    const result = addMediaItem(
      createEditorState({ fps: FPS }),
      { kind: "video", url: "https://cdn.example.com/long.mp4", durationSeconds: 600 },
      { placement: { playback_rate: 0.1 }, generateId: countingIds("new") },
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(itemOf(result.value.state, result.value.itemId).durationInFrames).toBe(3600 * FPS);
  });

  it("a sound longer than an hour without a duration lasts an hour", () => {
    const result = applyOk(
      createEditorState({ fps: FPS }),
      [{ type: "add_sound_effect", url: "https://cdn.example.com/ambience.mp3" }],
      {
        media: {
          urls: {
            "https://cdn.example.com/ambience.mp3": {
              url: "https://cdn.example.com/ambience.mp3",
              durationSeconds: 5000,
            },
          },
        },
      },
    );
    expect(itemOf(result.value.state, "new-3").durationInFrames).toBe(3600 * FPS);
  });

  it("add_captions refuses entries spanning 7,200 s without a duration", () => {
    const error = applyFails(createEditorState({ fps: FPS }), [
      {
        type: "add_captions",
        captions: [
          { text: "Start", startMs: 0, endMs: 1000 },
          { text: "Two hours later", startMs: 7_199_000, endMs: 7_200_000 },
        ],
      },
    ]);
    expect(error.code).toBe("invalid_captions");
    expect(error.message).toContain("3600");
  });
});

// Scenario: one clip of known media, trimmed and sped up, then an operation that changes
// its length, its trim or its rate, or adds media of known length.
const scenario = fc.record({
  fps: fc.constantFrom(24, 25, 30, 60, 7),
  mediaSeconds: fc.double({ min: 0.5, max: 120, noNaN: true }),
  startUnit: fc.double({ min: 0, max: 0.95, noNaN: true }),
  rate: fc.double({ min: 0.1, max: 8, noNaN: true }),
  lengthUnit: fc.double({ min: 0.01, max: 1, noNaN: true }),
  change: fc.oneof(
    fc.record({
      kind: fc.constant("timing"),
      durationSeconds: fc.double({ min: 0.1, max: 600, noNaN: true }),
      fromSeconds: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant("source"),
      startUnit: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      rate: fc.option(fc.double({ min: 0.1, max: 8, noNaN: true }), { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant("voiceover"),
      durationSeconds: fc.option(fc.double({ min: 0.1, max: 600, noNaN: true }), {
        nil: undefined,
      }),
      startUnit: fc.double({ min: 0, max: 0.99, noNaN: true }),
    }),
    fc.record({
      kind: fc.constant("media"),
      durationSeconds: fc.option(fc.double({ min: 0.1, max: 3600, noNaN: true }), {
        nil: undefined,
      }),
      startUnit: fc.double({ min: 0, max: 0.99, noNaN: true }),
      rate: fc.double({ min: 0.1, max: 8, noNaN: true }),
    }),
    fc.record({
      kind: fc.constant("split"),
      unit: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
      durationSeconds: fc.double({ min: 0.1, max: 600, noNaN: true }),
    }),
  ),
});

function clipState(
  fps: number,
  mediaSeconds: number,
  startSeconds: number,
  rate: number,
  lengthUnit: number,
): EditorState {
  const playable = Math.floor(((mediaSeconds - startSeconds) / rate) * fps);
  const frames = Math.max(1, Math.min(Math.floor(playable * lengthUnit), 3600 * fps));
  return stateOf(
    [
      {
        id: "main",
        items: [
          video(
            { id: "clip", from: 0, durationInFrames: frames },
            { sourceStartSeconds: startSeconds, playbackRate: rate },
          ),
        ],
      },
    ],
    { fps, assets: [asset("video-asset", "video", { durationSeconds: mediaSeconds })] },
  );
}

describe("law: no item plays past its media", () => {
  it("after any change, every item ends within its media, or the change is refused", () => {
    fc.assert(
      fc.property(scenario, ({ fps, mediaSeconds, startUnit, rate, lengthUnit, change }) => {
        const startSeconds = startUnit * mediaSeconds;
        // Media too short to hold one frame from the offset at the rate is not a clip.
        fc.pre(((mediaSeconds - startSeconds) / rate) * fps >= 1);
        const state = clipState(fps, mediaSeconds, startSeconds, rate, lengthUnit);
        let operations: EditOperation[];
        const options: Parameters<typeof applyOk>[2] = {};
        switch (change.kind) {
          case "timing":
            operations = [
              {
                type: "set_item_timing",
                item_id: "clip",
                duration_seconds: change.durationSeconds,
                ...(change.fromSeconds === undefined ? {} : { from_seconds: change.fromSeconds }),
              },
            ];
            break;
          case "source":
            operations = [
              {
                type: "set_item_source",
                item_id: "clip",
                ...(change.startUnit === undefined
                  ? {}
                  : { source_start_seconds: change.startUnit * mediaSeconds }),
                ...(change.rate === undefined || change.startUnit !== undefined
                  ? { playback_rate: change.rate ?? 1 }
                  : { playback_rate: change.rate }),
              },
            ];
            break;
          case "voiceover":
            operations = [
              {
                type: "add_voiceover",
                text: "Hello",
                source_start_seconds: change.startUnit * mediaSeconds,
                ...(change.durationSeconds === undefined
                  ? {}
                  : { duration_seconds: change.durationSeconds }),
              },
            ];
            options.voiceover = {
              url: "https://voices.example.com/vo.mp3",
              durationSeconds: mediaSeconds,
            };
            break;
          case "media": {
            const placed = addMediaItem(
              state,
              {
                kind: "audio",
                url: "https://cdn.example.com/a.mp3",
                durationSeconds: mediaSeconds,
              },
              {
                placement: {
                  source_start_seconds: change.startUnit * mediaSeconds,
                  playback_rate: change.rate,
                  ...(change.durationSeconds === undefined
                    ? {}
                    : { duration_seconds: change.durationSeconds }),
                },
                generateId: countingIds("new"),
              },
            );
            if (placed.ok) expectWithinMedia(placed.value.state);
            else expect(placed.error.code).toBe("source_out_of_range");
            return;
          }
          case "split": {
            const clip = itemOf(state, "clip");
            if (clip.durationInFrames < 2) return;
            const cut =
              clip.from +
              Math.max(
                1,
                Math.min(
                  clip.durationInFrames - 1,
                  Math.round(change.unit * clip.durationInFrames),
                ),
              );
            operations = [
              { type: "split_item", item_id: "clip", at_seconds: cut / fps },
              {
                type: "set_item_timing",
                item_id: "new-1",
                duration_seconds: change.durationSeconds,
              },
            ];
            break;
          }
        }
        const before = structuredClone(state);
        const result = applyOkOrRefused(state, operations, options);
        if (result === "refused") {
          expect(state).toEqual(before);
          return;
        }
        expectWithinMedia(result);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

function applyOkOrRefused(
  state: EditorState,
  operations: EditOperation[],
  options: Parameters<typeof applyOk>[2],
): EditorState | "refused" {
  try {
    return applyOk(state, operations, options).value.state;
  } catch (error) {
    const message = String(error);
    if (message.includes("source_out_of_range")) return "refused";
    throw error;
  }
}
