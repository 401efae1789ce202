import fc from "fast-check";
import {
  applyOperations,
  createEditorState,
  EDIT_ERROR_CODES,
  type EditorState,
} from "reelkit/editor";
import {
  EDIT_OPERATION_TYPES,
  type EditOperation,
  editOperationSchema,
  OPERATIONS_PER_REQUEST_MAX,
} from "reelkit/schemas";
import {
  assertEditorInvariants,
  countingIdGenerator,
  editBatchArbitrary,
  editBatchWithProvidersArbitrary,
  editOperationArbitrary,
  editorStateArbitrary,
} from "reelkit/testing";
import { describe, expect, it } from "vitest";
import { SEED } from "./seeds.js";

const withOperation = editorStateArbitrary()
  .filter((state) => Object.keys(state.items).length > 0)
  .chain((state) => editOperationArbitrary(state).map((operation) => ({ state, operation })));

const withBatch = editorStateArbitrary().chain((state) =>
  editBatchArbitrary(state).map((operations) => ({ state, operations })),
);

const withProviderBatch = editorStateArbitrary().chain((state) =>
  editBatchWithProvidersArbitrary(state).map((batch) => ({ state, batch })),
);

function expectWireValid(operations: readonly EditOperation[]): void {
  for (const operation of operations) {
    const parsed = editOperationSchema.safeParse(operation);
    expect(parsed.error?.issues, JSON.stringify(operation)).toBeUndefined();
  }
}

function itemIdsNamed(operation: EditOperation): string[] {
  const ids: string[] = [];
  for (const key of ["item_id", "from_item_id", "to_item_id", "captions_item_id"] as const) {
    const value = (operation as Partial<Record<typeof key, string>>)[key];
    if (value !== undefined) ids.push(value);
  }
  if (operation.type === "set_audio_levels") ids.push(...(operation.item_ids ?? []));
  if (operation.type === "generate_captions_from_items") ids.push(...operation.source_item_ids);
  return ids;
}

describe("editOperationArbitrary", () => {
  it("draws operations within the wire limits that name the state's items and apply alone", () => {
    fc.assert(
      fc.property(withOperation, ({ state, operation }) => {
        expectWireValid([operation]);
        for (const id of itemIdsNamed(operation)) expect(Object.keys(state.items)).toContain(id);
        const result = applyOperations(state, [operation], {
          generateId: countingIdGenerator("new", state),
        });
        if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
        assertEditorInvariants(result.value.state);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("leaves out the provider operations and the types a state cannot take", () => {
    const empty = createEditorState();
    const drawn = fc.sample(editOperationArbitrary(empty), { seed: SEED, numRuns: 200 });
    expect(new Set(drawn.map((operation) => operation.type))).toEqual(
      new Set(["set_title", "add_solid", "add_text", "add_captions", "add_sound_effect"]),
    );
    expect(() => editOperationArbitrary(empty, { types: ["remove_item"] })).toThrow(
      /can act on this state/,
    );
    expect(() => editOperationArbitrary(empty, { types: ["add_voiceover"] })).toThrow(
      /editBatchWithProvidersArbitrary/,
    );
    expect(() =>
      editOperationArbitrary(empty, { types: ["warp_item" as EditOperation["type"]] }),
    ).toThrow(/not an edit operation type/);
  });
});

describe("editBatchArbitrary", () => {
  it("draws 1 to maxLength wire-valid operations that apply, or fail with a known code", () => {
    let applied = 0;
    fc.assert(
      fc.property(withBatch, ({ state, operations }) => {
        expect(operations.length).toBeGreaterThanOrEqual(1);
        expect(operations.length).toBeLessThanOrEqual(10);
        expectWireValid(operations);
        const result = applyOperations(state, operations, {
          generateId: countingIdGenerator("new", state),
        });
        if (!result.ok) {
          expect(EDIT_ERROR_CODES).toContain(result.error.code);
          expect(result.error.operationIndex).toBeGreaterThanOrEqual(0);
          expect(result.error.operationIndex).toBeLessThan(operations.length);
          return;
        }
        applied += 1;
        expect(result.value.applied).toEqual(operations.map((operation) => operation.type));
        assertEditorInvariants(result.value.state);
      }),
      { seed: SEED, numRuns: 150 },
    );
    // The planner checks each operation against the state the earlier ones leave, so
    // every batch of this seed applies; a refusal here means a generator went wrong.
    expect(applied).toBe(150);
  });

  it("honours the length bounds and the operation types", () => {
    const state = fc.sample(
      editorStateArbitrary().filter((candidate) => Object.keys(candidate.items).length >= 3),
      { seed: SEED, numRuns: 1 },
    )[0] as EditorState;
    const batches = fc.sample(
      editBatchArbitrary(state, { minLength: 3, maxLength: 5, types: ["set_title", "add_text"] }),
      { seed: SEED, numRuns: 50 },
    );
    for (const operations of batches) {
      expect(operations.length).toBeGreaterThanOrEqual(3);
      expect(operations.length).toBeLessThanOrEqual(5);
      for (const operation of operations)
        expect(["set_title", "add_text"]).toContain(operation.type);
    }
    const longest = fc.sample(editBatchArbitrary(state, { minLength: 50, maxLength: 50 }), {
      seed: SEED,
      numRuns: 3,
    });
    for (const operations of longest) {
      expect(operations.length).toBeGreaterThan(0);
      expect(operations.length).toBeLessThanOrEqual(OPERATIONS_PER_REQUEST_MAX);
    }
    expect(() => editBatchArbitrary(state, { maxLength: 51 })).toThrow(/maxLength/);
    expect(() => editBatchArbitrary(state, { minLength: 0 })).toThrow(/minLength/);
  });

  it("drops later plans whose target is gone rather than naming a removed item", () => {
    const state = fc.sample(
      editorStateArbitrary({ media: false }).filter(
        (candidate) => Object.keys(candidate.items).length === 1,
      ),
      { seed: SEED, numRuns: 1 },
    )[0] as EditorState;
    const batches = fc.sample(
      editBatchArbitrary(state, { minLength: 3, maxLength: 3, types: ["remove_item"] }),
      { seed: SEED, numRuns: 10 },
    );
    for (const operations of batches) {
      expect(operations).toEqual([{ type: "remove_item", item_id: Object.keys(state.items)[0] }]);
    }
  });
});

describe("editBatchWithProvidersArbitrary", () => {
  it("draws batches whose provider results let them apply, voiceovers alone", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(withProviderBatch, ({ state, batch }) => {
        expectWireValid(batch.operations);
        for (const operation of batch.operations) seen.add(operation.type);
        if (batch.operations.some((operation) => operation.type === "add_voiceover")) {
          expect(batch.operations).toHaveLength(1);
          expect(batch.options.voiceover?.durationSeconds).toBeGreaterThan(0);
        }
        const result = applyOperations(state, batch.operations, {
          ...batch.options,
          generateId: countingIdGenerator("new", state),
        });
        if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
        assertEditorInvariants(result.value.state);
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect(seen).toContain("add_voiceover");
    expect(seen).toContain("generate_captions_from_items");
  });
});

describe("the arbitraries together", () => {
  it("draw every one of the 21 operation types", () => {
    const seen = new Set<string>();
    const draws = fc.sample(withProviderBatch, { seed: SEED, numRuns: 300 });
    for (const { batch } of draws)
      for (const operation of batch.operations) seen.add(operation.type);
    expect([...seen].sort()).toEqual([...EDIT_OPERATION_TYPES].sort());
  });
});
