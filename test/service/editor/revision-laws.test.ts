/**
 * The laws of undo and redo as property tests through the API, on both store sets: after
 * any sequence of edits, undos and redos, an undo restores exactly the state before the
 * change it reverts, a redo restores exactly the state after it, the history lists every
 * step, and `?revision=N` reads the state the project had after revision N.
 */
import fc from "fast-check";
import type { EditorState } from "reelkit/editor";
import type { EditOperation } from "reelkit/schemas";
import { editBatchArbitrary } from "reelkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, KEYS } from "../support/harness.js";
import { createProject, patchProject, readProject } from "./editor-support.js";

const SEED = 1515;
const RUNS = process.env.REELKIT_TEST_STORES === "postgres" ? 6 : 20;

type Step = { readonly kind: "edit"; readonly seed: number } | { readonly kind: "undo" | "redo" };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .integer({ min: 0, max: 2 ** 30 })
      .map((seed) => ({ kind: "edit" as const, seed })),
  },
  { weight: 2, arbitrary: fc.constant({ kind: "undo" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "redo" as const }) },
);

interface Change {
  readonly before: EditorState;
  readonly after: EditorState;
}

let harness: Harness;

beforeAll(async () => {
  harness = await createHarness();
});

afterAll(() => {
  expect(harness.serverErrors).toEqual([]);
});

function batchFor(state: EditorState, seed: number): EditOperation[] {
  const [batch] = fc.sample(editBatchArbitrary(state, { maxLength: 3 }), { seed, numRuns: 1 });
  return batch ?? [];
}

// Runs the steps against a model of the two stacks; returns the state of every revision.
async function runSteps(id: number, steps: readonly Step[]): Promise<EditorState[]> {
  const states: EditorState[] = [(await readProject(harness, id)).editor];
  const undoable: Change[] = [];
  const redoable: Change[] = [];
  for (const step of steps) {
    const current = states.at(-1) as EditorState;
    if (step.kind === "edit") {
      const operations = batchFor(current, step.seed);
      if (operations.length === 0) continue;
      const response = await patchProject(harness, id, { operations });
      if (response.status !== 200) continue;
      const after = (await readProject(harness, id)).editor;
      undoable.push({ before: current, after });
      redoable.length = 0;
      states.push(after);
      continue;
    }
    const stack = step.kind === "undo" ? undoable : redoable;
    const response = await harness.call("POST", `/editor/videos/${id}/${step.kind}`, {
      key: KEYS.acme,
    });
    const change = stack.pop();
    if (change === undefined) {
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe(`nothing_to_${step.kind}`);
      continue;
    }
    expect(response.status).toBe(200);
    const state = (await readProject(harness, id)).editor;
    expect(state).toEqual(step.kind === "undo" ? change.before : change.after);
    (step.kind === "undo" ? redoable : undoable).push(change);
    states.push(state);
  }
  return states;
}

describe("undo and redo laws", () => {
  it("restores the exact states, lists every step and reads every past revision", async () => {
    let revisions = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), async (steps) => {
        const id = await createProject(harness);
        const states = await runSteps(id, steps);
        const latest = states.length - 1;
        revisions += latest;
        const listed = await harness.call("GET", `/editor/videos/${id}/revisions?limit=100`, {
          key: KEYS.acme,
        });
        expect(listed.body.latest_revision).toBe(latest);
        expect(listed.body.revisions.map((entry: { revision: number }) => entry.revision)).toEqual(
          Array.from({ length: latest }, (_, index) => latest - index),
        );
        for (const [revision, state] of states.entries()) {
          const past = await harness.call("GET", `/editor/videos/${id}?revision=${revision}`, {
            key: KEYS.acme,
          });
          expect(past.body.video.editor).toEqual(state);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The generated steps did edit, undo and redo, not only meet empty stacks.
    expect(revisions).toBeGreaterThan(RUNS * 2);
  });
});
