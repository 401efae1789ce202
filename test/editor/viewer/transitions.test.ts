/**
 * A transition is visible and honest about time (spec 4.14 rule 6): the incoming item
 * only ever moves earlier, it plays in front of the outgoing item while they overlap, and
 * when it keeps its end its source moves back with its head, so every frame it showed
 * before still shows at the same time.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type EditorItem,
  type EditorState,
  isSourceTimedItem,
  itemEndFrame,
} from "../../../src/editor/index.js";
import type { EditOperation } from "../../../src/schemas/edit-operations.js";
import { applyFails, applyOk, itemOf, layerOf } from "../support/apply.js";
import {
  asset,
  captions,
  gif,
  image,
  solid,
  stateOf,
  type TrackSpec,
  text,
  video,
} from "../support/fixtures.js";
import { SEED } from "./seed.js";

describe("apply_item_transition never moves the incoming item later", () => {
  it("refuses when the incoming item already overlaps more than asked", () => {
    const state = stateOf([
      { id: "a-track", items: [image({ id: "out", from: 0, durationInFrames: 300 })] },
      { id: "b-track", items: [image({ id: "in", from: 60, durationInFrames: 90 })] },
    ]);
    const error = applyFails(state, [
      {
        type: "apply_item_transition",
        from_item_id: "out",
        to_item_id: "in",
        overlap_seconds: 0.5,
      },
    ]);
    expect(error.code).toBe("invalid_transition");
    expect(error.message).toContain("later");
  });

  it("accepts an incoming item that already overlaps exactly as asked, leaving it in place", () => {
    const state = stateOf([
      { id: "top", items: [image({ id: "in", from: 285, durationInFrames: 90 })] },
      { id: "main", items: [image({ id: "out", from: 0, durationInFrames: 300 })] },
    ]);
    const result = applyOk(state, [
      {
        type: "apply_item_transition",
        from_item_id: "out",
        to_item_id: "in",
        overlap_seconds: 0.5,
      },
    ]);
    expect(itemOf(result.value.state, "in")).toMatchObject({ from: 285, trackId: "top" });
  });
});

describe("a transition is visible: the incoming item plays in front of the outgoing one", () => {
  it("brings an incoming item from a track behind in front of the opaque outgoing video", () => {
    const state = stateOf([
      { id: "main", items: [video({ id: "out", from: 0, durationInFrames: 300 })] },
      { id: "back", items: [video({ id: "in", from: 300, durationInFrames: 150 })] },
    ]);
    const result = applyOk(state, [
      { type: "apply_item_transition", from_item_id: "out", to_item_id: "in" },
    ]);
    const incoming = itemOf(result.value.state, "in");
    expect(incoming).toMatchObject({ from: 285, enterAnimation: { type: "fade" } });
    expect(layerOf(result.value.state, incoming)).toBeLessThan(
      layerOf(result.value.state, itemOf(result.value.state, "out")),
    );
  });

  it("uses a free track directly in front of the outgoing item when there is one", () => {
    const state = stateOf([
      { id: "front", items: [image({ id: "early", from: 0, durationInFrames: 30 })] },
      { id: "main", items: [video({ id: "out", from: 0, durationInFrames: 300 })] },
      { id: "back", items: [video({ id: "in", from: 300, durationInFrames: 150 })] },
    ]);
    const result = applyOk(state, [
      { type: "apply_item_transition", from_item_id: "out", to_item_id: "in" },
    ]);
    expect(itemOf(result.value.state, "in").trackId).toBe("front");
    expect(result.value.state.tracks.map((track) => track.id)).toEqual(["front", "main"]);
  });
});

describe("preserve_to_item_end pulls the source back with the head", () => {
  function clips(sourceStartSeconds: number) {
    return stateOf([
      {
        id: "main",
        items: [
          video({ id: "out", from: 0, durationInFrames: 300 }),
          video(
            { id: "in", from: 300, durationInFrames: 150 },
            { sourceStartSeconds, playbackRate: 2 },
          ),
        ],
      },
    ]);
  }

  it("starts the source earlier by the overlap times the rate", () => {
    const result = applyOk(clips(5), [
      {
        type: "apply_item_transition",
        from_item_id: "out",
        to_item_id: "in",
        overlap_seconds: 1,
        preserve_to_item_end: true,
      },
    ]);
    expect(itemOf(result.value.state, "in")).toMatchObject({
      from: 270,
      durationInFrames: 180,
      sourceStartSeconds: 3,
    });
  });

  it("refuses with source_out_of_range when the media has no handle before the offset", () => {
    const error = applyFails(clips(1.5), [
      {
        type: "apply_item_transition",
        from_item_id: "out",
        to_item_id: "in",
        overlap_seconds: 1,
        preserve_to_item_end: true,
      },
    ]);
    expect(error.code).toBe("source_out_of_range");
    expect(error.message).toContain("1.5 s");
  });

  it("shifts caption entries so each still shows at the same time", () => {
    const state = stateOf([
      {
        id: "main",
        items: [
          image({ id: "out", from: 0, durationInFrames: 60 }),
          captions(
            { id: "in", from: 60, durationInFrames: 60 },
            {
              captions: [
                {
                  text: "Hi",
                  startMs: 0,
                  endMs: 500,
                  words: [{ word: "Hi", startMs: 0, endMs: 500 }],
                },
              ],
            },
          ),
        ],
      },
    ]);
    const result = applyOk(state, [
      {
        type: "apply_item_transition",
        from_item_id: "out",
        to_item_id: "in",
        overlap_seconds: 1,
        preserve_to_item_end: true,
      },
    ]);
    expect(itemOf(result.value.state, "in")).toMatchObject({
      from: 30,
      captions: [
        {
          text: "Hi",
          startMs: 1000,
          endMs: 1500,
          words: [{ word: "Hi", startMs: 1000, endMs: 1500 }],
        },
      ],
    });
  });
});

// Scenario: an outgoing and an incoming visual item anywhere on a few tracks, with other
// items around them, and a transition with any overlap, with or without its end kept.
const VISUALS = { video, image, gif, solid, text } as const;
type VisualType = keyof typeof VISUALS;

const itemDraw = fc.record({
  type: fc.constantFrom(...(Object.keys(VISUALS) as VisualType[])),
  track: fc.integer({ min: 0, max: 3 }),
  from: fc.integer({ min: 0, max: 600 }),
  length: fc.integer({ min: 1, max: 300 }),
  sourceStartSeconds: fc.double({ min: 0, max: 20, noNaN: true }),
  rate: fc.double({ min: 0.1, max: 4, noNaN: true }),
});

const scenario = fc.record({
  outgoing: itemDraw,
  incoming: itemDraw,
  overlapSeconds: fc.option(fc.double({ min: 0, max: 12, noNaN: true }), { nil: undefined }),
  preserveEnd: fc.boolean(),
  enter: fc.constantFrom(undefined, null, { type: "slide" as const, direction: "left" as const }),
});

type ItemDraw = typeof itemDraw extends fc.Arbitrary<infer Drawn> ? Drawn : never;

function buildItem(id: string, drawn: ItemDraw): EditorItem {
  const placed = { id, from: drawn.from, durationInFrames: drawn.length };
  const source = { sourceStartSeconds: drawn.sourceStartSeconds, playbackRate: drawn.rate };
  return drawn.type === "video" || drawn.type === "gif"
    ? VISUALS[drawn.type](placed, source)
    : VISUALS[drawn.type](placed);
}

function buildScenario(outgoing: ItemDraw, incoming: ItemDraw): EditorState | undefined {
  const a = buildItem("out", outgoing);
  const b = buildItem("in", incoming);
  const sameTrack = outgoing.track === incoming.track;
  const overlapping = a.from < itemEndFrame(b) && b.from < itemEndFrame(a);
  if (sameTrack && overlapping) return undefined;
  const tracks: TrackSpec[] = [0, 1, 2, 3].map((index) => ({
    id: `track-${index}`,
    kind: "visual",
    items: [a, b].filter((item) => (item.id === "out" ? outgoing : incoming).track === index),
  }));
  return stateOf(
    tracks.filter((track) => track.items.length > 0),
    {
      assets: [
        asset("video-asset", "video", { durationSeconds: 120 }),
        asset("gif-asset", "gif", { durationSeconds: 3 }),
        asset("image-asset", "image"),
      ],
    },
  );
}

describe("law: a transition's incoming item never moves later, and plays in front", () => {
  it("moves it earlier to the overlap, in front, with its shown frames kept, or refuses", () => {
    let applied = 0;
    fc.assert(
      fc.property(scenario, ({ outgoing, incoming, overlapSeconds, preserveEnd, enter }) => {
        const state = buildScenario(outgoing, incoming);
        fc.pre(state !== undefined);
        if (state === undefined) return;
        const before = itemOf(state, "in");
        const operation: EditOperation = {
          type: "apply_item_transition",
          from_item_id: "out",
          to_item_id: "in",
          ...(overlapSeconds === undefined ? {} : { overlap_seconds: overlapSeconds }),
          ...(preserveEnd ? { preserve_to_item_end: true } : {}),
          ...(enter === undefined ? {} : { enter }),
        };
        let next: EditorState;
        try {
          next = applyOk(state, [operation]).value.state;
        } catch (error) {
          expect(String(error)).toMatch(/invalid_transition|source_out_of_range/);
          return;
        }
        applied += 1;
        const after = itemOf(next, "in");
        const out = itemOf(next, "out");
        expect(after.from).toBeLessThanOrEqual(before.from);
        if (after.from < itemEndFrame(out)) {
          expect(layerOf(next, after)).toBeLessThan(layerOf(next, out));
        }
        if (preserveEnd) {
          expect(itemEndFrame(after)).toBe(itemEndFrame(before));
          if (isSourceTimedItem(after) && isSourceTimedItem(before)) {
            // The frame shown at the old start is the one shown there before.
            const shownThen =
              after.sourceStartSeconds +
              ((before.from - after.from) / next.fps) * after.playbackRate;
            expect(shownThen).toBeCloseTo(before.sourceStartSeconds, 6);
            expect(after.sourceStartSeconds).toBeGreaterThanOrEqual(0);
          }
        } else {
          expect(after.durationInFrames).toBe(before.durationInFrames);
        }
      }),
      { seed: SEED, numRuns: 1000 },
    );
    expect(applied).toBeGreaterThan(50);
  });
});
