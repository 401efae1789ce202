/**
 * `assertEditorInvariants`: the throwing check a property suite calls after every step.
 * It reports every broken invariant of `validateEditorState` and every disagreement
 * between `summarizeEditor` and the state, all at once, so one failure shows the whole
 * damage instead of the first symptom.
 *
 * @module
 */
import {
  type EditorState,
  type EditorStateProblem,
  itemEndFrame,
  summarizeEditor,
  validateEditorState,
} from "../editor/index.js";

/** Thrown by {@link assertEditorInvariants}; lists every problem found. */
export class EditorInvariantError extends Error {
  /** Every problem, each with the dotted path into the state where it was found. */
  readonly problems: readonly EditorStateProblem[];

  /** Wraps `problems`; the message lists them one per line. */
  constructor(problems: readonly EditorStateProblem[]) {
    const lines = problems.map((problem) => `  - ${problem.path}: ${problem.message}`);
    const count = problems.length === 1 ? "1 invariant" : `${problems.length} invariants`;
    super(`The editor state breaks ${count}:\n${lines.join("\n")}`);
    this.name = "EditorInvariantError";
    this.problems = problems;
  }
}

// The summary is derived from the state, so it can only disagree through a bug in
// `summarizeEditor`; recomputing it independently here is what would catch that bug.
function summaryProblems(state: EditorState): EditorStateProblem[] {
  const summary = summarizeEditor(state);
  const items = Object.values(state.items);
  const itemTypes: Record<string, number> = {};
  for (const item of items) itemTypes[item.type] = (itemTypes[item.type] ?? 0) + 1;
  const totalDurationFrames = items.reduce(
    (latest, item) => Math.max(latest, itemEndFrame(item)),
    0,
  );
  const listed = state.tracks.reduce((count, track) => count + track.items.length, 0);
  const expected: Record<string, unknown> = {
    trackCount: state.tracks.length,
    itemCount: items.length,
    assetCount: Object.keys(state.assets).length,
    fps: state.fps,
    compositionWidth: state.compositionWidth,
    compositionHeight: state.compositionHeight,
    itemTypes,
    totalDurationFrames,
    totalDurationSeconds: totalDurationFrames / state.fps,
  };
  const problems: EditorStateProblem[] = [];
  for (const [key, value] of Object.entries(expected)) {
    const actual = (summary as unknown as Record<string, unknown>)[key];
    if (JSON.stringify(actual) !== JSON.stringify(value)) {
      problems.push({
        path: `summary.${key}`,
        message: `summarizeEditor says ${JSON.stringify(actual)}, the state says ${JSON.stringify(value)}.`,
      });
    }
  }
  if (summary.itemCount !== listed) {
    problems.push({
      path: "summary.itemCount",
      message: `summarizeEditor counts ${summary.itemCount} items, the tracks list ${listed}.`,
    });
  }
  return problems;
}

/**
 * Throws an {@link EditorInvariantError} listing every broken invariant of `state`: each
 * problem `validateEditorState` reports (overlaps, items missing from tracks, unknown
 * assets, values out of range, ...), and any disagreement between `summarizeEditor` and
 * the state (track, item and asset counts, item types, total duration, fps, composition
 * size). Returns normally when the state is valid.
 *
 * @example
 * ```ts
 * fc.assert(
 *   fc.property(editorStateArbitrary(), (state) => {
 *     assertEditorInvariants(state);
 *   }),
 * );
 * ```
 */
export function assertEditorInvariants(state: EditorState): void {
  const problems = [...validateEditorState(state), ...summaryProblems(state)];
  if (problems.length > 0) throw new EditorInvariantError(problems);
}
