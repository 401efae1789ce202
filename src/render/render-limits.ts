/**
 * The limits an ffmpeg renderer keeps, with their defaults; each can be overridden when
 * the renderer is created.
 *
 * @module
 */

/** Renders run at once by one renderer (ffmpeg itself uses every core). */
export const RENDER_CONCURRENCY_DEFAULT = 2;
/** Renders that may wait for a free slot; more are refused with `renderer_busy`. */
export const RENDER_QUEUE_MAX_DEFAULT = 32;
/** Longest a video render may run, in seconds, before ffmpeg is stopped. */
export const RENDER_VIDEO_TIMEOUT_SECONDS_DEFAULT = 900;
/** Longest a frame or contact sheet render may run, in seconds. */
export const RENDER_IMAGE_TIMEOUT_SECONDS_DEFAULT = 60;
/** Largest output file, in bytes (an MP4; a PNG is far smaller). */
export const RENDER_OUTPUT_MAX_BYTES_DEFAULT = 1024 * 1024 * 1024;
/** Largest input file, in bytes. */
export const RENDER_INPUT_MAX_BYTES_DEFAULT = 512 * 1024 * 1024;

/** The limits of a renderer. */
export interface RenderLimits {
  /** Renders run at once. */
  readonly concurrency: number;
  /** Renders that may wait for a slot. */
  readonly queueMax: number;
  /** Longest video render, in seconds. */
  readonly videoTimeoutSeconds: number;
  /** Longest frame or contact sheet render, in seconds. */
  readonly imageTimeoutSeconds: number;
  /** Largest output, in bytes. */
  readonly outputMaxBytes: number;
  /** Largest input, in bytes. */
  readonly inputMaxBytes: number;
}

/** The default limits. */
export const RENDER_LIMITS_DEFAULT: RenderLimits = {
  concurrency: RENDER_CONCURRENCY_DEFAULT,
  queueMax: RENDER_QUEUE_MAX_DEFAULT,
  videoTimeoutSeconds: RENDER_VIDEO_TIMEOUT_SECONDS_DEFAULT,
  imageTimeoutSeconds: RENDER_IMAGE_TIMEOUT_SECONDS_DEFAULT,
  outputMaxBytes: RENDER_OUTPUT_MAX_BYTES_DEFAULT,
  inputMaxBytes: RENDER_INPUT_MAX_BYTES_DEFAULT,
};
