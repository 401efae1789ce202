/**
 * How undo and redo stacks move with each new revision. An edit pushes its revision on
 * the undo stack and empties the redo stack (so a redo after a new edit is refused); an
 * undo moves the top of the undo stack to the redo stack; a redo moves the top of the
 * redo stack back, as its own new revision. Revisions that fall out of the kept history
 * leave both stacks, since their patches are gone.
 *
 * @module
 */
import type { Patch } from "immer";
import type { EditorState } from "../../editor/state.js";
import {
  type NewRevision,
  oldestKeptEntry,
  type ProjectHead,
  type RevisionEntry,
} from "../../ports/revisions.js";

function kept(head: ProjectHead, revision: number, stack: readonly number[]): number[] {
  const oldest = oldestKeptEntry(revision, head.historyStart, head.revisionsKept);
  return stack.filter((each) => each >= oldest);
}

function revisionOn(
  head: ProjectHead,
  {
    state,
    entry,
  }: { readonly state: EditorState; readonly entry: Omit<RevisionEntry, "revision"> },
  stacks: { readonly undo: readonly number[]; readonly redo: readonly number[] },
): NewRevision {
  const revision = head.video.version + 1;
  return {
    state,
    entry,
    undoStack: kept(head, revision, stacks.undo),
    redoStack: kept(head, revision, stacks.redo),
  };
}

/** What an edit records besides its patches. */
export interface EditRecord {
  /** Who made it. */
  readonly actor: RevisionEntry["actor"];
  /** The operation types applied. */
  readonly operationTypes: readonly string[];
  /** The instructions recorded, or null. */
  readonly instructions: string | null;
  /** ISO 8601 time. */
  readonly createdAt: string;
}

/** The revision of an accepted edit: its patches, pushed on the undo stack, redo emptied. */
export function editRevision(
  head: ProjectHead,
  change: { readonly state: EditorState; readonly forward: Patch[]; readonly inverse: Patch[] },
  record: EditRecord,
): NewRevision {
  const revision = head.video.version + 1;
  return revisionOn(
    head,
    {
      state: change.state,
      entry: { ...record, target: null, forward: change.forward, inverse: change.inverse },
    },
    { undo: [...head.undoStack, revision], redo: [] },
  );
}

/** The state a reverting revision leaves, and when it is made. */
export interface RevertedState {
  /** The project's state once the entry's patches are applied (or undone). */
  readonly state: EditorState;
  /** ISO 8601 time. */
  readonly createdAt: string;
}

/** The revision that reverts `undone` (the top of the undo stack) onto the current state. */
export function undoRevision(
  head: ProjectHead,
  undone: RevisionEntry,
  { state, createdAt }: RevertedState,
): NewRevision {
  return revisionOn(
    head,
    {
      state,
      entry: {
        actor: "undo",
        operationTypes: [],
        instructions: null,
        target: undone.revision,
        forward: undone.inverse,
        inverse: undone.forward,
        createdAt,
      },
    },
    { undo: head.undoStack.slice(0, -1), redo: [...head.redoStack, undone.revision] },
  );
}

/** The revision that applies `redone` (the top of the redo stack) again. */
export function redoRevision(
  head: ProjectHead,
  redone: RevisionEntry,
  { state, createdAt }: RevertedState,
): NewRevision {
  const revision = head.video.version + 1;
  return revisionOn(
    head,
    {
      state,
      entry: {
        actor: "redo",
        operationTypes: [],
        instructions: null,
        target: redone.revision,
        forward: redone.forward,
        inverse: redone.inverse,
        createdAt,
      },
    },
    { undo: [...head.undoStack, revision], redo: head.redoStack.slice(0, -1) },
  );
}
