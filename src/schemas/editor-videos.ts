/**
 * Editor projects (spec 2.7, 4.12 to 4.14): the project record with its summary and
 * timeline state, the create and list requests, and the PATCH body of edit operations.
 *
 * @module
 */
import { z } from "zod";
import { editorAspectRatioSchema, idempotencyKeySchema, timestampSchema } from "./common.js";
import { idempotentReplaySchema } from "./creation-result.js";
import { editOperationSchema } from "./edit-operations.js";
import {
  EDITOR_ASPECT_RATIO_DEFAULT,
  EDITOR_LIST_LIMIT_DEFAULT,
  EDITOR_LIST_LIMIT_MAX,
  EDITOR_LIST_LIMIT_MIN,
  FPS_DEFAULT,
  FPS_MAX,
  FPS_MIN,
  INSTRUCTIONS_MAX_LENGTH,
  OPERATIONS_PER_REQUEST_MAX,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  VIDEO_ID_MIN,
} from "./limits.js";
import { decimalIntegerSchema, videoIdParamSchema } from "./videos.js";

/** A revision number of an editor project: 0 at creation, one more per accepted batch. */
export const revisionNumberSchema = z
  .int()
  .min(0)
  .describe("Revision of the project: 0 at creation, one more per accepted edit, undo or redo.");

/**
 * `expected_revision` of the editor's changing requests: the revision the client last saw.
 * When the project has moved on, the request answers 409 `revision_conflict` and changes
 * nothing.
 */
export const expectedRevisionSchema = revisionNumberSchema.describe(
  "Apply only if the project is still at this revision; otherwise 409 revision_conflict with context.current_revision, and nothing changes. Same as the If-Match header.",
);

/** A width and height in pixels. */
export const dimensionsSchema = z
  .object({
    width: z.number().positive().describe("Width in pixels."),
    height: z.number().positive().describe("Height in pixels."),
  })
  .describe("Width and height in pixels.");
/** A width and height in pixels. */
export type Dimensions = z.output<typeof dimensionsSchema>;

/** Counts and totals derived from an editor state; never stored apart from it. */
export const editorSummarySchema = z
  .object({
    trackCount: z.int().min(0).describe("Number of tracks."),
    itemCount: z.int().min(0).describe("Number of timeline items."),
    assetCount: z.int().min(0).describe("Number of assets."),
    fps: z.number().positive().describe("Frames per second."),
    compositionWidth: z.number().positive().describe("Composition width in pixels."),
    compositionHeight: z.number().positive().describe("Composition height in pixels."),
    itemTypes: z
      .record(z.string(), z.int().min(0))
      .describe("Number of items of each type, such as { video: 2, text: 1 }."),
    totalDurationFrames: z.int().min(0).describe("End of the last item, in frames."),
    totalDurationSeconds: z.number().min(0).describe("End of the last item, in seconds."),
  })
  .describe("Summary of an editor project's timeline.");
/** Summary of an editor project's timeline. */
export type EditorSummary = z.output<typeof editorSummarySchema>;

const freeFormObjectSchema = z.looseObject({});

/**
 * The timeline state of an editor project as it crosses the wire. Tracks, items and
 * assets are free-form here; the editor module owns their exact shape and invariants.
 */
export const editorStateSchema = z
  .object({
    title: z
      .string()
      .nullable()
      .describe("Project title, as video.title shows it; null when untitled."),
    tracks: z
      .array(freeFormObjectSchema)
      .describe("Tracks, front-most layer first; each lists its item ids in time order."),
    items: z
      .record(z.string(), freeFormObjectSchema)
      .describe(
        "Timeline items by id; these ids are the item_id of edit operations. An item may carry effectSpans (an extension), written by split_item: per effect family (animation: enter and exit; motion; textFade: a text or captions style's fade_in_seconds and fade_out_seconds; audioFade: audio fades), { beforeSeconds, afterSeconds } >= 0 saying that the item is part of a longer whole whose effects it keeps playing where they stand: they are timed over [start - beforeSeconds, end + afterSeconds). A 3 s fade-in cut at 1 s leaves the left half with { beforeSeconds: 0, afterSeconds: <right half's length> } and the right half with { beforeSeconds: 1, afterSeconds: 0 }, so it goes on from a third. Moves, trims, transitions and further splits keep the spans; setting an effect anew (set_item_animation, set_item_motion, set_item_audio, set_audio_levels, update_text, update_captions, a transition's enter or exit) drops the span of that side, so the new effect starts at the item's own edge. Absent when every effect is timed over the item itself.",
      ),
    assets: z.record(z.string(), freeFormObjectSchema).describe("Media assets by id."),
    fps: z.number().positive().describe("Frames per second."),
    compositionWidth: z.number().positive().describe("Composition width in pixels."),
    compositionHeight: z.number().positive().describe("Composition height in pixels."),
  })
  .describe("Timeline state of an editor project.");
