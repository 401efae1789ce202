/**
 * GET /editor/videos/{id}/revisions (an extension of spec 4.13): the kept revisions of a
 * project, newest first, a page at a time. The cursor is opaque to clients; it names the
 * revision the next page starts below, so pages stay stable while new revisions arrive.
 *
 * @module
 */

import type { RevisionEntry } from "../../ports/revisions.js";
import {
  type EditorRevision,
  type EditorRevisionList,
  listEditorRevisionsQuerySchema,
} from "../../schemas/editor-revisions.js";
import { editorVideoIdParamsSchema } from "../../schemas/editor-videos.js";
import { parseInput } from "../pipeline/input.js";
import { failure, success } from "../pipeline/results.js";
import { authenticated, type UseCaseFactory } from "../pipeline/use-case.js";
import { editorProjectNotFound } from "./editor-videos.js";

/** The wire form of a kept revision. */
export function editorRevisionOf(entry: RevisionEntry): EditorRevision {
  return {
    revision: entry.revision,
    created_at: entry.createdAt,
    actor: entry.actor,
    operation_types: [...entry.operationTypes],
    instructions: entry.instructions,
    target_revision: entry.target,
  };
}

const CURSOR_PREFIX = "r";

function cursorBelow(cursor: string | undefined): number | undefined {
  return cursor === undefined ? undefined : Number(cursor.slice(CURSOR_PREFIX.length));
}

/** GET /editor/videos/{id}/revisions: answers `editor_revision_list`. */
export const listEditorRevisions: UseCaseFactory = authenticated(
  "listEditorRevisions",
  async ({ deps, caller, request }) => {
    const params = parseInput(editorVideoIdParamsSchema, request.pathParams, "path");
    if (!params.ok) return params.error;
    const query = parseInput(listEditorRevisionsQuerySchema, request.query, "query");
    if (!query.ok) return query.error;
    const videoId = params.value.id;
    const { limit, cursor } = query.value;
    // One more than asked tells whether an older page exists.
    const page = await deps.stores.videos.listRevisions(caller.organization.id, videoId, {
      limit: limit + 1,
      before: cursorBelow(cursor),
    });
    if (page === undefined) return failure(editorProjectNotFound(videoId));
    const entries = page.entries.slice(0, limit);
    const last = entries.at(-1);
    const body: EditorRevisionList = {
      object: "editor_revision_list",
      video_id: videoId,
      latest_revision: page.latestRevision,
      revisions: entries.map(editorRevisionOf),
      next_cursor:
        page.entries.length > limit && last !== undefined
          ? `${CURSOR_PREFIX}${last.revision}`
          : null,
    };
    return success(body);
  },
);
