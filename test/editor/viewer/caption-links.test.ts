/**
 * Generated captions remember the items they were transcribed from and follow them: when
 * a source item moves, is trimmed, re-timed, split or removed, the captions show what
 * generating them again would show; edited by hand, they become hand-made captions.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyOperations,
  type CaptionsItem,
  type EditorItem,
  type EditorState,
  type Transcript,
} from "../../../src/editor/index.js";
import type { EditOperation } from "../../../src/schemas/edit-operations.js";
import { applyFails, applyOk, itemOf } from "../support/apply.js";
import { asset, audio, stateOf, video } from "../support/fixtures.js";
import { deepFreeze } from "../support/freeze.js";
import { countingIds } from "../support/ids.js";
import { SEED } from "./seed.js";

const FPS = 30;

// A clip at 1 s for 3 s playing source 0 to 3 s; a voice at 5 s for 2 s.
function project(): EditorState {
  return stateOf(
    [
      { id: "main", items: [video({ id: "clip", from: 30, durationInFrames: 90 })] },
      {
        id: "voice",
        items: [audio({ id: "vo", from: 150, durationInFrames: 60 }, { assetId: "vo-asset" })],
      },
    ],
    {
      fps: FPS,
      assets: [
        asset("video-asset", "video", { durationSeconds: 60 }),
        asset("vo-asset", "audio", { durationSeconds: 2, audioRole: "voice" }),
      ],
    },
  );
}

const transcripts: Record<string, Transcript> = {
  clip: {
    words: [
      { word: "One", startMs: 0, endMs: 500 },
      { word: "two.", startMs: 1000, endMs: 1500 },
      { word: "Three", startMs: 2000, endMs: 2500 },
    ],
  },
  vo: { words: [{ word: "Bye", startMs: 100, endMs: 600 }] },
};

function generated(sources: string[] = ["clip"]): { state: EditorState; captionsId: string } {
  const result = applyOk(
    project(),
    [{ type: "generate_captions_from_items", source_item_ids: sources }],
    { transcripts },
  );
  const captionsId = result.value.operationResults[0]?.createdItemIds[0] as string;
  return { state: result.value.state, captionsId };
}

function captionsOf(state: EditorState, id: string): CaptionsItem {
  const item = itemOf(state, id);
  if (item.type !== "captions") throw new Error(`${id} is ${item.type}`);
  return item;
}

// Entries on the timeline in milliseconds: what a viewer sees and when.
function shown(state: EditorState, id: string): Array<[string, number, number]> {
  const item = captionsOf(state, id);
  const startMs = (item.from / state.fps) * 1000;
  return item.captions.map((entry) => [
    entry.text,
    Math.round(startMs + entry.startMs),
    Math.round(startMs + entry.endMs),
  ]);
}

describe("generated captions follow their source items", () => {
  it("move with a source that moves", () => {
    const { state, captionsId } = generated();
    expect(shown(state, captionsId)).toEqual([
      ["One two.", 1000, 2500],
      ["Three", 3000, 3500],
    ]);
    const moved = applyOk(state, [{ type: "set_item_timing", item_id: "clip", from_seconds: 3 }]);
    expect(shown(moved.value.state, captionsId)).toEqual([
      ["One two.", 3000, 4500],
      ["Three", 5000, 5500],
    ]);
    expect(captionsOf(moved.value.state, captionsId)).toMatchObject({
      from: 90,
      durationInFrames: 90,
    });
  });

  it("drop the words a trim cuts away and shorten with the source", () => {
    const { state, captionsId } = generated();
    const trimmed = applyOk(state, [
      { type: "set_item_source", item_id: "clip", source_start_seconds: 1 },
      { type: "set_item_timing", item_id: "clip", duration_seconds: 1 },
    ]);
    expect(shown(trimmed.value.state, captionsId)).toEqual([["two.", 1000, 1500]]);
    expect(captionsOf(trimmed.value.state, captionsId)).toMatchObject({
      from: 30,
      durationInFrames: 30,
    });
  });

  it("follow both halves of a split source, and lose the words of a removed half", () => {
    const { state, captionsId } = generated();
    const split = applyOk(state, [{ type: "split_item", item_id: "clip", at_seconds: 2.5 }], {
      generateId: countingIds("cut"),
    });
    expect(shown(split.value.state, captionsId)).toEqual(shown(state, captionsId));
    const right = split.value.operationResults[0]?.createdItemIds[0] as string;
    const removed = applyOk(split.value.state, [{ type: "remove_item", item_id: right }]);
    expect(shown(removed.value.state, captionsId)).toEqual([["One two.", 1000, 2500]]);
  });

  it("keep the words of the other sources when one source moves", () => {
    const { state, captionsId } = generated(["clip", "vo"]);
    expect(shown(state, captionsId)).toEqual([
      ["One two.", 1000, 2500],
      ["Three Bye", 3000, 5600],
    ]);
    const moved = applyOk(state, [{ type: "set_item_timing", item_id: "vo", from_seconds: 10 }]);
    expect(shown(moved.value.state, captionsId)).toEqual([
      ["One two.", 1000, 2500],
      ["Three Bye", 3000, 10600],
    ]);
  });

  it("are removed with their last source, and the removal is reported", () => {
    const { state, captionsId } = generated();
    const result = applyOk(state, [{ type: "remove_item", item_id: "clip" }]);
    expect(result.value.state.items[captionsId]).toBeUndefined();
    expect(result.value.operationResults[0]?.removedItemIds).toEqual(["clip", captionsId]);
  });

  it("leave their sources when they are removed", () => {
    const { state, captionsId } = generated(["clip", "vo"]);
    const result = applyOk(state, [{ type: "remove_item", item_id: captionsId }]);
    expect(itemOf(result.value.state, "clip")).not.toHaveProperty("captionsItemIds");
    expect(itemOf(result.value.state, "vo")).not.toHaveProperty("captionsItemIds");
  });

  it("regroup their words when words_per_caption changes, and stay linked", () => {
    const { state, captionsId } = generated();
    const result = applyOk(state, [
      { type: "update_captions", item_id: captionsId, style: { words_per_caption: 1 } },
    ]);
    expect(shown(result.value.state, captionsId).map(([text]) => text)).toEqual([
      "One",
      "two.",
      "Three",
    ]);
    expect(captionsOf(result.value.state, captionsId).generatedFrom?.sourceItemIds).toEqual([
      "clip",
    ]);
  });

  it("refuse a move that would spread their sources over more than an hour", () => {
    const { state } = generated(["clip", "vo"]);
    const error = applyFails(state, [
      { type: "set_item_timing", item_id: "vo", from_seconds: 3700 },
    ]);
    expect(error.code).toBe("invalid_captions");
  });

  it("become hand-made captions when their own timing or entries change", () => {
    const { state, captionsId } = generated();
    const retimed = applyOk(state, [
      { type: "set_item_timing", item_id: captionsId, from_seconds: 0.5 },
      { type: "set_item_timing", item_id: "clip", from_seconds: 4 },
    ]);
    expect(captionsOf(retimed.value.state, captionsId)).toMatchObject({ from: 15 });
    expect(captionsOf(retimed.value.state, captionsId).generatedFrom).toBeUndefined();
    expect(itemOf(retimed.value.state, "clip")).not.toHaveProperty("captionsItemIds");
  });
});

// Scenario: captions generated from one to three sources, then an edit of a source.
const sourceDraw = fc.record({
  type: fc.constantFrom("video", "audio"),
  from: fc.integer({ min: 0, max: 300 }),
  length: fc.integer({ min: 10, max: 300 }),
  startSeconds: fc.double({ min: 0, max: 10, noNaN: true }),
  rate: fc.constantFrom(0.5, 1, 1.5, 2),
});

const edit = fc.oneof(
  fc.record({
    kind: fc.constant("move"),
    source: fc.nat(),
    seconds: fc.double({ min: 0, max: 20, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant("length"),
    source: fc.nat(),
    seconds: fc.double({ min: 0.1, max: 8, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant("trim"),
    source: fc.nat(),
    seconds: fc.double({ min: 0, max: 15, noNaN: true }),
  }),
  fc.record({ kind: fc.constant("rate"), source: fc.nat(), rate: fc.constantFrom(0.5, 1, 2, 3) }),
  fc.record({
    kind: fc.constant("split"),
    source: fc.nat(),
    unit: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    moveRight: fc.option(fc.double({ min: 0, max: 20, noNaN: true }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant("remove"), source: fc.nat() }),
  fc.record({ kind: fc.constant("style"), words: fc.integer({ min: 1, max: 12 }) }),
);

type SourceDraw = typeof sourceDraw extends fc.Arbitrary<infer Drawn> ? Drawn : never;
type Edit = typeof edit extends fc.Arbitrary<infer Drawn> ? Drawn : never;

const scenario = fc.record({
  sources: fc.array(sourceDraw, { minLength: 1, maxLength: 3 }),
  words: fc.array(
    fc.record({
      startMs: fc.integer({ min: 0, max: 20_000 }),
      lengthMs: fc.integer({ min: 0, max: 900 }),
      word: fc.constantFrom("alpha", "beta.", "gamma", "delta!", "eps"),
    }),
    { minLength: 1, maxLength: 40 },
  ),
  edits: fc.array(edit, { minLength: 1, maxLength: 3 }),
});

function sourceState(sources: SourceDraw[]): EditorState {
  return stateOf(
    sources.map((drawn, index) => {
      const placed = { id: `s${index}`, from: drawn.from, durationInFrames: drawn.length };
      const fields = {
        assetId: `asset-${index}`,
        sourceStartSeconds: drawn.startSeconds,
        playbackRate: drawn.rate,
      };
      return {
        id: `track-${index}`,
        items: [drawn.type === "video" ? video(placed, fields) : audio(placed, fields)],
      };
    }),
    {
      fps: FPS,
      assets: sources.map((drawn, index) =>
        asset(`asset-${index}`, drawn.type, { durationSeconds: 200 }),
      ),
    },
  );
}

function editOperations(state: EditorState, captionsId: string, drawn: Edit): EditOperation[] {
  const linked = captionsOf(state, captionsId).generatedFrom?.sourceItemIds ?? [];
  if (drawn.kind === "style") {
    return [
      { type: "update_captions", item_id: captionsId, style: { words_per_caption: drawn.words } },
    ];
  }
  const id = linked[drawn.source % linked.length] as string;
  const item = itemOf(state, id) as EditorItem & {
    sourceStartSeconds: number;
    playbackRate: number;
  };
  switch (drawn.kind) {
    case "move":
      return [{ type: "set_item_timing", item_id: id, from_seconds: drawn.seconds }];
    case "length":
      return [
        {
          type: "set_item_timing",
          item_id: id,
          duration_seconds: Math.min(
            drawn.seconds,
            (200 - item.sourceStartSeconds) / item.playbackRate,
          ),
        },
      ];
    case "trim":
      return [{ type: "set_item_source", item_id: id, source_start_seconds: drawn.seconds }];
    case "rate":
      return [{ type: "set_item_source", item_id: id, playback_rate: drawn.rate }];
    case "remove":
      return [{ type: "remove_item", item_id: id }];
    case "split": {
      if (item.durationInFrames < 2) return [];
      const cut = item.from + 1 + Math.floor(drawn.unit * (item.durationInFrames - 1));
      return [{ type: "split_item", item_id: id, at_seconds: cut / FPS }];
    }
  }
}

describe("law: linked captions always show what generating them now would show", () => {
  it("after edits of their sources, entries and timing equal a fresh generation", () => {
    fc.assert(
      fc.property(scenario, ({ sources, words, edits }) => {
        const base = sourceState(sources);
        const sourceIds = sources.map((_, index) => `s${index}`);
        const transcriptWords = words.map((drawn) => ({
          word: drawn.word,
          startMs: drawn.startMs,
          endMs: drawn.startMs + drawn.lengthMs,
        }));
        const supplied = Object.fromEntries(
          sourceIds.map((id) => [id, { words: transcriptWords }]),
        );
        const first = applyOperations(
          deepFreeze(base),
          [{ type: "generate_captions_from_items", source_item_ids: sourceIds }],
          { transcripts: supplied, generateId: countingIds("gen") },
        );
        // Words the sources never play make no captions to follow.
        fc.pre(first.ok);
        if (!first.ok) return;
        const captionsId = first.value.operationResults[0]?.createdItemIds[0] as string;
        let state = first.value.state;
        let ids = 0;
        for (const drawn of edits) {
          if (state.items[captionsId] === undefined) break;
          const operations = editOperations(state, captionsId, drawn);
          if (operations.length === 0) continue;
          ids += 1;
          const result = applyOk(state, operations, { generateId: countingIds(`edit${ids}`) });
          state = result.value.state;
          if (state.items[captionsId] === undefined) {
            expect(
              result.value.operationResults.flatMap((outcome) => outcome.removedItemIds),
            ).toContain(captionsId);
          }
        }
        const captions = state.items[captionsId];
        if (captions === undefined) return;
        if (captions.type !== "captions" || captions.generatedFrom === undefined)
          throw new Error("unlinked");
        const link = captions.generatedFrom;
        const again = applyOperations(
          state,
          [
            {
              type: "generate_captions_from_items",
              source_item_ids: link.sourceItemIds,
              captions_item_id: captionsId,
            },
          ],
          {
            transcripts: Object.fromEntries(
              link.sourceItemIds.map((id) => [id, { words: transcriptWords }]),
            ),
            generateId: countingIds("again"),
          },
        );
        if (!again.ok) {
          // Nothing the sources play is spoken: the linked captions show nothing either.
          expect(again.error.code).toBe("transcript_empty");
          expect(captions.captions).toEqual([]);
          return;
        }
        const fresh = captionsOf(again.value.state, captionsId);
        expect(captions.from).toBe(fresh.from);
        expect(captions.durationInFrames).toBe(fresh.durationInFrames);
        expect(captions.captions).toEqual(fresh.captions);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
