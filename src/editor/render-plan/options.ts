/**
 * The options of {@link planRender}: which stretch of the timeline, at what size and
 * frame rate; and how they resolve against a state into output frames and pixels.
 *
 * @module
 */
import { ok, type Result } from "../../result.js";
import { FPS_MAX, FPS_MIN } from "../../schemas/limits.js";
import type { EditorState } from "../state.js";
import { summarizeEditor } from "../summary.js";
import { parseCssColor } from "./colors.js";
import { type RenderPlanError, type RenderPlanFailure, renderPlanFailure } from "./errors.js";
import type { RenderPlan } from "./types.js";

/** Smallest output width or height, in pixels. */
export const RENDER_DIMENSION_MIN = 16;
/** Largest output width or height, in pixels (4K on its long side). */
export const RENDER_DIMENSION_MAX = 4096;

// Timeline instants are compared in frames; this absorbs the error of seconds that
// were computed from frames (0.7 * 30 = 21.000000000000004).
const FRAME_EPSILON = 1e-6;

/** What to render; every field is optional. */
export interface RenderPlanOptions {
  /**
   * One instant, in timeline seconds, for a single frame: the composition frame
   * showing at that time. Excludes `fromSeconds` and `toSeconds`.
   */
  atSeconds?: number;
  /** Start of the range, in timeline seconds. Default 0. */
  fromSeconds?: number;
  /** End of the range, in timeline seconds. Default the end of the timeline. */
  toSeconds?: number;
  /**
   * Output width in pixels. Default the composition width, or the width matching
   * `height` at the composition's aspect ratio. Rounded to an even number.
   */
  width?: number;
  /**
   * Output height in pixels. Default the height matching the width at the composition's
   * aspect ratio. Rounded to an even number.
   */
  height?: number;
  /** Output frames per second, an integer from 1 to 120. Default the composition's. */
  fps?: number;
  /** Colour behind every layer, as a CSS colour. Default black. */
  backgroundColor?: string;
}

/** The options resolved against a state: the plan's frame, size and range. */
export type ResolvedRenderOptions = Pick<
  RenderPlan,
  "width" | "height" | "fps" | "pixelScale" | "startSeconds" | "frameCount" | "background"
>;

function evenPixels(value: number): number {
  return Math.max(2, 2 * Math.round(value / 2));
}

function sizeFailure(message: string): RenderPlanFailure {
  return renderPlanFailure("invalid_output_size", message);
}

function checkDimension(name: string, value: number | undefined): Result<void, RenderPlanError> {
  if (value === undefined) return ok(undefined);
  if (!Number.isFinite(value) || value < RENDER_DIMENSION_MIN || value > RENDER_DIMENSION_MAX) {
    return sizeFailure(
      `${name} must be from ${RENDER_DIMENSION_MIN} to ${RENDER_DIMENSION_MAX} pixels, got ${value}.`,
    );
  }
  return ok(undefined);
}

// Width and height keep the composition's aspect; a size that would stretch it is refused.
function resolveSize(
  state: EditorState,
  options: RenderPlanOptions,
): Result<{ width: number; height: number; pixelScale: number }, RenderPlanError> {
  const widthChecked = checkDimension("width", options.width);
  if (!widthChecked.ok) return widthChecked;
  const heightChecked = checkDimension("height", options.height);
  if (!heightChecked.ok) return heightChecked;
  const { compositionWidth, compositionHeight } = state;
  const requestedScale =
    options.width !== undefined
      ? options.width / compositionWidth
      : options.height !== undefined
        ? options.height / compositionHeight
        : 1;
  const width = evenPixels(compositionWidth * requestedScale);
  const height = evenPixels(compositionHeight * requestedScale);
  if (options.height !== undefined && Math.abs(height - options.height) > 2) {
    return sizeFailure(
      `${options.width} x ${options.height} does not keep the composition's ${compositionWidth} x ${compositionHeight} aspect; give the width alone (the height follows: ${height}).`,
    );
  }
  if (Math.max(width, height) > RENDER_DIMENSION_MAX) {
    return sizeFailure(
      `The output would be ${width} x ${height}; its sides must stay within ${RENDER_DIMENSION_MAX} pixels.`,
    );
  }
  return ok({ width, height, pixelScale: width / compositionWidth });
}

