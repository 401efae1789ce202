/**
 * The laws every batch keeps (DESIGN section 3, principles 5, 6 and 13), checked over
 * reachable states and planned batches from `reelkit/testing`, with a fixed seed so a
 * failure replays exactly (fast-check prints the seed and path to pass back).
 */
import fc from "fast-check";
import { applyPatches } from "immer";
import {
  type ApplyOptions,
  applyOperations,
  EDIT_ERROR_CODES,
  type EffectFamily,
  isSourceTimedItem,
  isVisualItem,
} from "reelkit/editor";
import type { EditOperation } from "reelkit/schemas";
import {
  assertEditorInvariants,
  countingIdGenerator,
  editBatchArbitrary,
  editBatchWithProvidersArbitrary,
  editorStateArbitrary,
} from "reelkit/testing";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "./support/freeze.js";

const SEED = 20261122;
const RUNS = 100;

const stateAndBatch = editorStateArbitrary().chain((state) =>
  editBatchArbitrary(state).map((operations) => ({ state, operations, options: {} })),
);

// Batches that transcribe, speak and resolve sound effects, with the provider results.
const stateAndProviderBatch = editorStateArbitrary().chain((state) =>
  editBatchWithProvidersArbitrary(state).map((batch) => ({
    state,
    operations: batch.operations,
    options: batch.options as ApplyOptions,
  })),
);

// Plain batches four times as often as provider batches; both kinds every run.
const anyBatch = fc.oneof({ weight: 4, arbitrary: stateAndBatch }, stateAndProviderBatch);

// One fresh counter per application, skipping the ids of the input, so two runs of the
// same batch name new items alike.
function applyWithIds(
  state: Parameters<typeof applyOperations>[0],
  operations: readonly EditOperation[],
  options: ApplyOptions,
) {
  return applyOperations(state, operations, {
    ...options,
    generateId: countingIdGenerator("new", state),
  });
}

describe("editor laws over reachable states and planned batches", () => {
  it("a batch applies and leaves a valid state, or fails with a known code at a real index", () => {
    let failures = 0;
    fc.assert(
      fc.property(anyBatch, ({ state, operations, options }) => {
        const result = applyWithIds(state, operations, options);
        if (!result.ok) {
          failures += 1;
          expect(EDIT_ERROR_CODES).toContain(result.error.code);
          expect(Number.isInteger(result.error.operationIndex)).toBe(true);
          expect(result.error.operationIndex).toBeGreaterThanOrEqual(0);
          expect(result.error.operationIndex).toBeLessThan(operations.length);
          expect(result.error.message.length).toBeGreaterThan(0);
          return;
        }
        expect(result.value.applied).toEqual(operations.map((operation) => operation.type));
        assertEditorInvariants(result.value.state);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Planned batches are meant to apply; a refusal points at a generator or the engine.
    expect(failures).toBe(0);
  });

  it("viewer laws: nothing plays past its media, no effect outlasts its item (or whole)", () => {
    fc.assert(
      fc.property(anyBatch, ({ state, operations, options }) => {
        const result = applyWithIds(state, operations, options);
        if (!result.ok) return;
        for (const item of Object.values(result.value.state.items)) {
          const itemSeconds = item.durationInFrames / result.value.state.fps;
          // A half of a split item times its effects over the whole it was cut from.
          const wholeSeconds = (family: EffectFamily) => {
            const span = item.effectSpans?.[family];
            return itemSeconds + (span?.beforeSeconds ?? 0) + (span?.afterSeconds ?? 0) + 1e-9;
          };
          if (isSourceTimedItem(item) && item.type !== "gif") {
            const media = result.value.state.assets[item.assetId]?.durationSeconds ?? null;
            const played = item.sourceStartSeconds + itemSeconds * item.playbackRate;
            if (media !== null) expect(played).toBeLessThanOrEqual(media + 1e-6);
          }
          if (isVisualItem(item)) {
            for (const effect of [item.enterAnimation, item.exitAnimation]) {
              expect(effect?.duration_seconds ?? 0).toBeLessThanOrEqual(wholeSeconds("animation"));
            }
            expect(item.motion?.duration_seconds ?? 0).toBeLessThanOrEqual(wholeSeconds("motion"));
          }
          if (item.type === "audio" || item.type === "video") {
            expect(Math.max(item.audioFadeInSeconds, item.audioFadeOutSeconds)).toBeLessThanOrEqual(
              wholeSeconds("audioFade"),
            );
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("undo: the inverse patches turn the output back into the input exactly", () => {
    fc.assert(
      fc.property(anyBatch, ({ state, operations, options }) => {
        const before = structuredClone(state);
        const result = applyWithIds(state, operations, options);
        if (!result.ok) return;
        expect(applyPatches(result.value.state, result.value.inverse)).toEqual(before);
        // And redo: the forward patches replay the batch on the input.
        expect(applyPatches(state, result.value.patches)).toEqual(result.value.state);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("JSON round-trip: a state survives it, and the batch does the same to the copy", () => {
    fc.assert(
      fc.property(anyBatch, ({ state, operations, options }) => {
        const copy = JSON.parse(JSON.stringify(state));
        expect(copy).toEqual(state);
        const original = applyWithIds(state, operations, options);
        const replayed = applyWithIds(copy, operations, options);
        expect(replayed).toEqual(original);
        if (original.ok)
          expect(JSON.parse(JSON.stringify(original.value.state))).toEqual(original.value.state);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("frozen inputs: applying never throws and never changes the state or the batch", () => {
    fc.assert(
      fc.property(anyBatch, ({ state, operations, options }) => {
        const stateBefore = structuredClone(state);
        const operationsBefore = structuredClone(operations);
        deepFreeze(state);
        deepFreeze(operations);
        const result = applyWithIds(state, operations, options);
        expect(state).toEqual(stateBefore);
        expect(operations).toEqual(operationsBefore);
        expect(result.ok).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("an empty batch returns the very same state object and no patches", () => {
    fc.assert(
      fc.property(editorStateArbitrary(), (state) => {
        const result = applyOperations(state, [], {
          generateId: countingIdGenerator("new", state),
        });
        if (!result.ok) throw new Error(result.error.message);
        expect(result.value.state).toBe(state);
        expect(result.value.applied).toEqual([]);
        expect(result.value.patches).toEqual([]);
        expect(result.value.inverse).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a batch that changes nothing returns the same state object", () => {
    fc.assert(
      fc.property(
        editorStateArbitrary().filter((state) => state.title !== null),
        (state) => {
          const title = state.title as string;
          const result = applyOperations(state, [{ type: "set_title", title }], {
            generateId: countingIdGenerator("new", state),
          });
          expect(result.ok && result.value.state).toBe(state);
        },
      ),
      { seed: SEED, numRuns: 50 },
    );
  });
});
