/**
 * Building a product's timeline with the engine's own means: media placed as POST
 * /editor/videos/{id}/media places it (`addMediaItem`), everything else as the edit
 * operations a user sends (`applyOperations`), so every invariant and viewer law of the
 * engine holds for a built project as for an edited one. A rejection is a value.
 *
 * @module
 */

import { applyOperations } from "../../editor/apply.js";
import { validateEditorState } from "../../editor/invariants.js";
import { addMediaItem, type MediaPlacementFields, type MediaToPlace } from "../../editor/media.js";
import type { ApplyOptions } from "../../editor/options.js";
import type { EditorState } from "../../editor/state.js";
import { type FrameSpan, framesToSeconds } from "../../editor/time.js";
import type { JobFailure } from "../../ports/records.js";
import type { GeneratedVisual } from "../../ports/visuals.js";
import { err, ok, type Result } from "../../result.js";
import type { EditOperation } from "../../schemas/edit-operations.js";

/** What a build step made, or a sentence saying why the engine refused it. */
export type Build<Value> = Result<Value, string>;

/** A timeline and the ids of the items a build step created, in order. */
export interface Built {
  /** The timeline after the step. */
  readonly state: EditorState;
  /** Ids of the items it created. */
  readonly itemIds: readonly string[];
}

/** Length of the fade out of one picture and into the next, in seconds. */
export const SCENE_FADE_SECONDS = 0.25;

/** Applies `operations` as one batch; the ids of the items each created, in order. */
export function applyBatch(
  state: EditorState,
  operations: readonly EditOperation[],
  options: ApplyOptions,
): Build<Built> {
  const applied = applyOperations(state, operations, options);
  if (!applied.ok) {
    const { code, message, operationIndex } = applied.error;
    const type = operations[operationIndex]?.type ?? "an operation";
    return err(`${type} was refused (${code}): ${message}`);
  }
  const itemIds = applied.value.operationResults.flatMap((result) => result.createdItemIds);
  return ok({ state: applied.value.state, itemIds });
}

/** Places one medium as POST /editor/videos/{id}/media would. */
export function placeMedia(
  state: EditorState,
  media: MediaToPlace,
  { placement, generateId }: { placement: MediaPlacementFields; generateId: () => string },
): Build<Built> {
  const placed = addMediaItem(state, media, { placement, generateId });
  if (!placed.ok) {
    return err(`placing ${media.url} was refused: ${placed.error.message}`);
  }
  return ok({ state: placed.value.state, itemIds: [placed.value.itemId] });
}

/** A picture to show for a span of frames, and what to call it. */
export interface TimedStill {
  /** The stored picture. */
  readonly visual: GeneratedVisual;
  /** When it shows. */
  readonly span: FrameSpan;
  /** Its display name, such as `Scene 2`. */
  readonly name: string;
}

/**
 * Places the pictures one after the other; touching, none overlapping, they share one
 * track (the engine puts a picture on a free compatible track).
 */
export function placeStills(
  state: EditorState,
  stills: readonly TimedStill[],
  generateId: () => string,
): Build<Built> {
  let current = state;
  const itemIds: string[] = [];
  for (const { visual, span, name } of stills) {
    const placed = placeMedia(
      current,
      { kind: "image", url: visual.url, name, width: visual.width, height: visual.height },
      {
        placement: {
          from_seconds: framesToSeconds(span.from, current.fps),
          duration_seconds: framesToSeconds(span.durationInFrames, current.fps),
          fit: "cover",
        },
        generateId,
      },
    );
    if (!placed.ok) return placed;
    current = placed.value.state;
    itemIds.push(...placed.value.itemIds);
  }
  return ok({ state: current, itemIds });
}

/**
 * Transitions between consecutive pictures: each fades out as the next fades in from
 * black, without overlap, so every picture keeps its own span on one track (a user can
 * turn any of them into a cross-fade with `apply_item_transition` and an overlap).
 */
export function fadesThroughBlack(itemIds: readonly string[]): EditOperation[] {
  const fade = { type: "fade", duration_seconds: SCENE_FADE_SECONDS } as const;
  return itemIds.slice(1).map((toItemId, index) => ({
    type: "apply_item_transition",
    from_item_id: itemIds[index] as string,
    to_item_id: toItemId,
    overlap_seconds: 0,
    exit: fade,
    enter: fade,
  }));
}

/**
 * Consecutive spans covering `[0, totalFrames)` that start at `startFrames` (the first at
 * 0, whatever it says), each at least one frame long and none going back; a start that is
 * not a finite number follows the one before by a frame.
 *
 * @example
 * ```ts
 * spansFrom([0, 90, 150], 240); // [{ from: 0, durationInFrames: 90 }, { from: 90, ... 60 }, { from: 150, ... 90 }]
 * ```
 */
export function spansFrom(startFrames: readonly number[], totalFrames: number): FrameSpan[] {
  const starts: number[] = [];
  for (const [index, frame] of startFrames.entries()) {
    const previous = starts[index - 1];
    const wanted = Number.isFinite(frame) ? Math.round(frame) : 0;
    starts.push(previous === undefined ? 0 : Math.max(wanted, previous + 1));
  }
  return starts.map((from, index) => {
    const end = starts[index + 1] ?? Math.max(totalFrames, from + 1);
    return { from, durationInFrames: end - from };
  });
}

/** The failure category of a project the engine refused to build. */
export const PROJECT_REJECTED_CATEGORY = "project_rejected";

/**
 * The failure of a project the engine refused: the same parts would be refused again,
 * so it is not retryable.
 */
export function projectRejected(message: string): JobFailure {
  return {
    category: PROJECT_REJECTED_CATEGORY,
    message: `The project could not be built: ${message}`,
    retryable: false,
  };
}

/**
 * Throws when a built project breaks an invariant of the engine: the engine's own
 * operations built it, so that is a bug, never an expected failure.
 */
export function assertValidProject(state: EditorState): void {
  const problems = validateEditorState(state);
  if (problems.length > 0) {
    throw new Error(`A built project breaks the engine's invariants: ${JSON.stringify(problems)}`);
  }
}
