/**
 * reelkit/render (Node only): renders editor timelines with ffmpeg. Plan with
 * `planRender` or `planContactSheet` (from `reelkit/editor`), then give the plan to a
 * {@link Renderer}: `createFfmpegRenderer` runs one ffmpeg process per render, reading
 * media through the reader it is given. The commands it runs are built by pure
 * functions exported here too.
 *
 * @example
 * ```ts
 * import { planRender } from "reelkit/editor";
 * import { createFfmpegRenderer } from "reelkit/render";
 *
 * const renderer = createFfmpegRenderer({ readMedia });
 * const planned = planRender(state, { width: 720 });
 * if (planned.ok) {
 *   const video = await renderer.renderVideo(planned.value, { path: "out.mp4" }, {
 *     onProgress: ({ fraction }) => console.log(`${Math.round(fraction * 100)} %`),
 *   });
 *   if (!video.ok) console.error(video.error.code, video.error.message);
 * }
 * ```
 *
 * @packageDocumentation
 */

export {
  type FontFamilyInfo,
  type FontStyleName,
  type LocalMediaFile,
  type MediaBody,
  type MediaReader,
  type MediaReadRequest,
  type MediaReadResult,
  RENDER_FAILURE_CODES,
  type RenderCallOptions,
  type RenderError,
  type RenderErrorDetails,
  type RenderedImage,
  type RenderedVideo,
  type Renderer,
  type RenderFailure,
  type RenderFailureCode,
  type RenderLimitExceeded,
  type RenderProgress,
  type RenderWork,
  renderFailure,
  type VideoTarget,
} from "../ports/renderer.js";
export type {
  EmojiColorLayer,
  EmojiGlyph,
  EmojiGlyphs,
  OutlineCommand,
} from "./command/ass-emoji.js";
export {
  type CommandFile,
  type CommandKind,
  type CommandSettings,
  commandFileText,
  contactSheetCommand,
  type FfmpegCommand,
  FILTER_GRAPH_INLINE_MAX_LENGTH,
  type FontSettings,
  frameCommand,
  type InputFiles,
  inputsRead,
  type PictureSize,
  STILL_DECODER_OPTIONS,
  VIDEO_ENCODING_DEFAULT,
  type VideoEncoding,
  videoCommand,
} from "./ffmpeg-command.js";
export {
  createFfmpegRenderer,
  type FfmpegRenderer,
  type FfmpegRendererOptions,
  FONT_FAMILY_DEFAULT,
  FONT_SIZE_PER_EM_DEFAULT,
} from "./ffmpeg-renderer.js";
export {
  DEFAULT_FAMILY_WEIGHTS,
  faceWeight,
  SHIPPED_FONT_FAMILIES,
} from "./fonts.js";
export { EMOJI_FONT_FILE, emojiGlyphsOf } from "./node/emoji-font.js";
export { PROCESS_STOP_GRACE_MILLISECONDS } from "./node/ffmpeg-process.js";
export {
  COMMAND_FILE_CHUNK_LENGTH,
  COMMAND_FILE_SLICE_MS,
  VIDEO_RENDER_NICENESS,
} from "./node/render-job.js";
export { shippedFontDirectory } from "./node/shipped-fonts.js";
export { checkRenderBounds, type RenderBounds } from "./render-bounds.js";
export {
  RENDER_DRAWN_BYTES_MAX_DEFAULT,
  RENDER_IMAGE_CONCURRENCY_DEFAULT,
  RENDER_IMAGE_QUEUE_MAX_DEFAULT,
  RENDER_IMAGE_RUNNING_MAX_PER_ORGANIZATION_DEFAULT,
  RENDER_IMAGE_TIMEOUT_SECONDS_DEFAULT,
  RENDER_INPUT_MAX_BYTES_DEFAULT,
  RENDER_INPUTS_MAX_DEFAULT,
  RENDER_LAYER_PIXELS_MAX_DEFAULT,
  RENDER_LIMITS_DEFAULT,
  RENDER_MEMORY_MAX_BYTES_DEFAULT,
  RENDER_OUTPUT_MAX_BYTES_DEFAULT,
  RENDER_QUEUE_MAX_PER_ORGANIZATION_DEFAULT,
  RENDER_SHEET_PIXELS_MAX_DEFAULT,
  RENDER_VIDEO_CONCURRENCY_DEFAULT,
  RENDER_VIDEO_QUEUE_MAX_DEFAULT,
  RENDER_VIDEO_RUNNING_MAX_PER_ORGANIZATION_DEFAULT,
  RENDER_VIDEO_TIMEOUT_SECONDS_DEFAULT,
  type RenderLimits,
} from "./render-limits.js";
