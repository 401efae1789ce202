/**
 * `applyOperations`: applies a batch of edit operations to an editor state, atomically,
 * as one pure function.
 *
 * Operations run in order against a copy-on-write {@link EditDraft}; the first failure
 * rejects the whole batch and nothing is produced. When every operation succeeds, the
 * changes are written through one immer `produceWithPatches`, so the next state shares
 * every untouched item, track and asset with the input, arrives frozen, and comes with
 * the patches that undo it.
 *
 * @module
 */
import type { Patch } from "immer";
import { type Err, err, type Ok, ok, type Result } from "../result.js";
import type { EditOperation, EditOperationType } from "../schemas/edit-operations.js";
import { syncTouchedCaptions } from "./caption-links.js";
import { commitDraft } from "./commit.js";
import { EditDraft } from "./draft.js";
import { boundEffects } from "./effects.js";
import { type EditError, type EditFailure, editError, editFailure } from "./errors.js";
import { checkFontFamily } from "./font-families.js";
import type { ApplyOptions, OperationContext } from "./options.js";
import { randomEditorId } from "./random-id.js";
import { operationModule } from "./registry.js";
import type { EditorState } from "./state.js";

/** What one applied operation did to the set of items, so a client can chain on the ids. */
export interface OperationResult {
  /** The operation's `type`. */
  readonly type: EditOperationType;
  /** Ids of the items it added, in the order it added them (a split's right half, a new text, ...). */
  readonly createdItemIds: string[];
  /** Ids of the items it removed. */
  readonly removedItemIds: string[];
}

/** What a batch that applied produced. */
export interface AppliedEdit {
  /** The next state; the input itself when nothing changed. */
  readonly state: EditorState;
  /** The `type` of each operation, in order. */
  readonly applied: EditOperationType[];
  /** What each operation created and removed, in order (one entry per operation). */
  readonly operationResults: OperationResult[];
  /** Patches that turn the input into `state` (for redo or replication). */
  readonly patches: Patch[];
  /** Patches that turn `state` back into the input exactly (`applyPatches(state, inverse)`). */
  readonly inverse: Patch[];
}

/** A batch that applied. */
export type ApplySuccess = Ok<AppliedEdit>;

/** A batch that was rejected; the input state stands, and `error` says which operation failed and why. */
export type ApplyFailure = Err<EditError>;

/** The outcome of {@link applyOperations}: the {@link AppliedEdit}, or the {@link EditError} that rejected the batch. */
export type ApplyResult = Result<AppliedEdit, EditError>;

// What every operation leaves behind, on the items it touched: linked captions in line
// with their sources (`caption-links.ts`), then effects within their items (`effects.ts`).
function settleOperation(draft: EditDraft): Result<void, EditFailure> {
  const touched = draft.takeTouchedItemIds();
  const synced = syncTouchedCaptions(draft, touched);
  if (!synced.ok) return synced;
  for (const itemId of [...touched, ...draft.takeTouchedItemIds()]) {
    const item = draft.item(itemId);
    if (item !== undefined) boundEffects(draft, item);
  }
  draft.takeTouchedItemIds();
  return ok(undefined);
}

// Runs one operation: the module its `type` names, after the font check, then what every
// operation leaves behind.
function runOperation(
  draft: EditDraft,
  operation: EditOperation,
  context: OperationContext & { readonly fontFamilies: readonly string[] | undefined },
): Result<void, EditFailure> {
  const module = operationModule(operation.type);
  if (module === undefined) {
    return editFailure(
      "unknown_operation",
      `"${String(operation.type)}" is not an edit operation.`,
    );
  }
  const fontChecked = checkFontFamily(operation, context.fontFamilies);
  if (!fontChecked.ok) return fontChecked;
  const applied = module(draft, operation, context);
  return applied.ok ? settleOperation(draft) : applied;
}

function runBatch(
  draft: EditDraft,
  operations: readonly EditOperation[],
  options: ApplyOptions,
): Result<OperationResult[], EditError> {
  const base = {
    operationCount: operations.length,
    transcripts: options.transcripts ?? {},
    voiceover: options.voiceover,
    media: options.media ?? {},
  };
  const results: OperationResult[] = [];
  for (const [operationIndex, operation] of operations.entries()) {
    const context = { ...base, operationIndex, fontFamilies: options.fontFamilies };
    const settled = runOperation(draft, operation, context);
    if (!settled.ok) return err(editError(settled.error, operationIndex));
    results.push({ type: operation.type, ...draft.takeItemChanges() });
  }
  return ok(results);
}

/**
 * Applies `operations` to `state` in order, all or nothing. Pure and synchronous: the
 * input is never mutated, an empty or no-op batch returns the input object itself, and
 * `inverse` restores the input exactly. Operations arrive already parsed (the service
 * validates them with the schemas first); operations that need the outside world take
 * its results from `options` (transcripts, synthesized speech, sound resolutions).
 * `operationResults` names, per operation, the items it created and removed (a split's
 * right half, a new text, captions removed with their last source), so a client can chain
 * edits without reading the state again.
 *
 * Each operation costs the same whatever the size of the timeline (lookups by id and
 * binary searches over tracks); the batch then pays one copy of the changed records.
 *
 * @example
 * ```ts
 * const state = createEditorState({ fps: 30 });
 * const result = applyOperations(state, [
 *   { type: "set_title", title: "Launch teaser" },
 *   { type: "add_text", text: "Spring sale", from_seconds: 0, duration_seconds: 2 },
 * ]);
 * if (result.ok) {
 *   const { applied, operationResults, inverse } = result.value;
 *   applied; // ["set_title", "add_text"]
 *   operationResults[1].createdItemIds; // [id of the new text item]
 *   summarizeEditor(result.value.state).itemCount; // 1
 *   applyPatches(result.value.state, inverse); // equal to `state`
 * } else {
 *   console.error(result.error.code, result.error.operationIndex);
 * }
 * ```
 */
export function applyOperations(
  state: EditorState,
  operations: readonly EditOperation[],
  options: ApplyOptions = {},
): ApplyResult {
  const draft = new EditDraft(state, options.generateId ?? randomEditorId);
  const outcome = runBatch(draft, operations, options);
  if (!outcome.ok) return outcome;
  const applied = operations.map((operation) => operation.type);
  return ok({ applied, operationResults: outcome.value, ...commitDraft(draft) });
}

/** Thrown by {@link applyOperationsOrThrow} when a batch is rejected. */
export class EditRejectedError extends Error {
  /** The rejection, as {@link applyOperations} returns it. */
  readonly error: EditError;

  /** Wraps `error`; the message names the code and the failing operation. */
  constructor(error: EditError) {
    super(`Operation ${error.operationIndex} failed (${error.code}): ${error.message}`);
    this.name = "EditRejectedError";
    this.error = error;
  }
}

/**
 * {@link applyOperations} for callers that treat a rejected batch as a bug, such as
 * tests and scripts: returns the {@link AppliedEdit} or throws an {@link EditRejectedError}.
 *
 * @example
 * ```ts
 * const { state } = applyOperationsOrThrow(createEditorState(), [
 *   { type: "add_solid", duration_seconds: 3 },
 * ]);
 * ```
 */
export function applyOperationsOrThrow(
  state: EditorState,
  operations: readonly EditOperation[],
  options: ApplyOptions = {},
): AppliedEdit {
  const result = applyOperations(state, operations, options);
  if (!result.ok) throw new EditRejectedError(result.error);
  return result.value;
}