function resolveFps(state: EditorState, fps: number | undefined): Result<number, RenderPlanError> {
  const value = fps ?? state.fps;
  if (!Number.isInteger(value) || value < FPS_MIN || value > FPS_MAX) {
    return renderPlanFailure(
      "invalid_frame_rate",
      `fps must be an integer from ${FPS_MIN} to ${FPS_MAX}, got ${value}.`,
    );
  }
  return ok(value);
}

function rangeFailure(message: string): RenderPlanFailure {
  return renderPlanFailure("invalid_time_range", message);
}

function isTime(value: number | undefined): boolean {
  return value === undefined || (Number.isFinite(value) && value >= 0);
}

// The first composition frame of the range and the number of output frames. An instant
// shows the composition frame on screen at that time; a range starts on the frame on
// screen at `fromSeconds` and ends with the last frame that starts before `toSeconds`.
function resolveRange(
  options: RenderPlanOptions,
  {
    compositionFps,
    outputFps,
    totalFrames,
  }: { compositionFps: number; outputFps: number; totalFrames: number },
): Result<{ startFrame: number; frameCount: number }, RenderPlanError> {
  const { atSeconds, fromSeconds, toSeconds } = options;
  if (!isTime(atSeconds) || !isTime(fromSeconds) || !isTime(toSeconds)) {
    return rangeFailure("Times must be finite numbers of seconds, 0 or more.");
  }
  const totalSeconds = totalFrames / compositionFps;
  const frameAt = (seconds: number) => Math.floor(seconds * compositionFps + FRAME_EPSILON);
  if (atSeconds !== undefined) {
    if (fromSeconds !== undefined || toSeconds !== undefined) {
      return rangeFailure("Give either atSeconds or a range (fromSeconds, toSeconds), not both.");
    }
    const startFrame = frameAt(atSeconds);
    if (startFrame >= totalFrames) {
      return rangeFailure(
        `atSeconds ${atSeconds} is at or past the end of the timeline (${totalSeconds} s).`,
      );
    }
    return ok({ startFrame, frameCount: 1 });
  }
  const startFrame = frameAt(fromSeconds ?? 0);
  const endFrame =
    toSeconds === undefined ? totalFrames : Math.ceil(toSeconds * compositionFps - FRAME_EPSILON);
  if (endFrame > totalFrames || startFrame >= endFrame) {
    return rangeFailure(
      `The range ${fromSeconds ?? 0} to ${toSeconds ?? totalSeconds} s must be non-empty and inside the timeline (0 to ${totalSeconds} s).`,
    );
  }
  const frameCount = Math.max(
    1,
    Math.round(((endFrame - startFrame) / compositionFps) * outputFps - FRAME_EPSILON),
  );
  return ok({ startFrame, frameCount });
}

/**
 * Resolves `options` against `state`: output size, frame rate, the first frame's
 * timeline time and the number of frames; or why they cannot apply.
 */
export function resolveRenderOptions(
  state: EditorState,
  options: RenderPlanOptions,
): Result<ResolvedRenderOptions, RenderPlanError> {
  const totalFrames = summarizeEditor(state).totalDurationFrames;
  if (totalFrames === 0) {
    return renderPlanFailure("empty_timeline", "The timeline has no item to render.");
  }
  const size = resolveSize(state, options);
  if (!size.ok) return size;
  const fps = resolveFps(state, options.fps);
  if (!fps.ok) return fps;
  const range = resolveRange(options, {
    compositionFps: state.fps,
    outputFps: fps.value,
    totalFrames,
  });
  if (!range.ok) return range;
  const background = parseCssColor(options.backgroundColor ?? "black");
  if (background === undefined) {
    return renderPlanFailure(
      "unsupported_color",
      `backgroundColor "${options.backgroundColor}" is not a CSS colour.`,
    );
  }
  return ok({
    ...size.value,
    fps: fps.value,
    startSeconds: range.value.startFrame / state.fps,
    frameCount: range.value.frameCount,
    background,
  });
}
