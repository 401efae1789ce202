/**
 * The video record of GET /videos/{id} (spec 2.5, 4.9), and the parsing of integer ids and
 * counts that arrive as text in paths and query strings.
 *
 * @module
 */
import { z } from "zod";
import { PRODUCT_STEPS } from "../vocabulary.js";
import { urlSchema } from "./common.js";
import { VIDEO_ID_MIN } from "./limits.js";

/**
 * The step a faceless video's or a slideshow's workflow is in (an extension): the step
 * running or next to run while `queued` or `generating`, the step that failed on `error`,
 * `done` once rendered.
 */
export const productStepSchema = z
  .enum(PRODUCT_STEPS)
  .describe(
    "Workflow step, an extension of the contract. A faceless video runs scenes, visuals, voice, word_timing, project, render; a slideshow runs slides, visuals, project, render. While queued or generating it names the step running or next; on error the step that failed; done once rendered.",
  );

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
    step: productStepSchema
      .nullable()
      .optional()
      .describe(
        "For a faceless video or a slideshow's video, the step of its workflow (scenes, visuals, voice, word_timing, project, render; slides for a slideshow; done once rendered; on error, the step that failed); null for an editor project. An extension of the contract.",
      ),
    project_revision: z
      .int()
      .min(0)
      .optional()
      .describe(
        "Extension, videos with an editor project only (editor projects, and faceless videos and slideshows once their workflow built one): the project's current revision (0 at creation, one more per accepted edit, undo or redo).",
      ),
    export_revision: z
      .int()
      .min(0)
      .nullable()
      .optional()
      .describe(
        "Extension, videos with an editor project only (editor projects, and faceless videos and slideshows once their workflow built one): the project revision whose timeline the latest export renders (the revision when it was asked for, or the current one when an unchanged project's export was answered again); null before the first export.",
      ),
    export_outdated: z
      .boolean()
      .nullable()
      .optional()
      .describe(
        "Extension, videos with an editor project only (editor projects, and faceless videos and slideshows once their workflow built one): true when the project has moved past export_revision (an edit, an undo or a redo since), so url shows an earlier timeline; export again for the current one. null when no export dates from a known revision.",
      ),
  })
  .describe(
    "A video; extra properties allowed. A faceless video or a slideshow's video is also an editor project of the same id once its workflow built it (GET /editor/videos/{id}); its latest render (the workflow's own, then any later POST /editor/videos/{id}/export) is what status and url report.",
  );
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
