/**
 * The revision history of editor projects, as stores keep it. A project is a sequence of
 * revisions: revision 0 at creation, one more per accepted batch (DESIGN section 5). Each
 * revision is kept as the engine's forward and inverse patches, never as a copy of the
 * project, and undo and redo are new revisions that apply a kept revision's patches, so
 * history is appended to and never rewritten.
 *
 * A store answers the same way whatever it is built on: the last
 * {@link EDITOR_REVISIONS_KEPT_DEFAULT} revisions (or the number the store was configured
 * with) can be listed, read and undone; older ones are forgotten, and
 * {@link oldestKeptRevision} says where that line runs.
 *
 * @module
 */

import type { Patch } from "immer";
import type { EditorState } from "../editor/state.js";
import type { OrganizationId } from "../organization-id.js";
import type { VideoRecord } from "./records.js";

/** How many revisions a store keeps by default: the last 100 (at least). */
export const EDITOR_REVISIONS_KEPT_DEFAULT = 100;

/** Fewest revisions a store may be configured to keep: undo needs the last one. */
export const EDITOR_REVISIONS_KEPT_MIN = 1;

/** Who made a revision: an edit over the REST API or over MCP, an undo, or a redo. */
export type RevisionActor = "api" | "mcp" | "undo" | "redo";

/** One kept revision of a project. */
export interface RevisionEntry {
  /** The revision number, from 1. */
  readonly revision: number;
  /** ISO 8601 time it was made. */
  readonly createdAt: string;
  /** Who made it. */
  readonly actor: RevisionActor;
  /** Types of the operations it applied, in order; empty for undo, redo and notes. */
  readonly operationTypes: readonly string[];
  /** Instructions recorded with it; null when none. */
  readonly instructions: string | null;
  /** For an undo or redo, the revision whose change it reverted or applied again. */
  readonly target: number | null;
  /** Patches from the previous revision's state to this one's. */
  readonly forward: readonly Patch[];
  /** Patches from this revision's state back to the previous one's. */
  readonly inverse: readonly Patch[];
}

/** An editor project as of its latest revision, with what undo and redo may take. */
export interface ProjectHead {
  /** The project record; `editor` is the latest state and `version` the latest revision. */
  readonly video: VideoRecord & { readonly editor: EditorState };
  /**
   * Revisions an undo may revert, the next one last. Each is an edit (or a redo) whose
   * change is in the current state.
   */
  readonly undoStack: readonly number[];
  /** Revisions a redo may apply again, the next one last; emptied by every new edit. */
  readonly redoStack: readonly number[];
  /** The first revision whose state the store ever held (0, or later for migrated data). */
  readonly historyStart: number;
  /** How many revisions the store keeps. */
  readonly revisionsKept: number;
}

/** A revision to append on top of the head. */
export interface NewRevision {
  /** The project's state after it. */
  readonly state: EditorState;
  /** What to record; the store assigns the number (head + 1). */
  readonly entry: Omit<RevisionEntry, "revision">;
  /** The undo stack after it. */
  readonly undoStack: readonly number[];
  /** The redo stack after it. */
  readonly redoStack: readonly number[];
}

/** What a revision change decided: a value for the caller, and the revision to append if any. */
export interface RevisionDecision<Value> {
  /** Handed back to the caller of `commitRevision`. */
  readonly value: Value;
  /** The revision to append; none leaves the project as it is. */
  readonly append?: NewRevision;
}

/** Reads kept revisions while a change runs. */
export interface RevisionReader {
  /** The kept revision `revision`, or undefined when it is not kept. */
  entry(revision: number): Promise<RevisionEntry | undefined>;
}

/**
 * A change to a project's history, run while the store holds the project: no other
 * change of the project runs between the read of `head` and the append. It may run again
 * after a conflict, so it must not act on the world outside.
 */
export type RevisionChange<Value> = (
  head: ProjectHead,
  history: RevisionReader,
) => Promise<RevisionDecision<Value>>;

/** The outcome of `commitRevision`. */
export interface RevisionCommit<Value> {
  /** What the change decided. */
  readonly value: Value;
  /** The project's revision afterwards. */
  readonly revision: number;
}

/** A page of kept revisions, newest first. */
export interface RevisionPage {
  /** The revisions, newest first. */
  readonly entries: readonly RevisionEntry[];
  /** The project's latest revision. */
  readonly latestRevision: number;
}

/** The project as of one revision. */
export type ProjectAtRevision =
  | { readonly kind: "found"; readonly video: VideoRecord & { readonly editor: EditorState } }
  | { readonly kind: "missing" }
  | { readonly kind: "not_yet"; readonly latestRevision: number }
  | { readonly kind: "forgotten"; readonly oldestRevision: number };

/** The revision history of an organization's editor projects. */
export interface EditorRevisionStore {
  /**
   * Runs `change` against the project's latest revision, holding the project, and appends
   * the revision it asks for. Undefined when the project is missing or not an editor
   * project.
   */
  commitRevision<Value>(
    organizationId: OrganizationId,
    videoId: number,
    change: RevisionChange<Value>,
  ): Promise<RevisionCommit<Value> | undefined>;
  /**
   * Kept revisions newest first, at most `limit`, those below `before` when it is given.
   * Undefined when the project is missing or not an editor project.
   */
  listRevisions(
    organizationId: OrganizationId,
    videoId: number,
    query: { readonly limit: number; readonly before?: number | undefined },
  ): Promise<RevisionPage | undefined>;
  /** The project as it was at `revision`. */
  projectAt(
    organizationId: OrganizationId,
    videoId: number,
    revision: number,
  ): Promise<ProjectAtRevision>;
}

/**
 * The oldest revision whose state a store still answers for, when the latest is `latest`:
 * the last `revisionsKept` revisions, never before the history began.
 *
 * @example
 * ```ts
 * oldestKeptRevision(250, 0, 100); // 151
 * oldestKeptRevision(7, 0, 100); // 0
 * ```
 */
export function oldestKeptRevision(
  latest: number,
  historyStart: number,
  revisionsKept: number,
): number {
  return Math.max(historyStart, latest - revisionsKept + 1);
}

/** The oldest revision whose entry (its patches, its line in the history) is kept. */
export function oldestKeptEntry(
  latest: number,
  historyStart: number,
  revisionsKept: number,
): number {
  return Math.max(historyStart + 1, latest - revisionsKept + 1);
}

/**
 * The number of revisions a store keeps: `configured`, or the default. Throws a
 * `RangeError` for a value that is not an integer of at least
 * {@link EDITOR_REVISIONS_KEPT_MIN}, so a miswired host fails at start.
 */
export function resolveRevisionsKept(configured: number | undefined): number {
  const kept = configured ?? EDITOR_REVISIONS_KEPT_DEFAULT;
  if (!Number.isSafeInteger(kept) || kept < EDITOR_REVISIONS_KEPT_MIN) {
    throw new RangeError(`revisionsKept must be an integer >= ${EDITOR_REVISIONS_KEPT_MIN}.`);
  }
  return kept;
}
