/**
 * How large an editor project may grow: at most `PROJECT_ITEMS_MAX` timeline items and
 * `PROJECT_STATE_MAX_BYTES` of JSON in its timeline state. A change that would pass
 * either is refused whole, as every rejected batch is, so nothing of it is kept. A change
 * that does not grow a project past what it already holds always passes, so a project
 * that is over a bound (made before it, or under a larger one) can still be cut down.
 *
 * @module
 */

import type { EditorState } from "../../editor/state.js";
import { serializedStateBytes } from "../../editor/state-size.js";
import { summarizeEditor } from "../../editor/summary.js";
import { type ApiError, apiError } from "../../errors/api-error.js";
import { PROJECT_ITEMS_MAX, PROJECT_STATE_MAX_BYTES } from "../../schemas/limits.js";

/** Why a change was refused: a project's item count or its size would pass its bound. */
export type ProjectBoundReason = "project_too_many_items" | "project_too_large";

const grouped = new Intl.NumberFormat("en-US");

function tooManyItems(before: number, after: number): ApiError {
  return apiError(
    "bad_request",
    `This change would give the project ${grouped.format(after)} timeline items; a project holds at most ${grouped.format(PROJECT_ITEMS_MAX)} (it has ${grouped.format(before)}). Nothing was changed: remove items you no longer need, merge captions into fewer items, or continue in a new project.`,
    {
      context: {
        reason: "project_too_many_items" satisfies ProjectBoundReason,
        max_items: PROJECT_ITEMS_MAX,
        item_count: after,
        current_item_count: before,
      },
    },
  );
}

function tooLarge(before: number, after: number): ApiError {
  return apiError(
    "bad_request",
    `This change would make the project's timeline ${grouped.format(after)} bytes of JSON; a project holds at most ${grouped.format(PROJECT_STATE_MAX_BYTES)} (it has ${grouped.format(before)}). Nothing was changed: remove or shorten items (long caption lists, large metadata), or continue in a new project.`,
    {
      context: {
        reason: "project_too_large" satisfies ProjectBoundReason,
        max_bytes: PROJECT_STATE_MAX_BYTES,
        project_bytes: after,
        current_project_bytes: before,
      },
    },
  );
}

/**
 * The 400 refusing the change from `before` to `after` when it passes a bound of
 * projects, naming the bound, the size the change would reach and the size now; undefined
 * when the change is within the bounds or grows nothing. `context.reason` is
 * `project_too_many_items` (with `max_items`, `item_count`, `current_item_count`) or
 * `project_too_large` (with `max_bytes`, `project_bytes`, `current_project_bytes`).
 */
export function projectBoundRefusal(before: EditorState, after: EditorState): ApiError | undefined {
  if (after === before) return undefined;
  const itemsAfter = summarizeEditor(after).itemCount;
  const itemsBefore = summarizeEditor(before).itemCount;
  if (itemsAfter > PROJECT_ITEMS_MAX && itemsAfter > itemsBefore) {
    return tooManyItems(itemsBefore, itemsAfter);
  }
  const bytesAfter = serializedStateBytes(after);
  if (bytesAfter <= PROJECT_STATE_MAX_BYTES) return undefined;
  const bytesBefore = serializedStateBytes(before);
  return bytesAfter > bytesBefore ? tooLarge(bytesBefore, bytesAfter) : undefined;
}
