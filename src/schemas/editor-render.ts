/**
 * Seeing an editor project (extensions beyond the contract): the MP4 export of
 * POST /editor/videos/{id}/export and the PNG preview of GET /editor/videos/{id}/frame,
 * with their limits as named constants.
 *
 * @module
 */
import { z } from "zod";
import { idempotencyKeySchema } from "./common.js";
import { idempotentReplaySchema } from "./creation-result.js";
import { TIMELINE_POSITION_MAX_SECONDS, VIDEO_ID_MIN } from "./limits.js";
import { decimalIntegerSchema } from "./videos.js";

/** Export resolutions: the short side of the MP4 in pixels. */
export const EXPORT_RESOLUTIONS = ["480p", "720p", "1080p"] as const;
/** One of {@link EXPORT_RESOLUTIONS}. */
export type ExportResolution = (typeof EXPORT_RESOLUTIONS)[number];
/** Resolution of an export that names none: the composition's own size (1080 on the short side). */
export const EXPORT_RESOLUTION_DEFAULT: ExportResolution = "1080p";

/** Short side in pixels of each export resolution. */
export const EXPORT_SHORT_SIDE_PIXELS: { readonly [Resolution in ExportResolution]: number } = {
  "480p": 480,
  "720p": 720,
  "1080p": 1080,
};

/** Narrowest preview frame in pixels. */
export const PREVIEW_WIDTH_MIN = 64;
/** Widest preview frame in pixels. */
export const PREVIEW_WIDTH_MAX = 1920;
/** Width of a single preview frame when the request names none. */
export const PREVIEW_WIDTH_DEFAULT = 540;
/** Width of each frame of a contact sheet when the request names none. */
export const PREVIEW_SHEET_WIDTH_DEFAULT = 270;
/** Most instants one preview shows (a contact sheet of that many frames). */
export const PREVIEW_FRAMES_MAX = 16;

/**
 * The body of POST /editor/videos/{id}/export.
 *
 * @example
 * ```ts
 * exportEditorVideoRequestSchema.parse({ resolution: "720p" }); // { resolution: "720p" }
 * ```
 */
export const exportEditorVideoRequestSchema = z
  .strictObject({
    resolution: z
      .enum(EXPORT_RESOLUTIONS)
      .optional()
      .describe(
        `Short side of the MP4: 480p, 720p or 1080p; default ${EXPORT_RESOLUTION_DEFAULT} (the composition size).`,
      ),
    idempotency_key: idempotencyKeySchema
      .optional()
      .describe("Replays the first answer without a second charge; the header wins."),
  })
  .describe("Request body of POST /editor/videos/{id}/export.");
/** A parsed export body. */
export type ExportEditorVideoRequest = z.output<typeof exportEditorVideoRequestSchema>;

/** The answer of POST /editor/videos/{id}/export. */
export const editorVideoExportSchema = z
  .object({
    object: z.literal("editor_video_export").describe("Always editor_video_export."),
    video_id: z.int().min(VIDEO_ID_MIN).describe("The project; poll GET /videos/{video_id}."),
    status: z
      .enum(["queued", "generating", "completed"])
      .describe("queued for a new export; completed when an export of the same content is reused."),
    resolution: z.enum(EXPORT_RESOLUTIONS).describe("The export's resolution."),
    width: z.int().positive().describe("Width of the MP4 in pixels."),
    height: z.int().positive().describe("Height of the MP4 in pixels."),
    duration_seconds: z.number().positive().describe("Length of the MP4 in seconds."),
    url: z
      .string()
      .nullable()
      .describe("The MP4 when status is completed (a reused export); null while queued."),
    reused: z
      .boolean()
      .describe(
        "True when the project is unchanged since an export at this resolution, whose file is answered (or whose job is awaited) without a second charge.",
      ),
    credits_deducted: z.int().min(0).describe("Credits held for this export; 0 when reused."),
    remaining_credits: z.int().describe("Credits available after this request."),
    idempotent_replay: idempotentReplaySchema,
  })
  .describe("An export of an editor project to MP4.");
/** The answer of POST /editor/videos/{id}/export. */
export type EditorVideoExport = z.output<typeof editorVideoExportSchema>;

// Plain decimal seconds ("2", "2.5"), as a query carries them; no signs or exponents.
const DECIMAL_SECONDS = /^[0-9]+(\.[0-9]+)?$/;

const querySecondsSchema = z
  .string()
  .regex(DECIMAL_SECONDS, "Expected seconds written as a decimal number, such as 2.5.")
  .transform(Number)
  .pipe(z.number().min(0).max(TIMELINE_POSITION_MAX_SECONDS));

/**
 * The query of GET /editor/videos/{id}/frame: one instant (a frame) or several (a contact
 * sheet, `at_seconds` repeated), and the width of each frame.
 *
 * @example
 * ```ts
 * editorFrameQuerySchema.parse({ at_seconds: "1.5", width: "320" });
 * // { at_seconds: 1.5, width: 320 }
 * editorFrameQuerySchema.parse({ at_seconds: ["0", "2"] }); // { at_seconds: [0, 2] }
 * ```
 */
export const editorFrameQuerySchema = z
  .strictObject({
    at_seconds: z
      .union([querySecondsSchema, z.array(querySecondsSchema).min(1).max(PREVIEW_FRAMES_MAX)])
      .describe(
        `Timeline seconds to show, before the end of the timeline. One value gives one frame; repeated (up to ${PREVIEW_FRAMES_MAX}) gives a contact sheet of those frames in order.`,
      ),
    width: decimalIntegerSchema(PREVIEW_WIDTH_MIN, PREVIEW_WIDTH_MAX)
      .optional()
      .describe(
        `Width of each frame in pixels, ${PREVIEW_WIDTH_MIN} to ${PREVIEW_WIDTH_MAX}; default ${PREVIEW_WIDTH_DEFAULT} for one frame, ${PREVIEW_SHEET_WIDTH_DEFAULT} per frame of a contact sheet. The height follows the composition. A contact sheet may have at most 7680 x 4320 pixels in all (the ffmpeg renderer's sheetPixelsMax): a larger one answers 400 render_too_large naming the limit and the widest frame that fits.`,
      ),
  })
  .describe("Query of GET /editor/videos/{id}/frame.");
/** A parsed frame query. */
export type EditorFrameQuery = z.output<typeof editorFrameQuerySchema>;