/** Timeline state of an editor project, as it crosses the wire. */
export type EditorStateWire = z.output<typeof editorStateSchema>;

/** An editor project. */
export const editorVideoRecordSchema = z
  .object({
    id: z.int().min(VIDEO_ID_MIN).describe("Project id; also its video id."),
    title: z.string().nullable().describe("Project title; null when untitled."),
    status: z
      .string()
      .nullable()
      .describe(
        "ready for projects created through the API; ready does not mean an MP4 was exported.",
      ),
    video_type: z.string().describe("Kind of video the project belongs to."),
    aspect_ratio: dimensionsSchema
      .nullable()
      .describe("Composition size; null when the project has none yet."),
    created_at: timestampSchema.describe("When the project was created."),
    revision: revisionNumberSchema,
    editor_summary: editorSummarySchema,
    editor: editorStateSchema,
  })
  .describe("An editor project with its summary and timeline state.");
/** An editor project. */
export type EditorVideoRecord = z.output<typeof editorVideoRecordSchema>;

/** The response of POST /editor/videos and GET /editor/videos/{id}. */
export const editorVideoSchema = z
  .object({
    object: z.literal("editor_video").describe("Always editor_video."),
    video: editorVideoRecordSchema,
  })
  .describe("An editor project.");
/** The response carrying one editor project. */
export type EditorVideo = z.output<typeof editorVideoSchema>;

/** The response of GET /editor/videos. */
export const editorVideoListSchema = z
  .object({
    object: z.literal("editor_video_list").describe("Always editor_video_list."),
    videos: z.array(editorVideoRecordSchema).describe("Editor projects, newest first."),
  })
  .describe("A list of editor projects.");
/** A list of editor projects. */
export type EditorVideoList = z.output<typeof editorVideoListSchema>;

/**
 * The body of POST /editor/videos: an empty project, ready at once.
 *
 * @example
 * ```ts
 * createEditorVideoRequestSchema.parse({ title: "Spring launch" });
 * // { title: "Spring launch", aspect_ratio: "9:16", fps: 30 }
 * ```
 */
export const createEditorVideoRequestSchema = z
  .strictObject({
    title: z
      .string()
      .min(TITLE_MIN_LENGTH)
      .max(TITLE_MAX_LENGTH)
      .optional()
      .describe(`Project title, ${TITLE_MIN_LENGTH} to ${TITLE_MAX_LENGTH} chars.`),
    aspect_ratio: editorAspectRatioSchema
      .default(EDITOR_ASPECT_RATIO_DEFAULT)
      .describe(
        `9:16, 16:9, 1:1 or 4:5; default ${EDITOR_ASPECT_RATIO_DEFAULT}. Sets the composition size.`,
      ),
    fps: z
      .int()
      .min(FPS_MIN)
      .max(FPS_MAX)
      .default(FPS_DEFAULT)
      .describe(`Frames per second, ${FPS_MIN} to ${FPS_MAX}; default ${FPS_DEFAULT}.`),
  })
  .describe("Request body of POST /editor/videos.");
/** A parsed POST /editor/videos body, defaults applied. */
export type CreateEditorVideoRequest = z.output<typeof createEditorVideoRequestSchema>;
/** A POST /editor/videos body as a client writes it (defaults optional). */
export type CreateEditorVideoRequestInput = z.input<typeof createEditorVideoRequestSchema>;

/** The `limit` query value of the editor list endpoints (GET /editor/videos, GET /editor/media). */
export const editorListLimitSchema = decimalIntegerSchema(
  EDITOR_LIST_LIMIT_MIN,
  EDITOR_LIST_LIMIT_MAX,
)
  .default(EDITOR_LIST_LIMIT_DEFAULT)
  .describe(
    `Most results, ${EDITOR_LIST_LIMIT_MIN} to ${EDITOR_LIST_LIMIT_MAX}; default ${EDITOR_LIST_LIMIT_DEFAULT}.`,
  );

/**
 * The query of GET /editor/videos.
 *
 * @example
 * ```ts
 * listEditorVideosQuerySchema.parse({ limit: "10" }); // { limit: 10 }
 * listEditorVideosQuerySchema.parse({}); // { limit: 30 }
 * ```
 */
export const listEditorVideosQuerySchema = z
  .strictObject({ limit: editorListLimitSchema })
  .describe("Query of GET /editor/videos.");
/** A parsed GET /editor/videos query. */
export type ListEditorVideosQuery = z.output<typeof listEditorVideosQuerySchema>;

/**
 * Path parameters of the /editor/videos/{id} endpoints.
 *
 * @example
 * ```ts
 * editorVideoIdParamsSchema.parse({ id: "42" }); // { id: 42 }
 * editorVideoIdParamsSchema.safeParse({ id: "0x2a" }).success; // false
 * ```
 */
