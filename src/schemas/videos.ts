/**
 * The video record of GET /videos/{id} (spec 2.5, 4.9), and the parsing of integer ids and
 * counts that arrive as text in paths and query strings.
 *
 * @module
 */
import { z } from "zod";
import { urlSchema } from "./common.js";
import { VIDEO_ID_MIN } from "./limits.js";

// Plain decimal digits only: "1.5", "0x10", "-1", " 1" and "1e3" are refused rather
// than read by Number(), which would accept several of them.
const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * An integer written in decimal digits, as path segments and query values carry it,
 * checked against `[minimum, maximum]` after conversion so a bound failure reads as
 * `too_small` or `too_big`. Without `maximum` the bound is the largest safe integer.
 *
 * @example
 * ```ts
 * const limit = decimalIntegerSchema(1, 100);
 * limit.parse("30"); // 30
 * limit.safeParse("1.5").success; // false
 * ```
 */
export function decimalIntegerSchema(minimum: number, maximum?: number) {
  // z.int() already caps at the largest safe integer; a second cap would report twice.
  const integer = z.int().min(minimum);
  return z
    .string()
    .regex(DECIMAL_DIGITS, "Expected an integer written in decimal digits.")
    .transform(Number)
    .pipe(maximum === undefined ? integer : integer.max(maximum));
}

/** A video id in a path: decimal digits, at least 1. Editor projects share these ids. */
export const videoIdParamSchema = decimalIntegerSchema(VIDEO_ID_MIN).describe(
  "Video id: a positive integer.",
);

/**
 * The response of GET /videos/{id}: a video made by the faceless-video or editor
 * endpoints. Extra properties are allowed.
 */
export const videoSchema = z
  .looseObject({
    object: z.literal("video").describe("Always video."),
    id: z.int().min(VIDEO_ID_MIN).describe("Video id."),
    status: z.string().describe("Render status; poll until completed, failed or error."),
    video_url: urlSchema.nullable().describe("Rendered video URL; null while rendering."),
    url: urlSchema.nullable().describe("Final video URL once the video is complete; null before."),
    project_revision: z
      .int()
      .min(0)
      .optional()
      .describe(
        "Extension, editor projects only: the project's current revision (0 at creation, one more per accepted edit, undo or redo).",
      ),
    export_revision: z
      .int()
      .min(0)
      .nullable()
      .optional()
      .describe(
        "Extension, editor projects only: the project revision whose timeline the latest export renders (the revision when it was asked for, or the current one when an unchanged project's export was answered again); null before the first export.",
      ),
    export_outdated: z
      .boolean()
      .nullable()
      .optional()
      .describe(
        "Extension, editor projects only: true when the project has moved past export_revision (an edit, an undo or a redo since), so url shows an earlier timeline; export again for the current one. null when no export dates from a known revision.",
      ),
  })
  .describe("A video; extra properties allowed.");
/** A video record. */
export type Video = z.output<typeof videoSchema>;

/**
 * Path parameters of GET /videos/{id}.
 *
 * @example
 * ```ts
 * videoIdParamsSchema.parse({ id: "42" }); // { id: 42 }
 * ```
 */
export const videoIdParamsSchema = z
  .strictObject({ id: videoIdParamSchema })
  .describe("Path parameters of GET /videos/{id}.");
/** Path parameters of GET /videos/{id}, the id converted to a number. */
export type VideoIdParams = z.output<typeof videoIdParamsSchema>;
