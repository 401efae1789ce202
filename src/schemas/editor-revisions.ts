/**
 * Editor revisions (an extension of spec 4.12 to 4.14): reading a project as of a past
 * revision, the history of revisions, and undo and redo as new revisions.
 *
 * @module
 */
import { z } from "zod";
import { timestampSchema } from "./common.js";
import {
  editorSummarySchema,
  expectedRevisionSchema,
  revisionNumberSchema,
} from "./editor-videos.js";
import {
  EDITOR_REVISIONS_LIMIT_DEFAULT,
  EDITOR_REVISIONS_LIMIT_MAX,
  EDITOR_REVISIONS_LIMIT_MIN,
  VIDEO_ID_MIN,
} from "./limits.js";
import { decimalIntegerSchema } from "./videos.js";

/**
 * The query of GET /editor/videos/{id}: without `revision`, the latest revision.
 *
 * @example
 * ```ts
 * editorVideoQuerySchema.parse({ revision: "3" }); // { revision: 3 }
 * editorVideoQuerySchema.parse({}); // {}
 * ```
 */
export const editorVideoQuerySchema = z
  .strictObject({
    revision: decimalIntegerSchema(0)
      .optional()
      .describe(
        "Read the project as it was at this revision (0 is the creation). One of the kept revisions (at least the last 100); a later one is 404, a forgotten one 404 with context.oldest_revision.",
      ),
  })
  .describe("Query of GET /editor/videos/{id}.");
/** A parsed GET /editor/videos/{id} query. */
export type EditorVideoQuery = z.output<typeof editorVideoQuerySchema>;

/** The opaque cursor of the revision history: where the next page starts. */
export const revisionCursorSchema = z
  .string()
  .regex(/^r[0-9]{1,9}$/, "Expected a cursor from next_cursor.")
  .describe("next_cursor of the previous page, as given.");

/**
 * The query of GET /editor/videos/{id}/revisions.
 *
 * @example
 * ```ts
 * listEditorRevisionsQuerySchema.parse({ limit: "5" }); // { limit: 5 }
 * listEditorRevisionsQuerySchema.parse({}); // { limit: 20 }
 * ```
 */
export const listEditorRevisionsQuerySchema = z
  .strictObject({
    limit: decimalIntegerSchema(EDITOR_REVISIONS_LIMIT_MIN, EDITOR_REVISIONS_LIMIT_MAX)
      .default(EDITOR_REVISIONS_LIMIT_DEFAULT)
      .describe(
        `Most revisions, ${EDITOR_REVISIONS_LIMIT_MIN} to ${EDITOR_REVISIONS_LIMIT_MAX}; default ${EDITOR_REVISIONS_LIMIT_DEFAULT}.`,
      ),
    cursor: revisionCursorSchema.optional(),
  })
  .describe("Query of GET /editor/videos/{id}/revisions.");
/** A parsed GET /editor/videos/{id}/revisions query. */
export type ListEditorRevisionsQuery = z.output<typeof listEditorRevisionsQuerySchema>;

/** Who made a revision. */
export const revisionActorSchema = z
  .enum(["api", "mcp", "undo", "redo"])
  .describe(
    "Who made the revision: an edit over the REST API (api) or an MCP tool (mcp), an undo, or a redo.",
  );

/** One revision of a project's history. */
export const editorRevisionSchema = z
  .object({
    revision: revisionNumberSchema.min(1),
    created_at: timestampSchema.describe("When the revision was made."),
    actor: revisionActorSchema,
    operation_types: z
      .array(z.string())
      .describe(
        "Types of the edit operations applied, in order; add_media for media added to the timeline; empty for undo, redo and instructions alone.",
      ),
    instructions: z
      .string()
      .nullable()
      .describe("Instructions recorded with the edit; null when none."),
    target_revision: z
      .int()
      .min(1)
      .nullable()
      .describe(
        "For undo, the revision whose change was reverted; for redo, the one applied again; else null.",
      ),
  })
  .describe("One revision of an editor project.");
/** One revision of a project's history. */
export type EditorRevision = z.output<typeof editorRevisionSchema>;

/** The response of GET /editor/videos/{id}/revisions. */
export const editorRevisionListSchema = z
  .object({
    object: z.literal("editor_revision_list").describe("Always editor_revision_list."),
    video_id: z.int().min(VIDEO_ID_MIN).describe("The project."),
    latest_revision: revisionNumberSchema.describe("The project's latest revision."),
    revisions: z.array(editorRevisionSchema).describe("Kept revisions, newest first."),
    next_cursor: z
      .string()
      .nullable()
      .describe("Pass as cursor for the next, older page; null on the last page."),
  })
  .describe("The revision history of an editor project.");
/** The revision history of an editor project. */
export type EditorRevisionList = z.output<typeof editorRevisionListSchema>;

/**
 * The body of POST /editor/videos/{id}/undo and /redo.
 *
 * @example
 * ```ts
 * editorHistoryRequestSchema.parse({ expected_revision: 4 }); // { expected_revision: 4 }
 * ```
 */
export const editorHistoryRequestSchema = z
  .strictObject({ expected_revision: expectedRevisionSchema.optional() })
  .describe("Request body of POST /editor/videos/{id}/undo and /redo; may be empty.");
/** A parsed undo or redo body. */
export type EditorHistoryRequest = z.output<typeof editorHistoryRequestSchema>;

/** The response of POST /editor/videos/{id}/undo and /redo. */
export const editorRevisionResultSchema = z
  .object({
    object: z.literal("editor_revision_result").describe("Always editor_revision_result."),
    video_id: z.int().min(VIDEO_ID_MIN).describe("The project."),
    action: z.enum(["undo", "redo"]).describe("What was done."),
    revision: revisionNumberSchema.describe("The new revision the undo or redo made."),
    target_revision: z
      .int()
      .min(1)
      .describe("The revision whose change was reverted (undo) or applied again (redo)."),
    editor_summary: editorSummarySchema,
  })
  .describe("An undo or redo, made as a new revision.");
/** An undo or redo, made as a new revision. */
export type EditorRevisionResult = z.output<typeof editorRevisionResultSchema>;