export const editorVideoIdParamsSchema = z
  .strictObject({ id: videoIdParamSchema.describe("Editor project id: a positive integer.") })
  .describe("Path parameters of the /editor/videos/{id} endpoints.");
/** Path parameters of the /editor/videos/{id} endpoints, the id converted to a number. */
export type EditorVideoIdParams = z.output<typeof editorVideoIdParamsSchema>;

/**
 * The body of PATCH /editor/videos/{id}: instructions to record, operations to apply
 * atomically, or both. A paid voiceover request holds exactly one `add_voiceover` and no
 * other operation, so that its charge and idempotency key cover one thing.
 *
 * @example
 * ```ts
 * const body = patchEditorVideoRequestSchema.parse({
 *   instructions: "Tighten the intro",
 *   operations: [{ type: "set_item_timing", item_id: "clip-1", duration_seconds: 3 }],
 * });
 * body.operations?.length; // 1
 * ```
 */
export const patchEditorVideoRequestSchema = z
  .strictObject({
    instructions: z
      .string()
      .max(INSTRUCTIONS_MAX_LENGTH)
      .optional()
      .describe("Free-text intent to record with the edit; reported as instructions_recorded."),
    operations: z
      .array(editOperationSchema)
      .max(OPERATIONS_PER_REQUEST_MAX)
      .optional()
      .describe(
        `Edit operations, at most ${OPERATIONS_PER_REQUEST_MAX}, applied in order; all apply or none do.`,
      ),
    idempotency_key: idempotencyKeySchema
      .optional()
      .describe(
        "Key of a paid voiceover request when the Idempotency-Key header is absent; new per voice request, reused only to retry it.",
      ),
    expected_revision: expectedRevisionSchema.optional(),
  })
  .superRefine((body, context) => {
    const operations = body.operations ?? [];
    if (operations.length === 0 && (body.instructions ?? "") === "") {
      context.addIssue({
        code: "custom",
        path: [],
        message: "Send instructions, operations or both.",
      });
    }
    if (
      operations.length > 1 &&
      operations.some((operation) => operation.type === "add_voiceover")
    ) {
      context.addIssue({
        code: "custom",
        path: ["operations"],
        message:
          "A voiceover request holds exactly one add_voiceover operation and no other edits.",
      });
    }
  })
  .describe("Request body of PATCH /editor/videos/{id}.");
/** A parsed PATCH /editor/videos/{id} body. */
export type PatchEditorVideoRequest = z.output<typeof patchEditorVideoRequestSchema>;
/** A PATCH /editor/videos/{id} body as a client writes it. */
export type PatchEditorVideoRequestInput = z.input<typeof patchEditorVideoRequestSchema>;

/** What one applied operation created and removed (an extension of the edit result). */
export const editOperationResultSchema = z
  .object({
    type: z.string().describe("The operation's type."),
    created_item_ids: z
      .array(z.string())
      .describe(
        "Ids of the timeline items the operation added, in order: the right half of a split, a new text, solid, captions or sound.",
      ),
    removed_item_ids: z
      .array(z.string())
      .describe(
        "Ids of the timeline items the operation removed, including generated captions removed with their last source item.",
      ),
  })
  .describe("The item ids one operation created and removed.");
/** What one applied operation created and removed. */
export type EditOperationResult = z.output<typeof editOperationResultSchema>;

/** The response of PATCH /editor/videos/{id}. */
export const editResultSchema = z
  .object({
    object: z.literal("editor_edit_result").describe("Always editor_edit_result."),
    video_id: z.int().min(VIDEO_ID_MIN).describe("Edited project id."),
    applied: z.array(z.string()).describe("Types of the operations applied, in order."),
    operation_results: z
      .array(editOperationResultSchema)
      .describe(
        "Per applied operation, in order, the item ids it created and removed, so later edits can name new items without reading the project again. split_item keeps the original id on the left half and reports the right half as created. An extension of the contract.",
      ),
    instructions_recorded: z.boolean().describe("Whether instructions were recorded."),
    revision: revisionNumberSchema.describe(
      "The project's revision after this edit; send it as expected_revision (or If-Match) with the next edit.",
    ),
    editor_summary: z
      .record(z.string(), z.unknown())
      .describe("Summary of the project after the edit, as editor_summary of the record."),
    credits_deducted: z
      .int()
      .min(0)
      .optional()
      .describe("Credits charged; present on a paid edit (add_voiceover) only."),
    remaining_credits: z
      .int()
      .min(0)
      .optional()
      .describe("Credit balance after the charge; present on a paid edit only."),
    idempotent_replay: idempotentReplaySchema,
  })
  .describe("What an edit applied.");
/** What an edit applied. */
export type EditResult = z.output<typeof editResultSchema>;
