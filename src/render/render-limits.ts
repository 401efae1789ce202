/**
 * The limits an ffmpeg renderer keeps, with their defaults; each can be overridden when
 * the renderer is created.
 *
 * Renders run in two lanes with slots of their own: videos (exports), and images (frames
 * and contact sheets, which a person or an agent waits for). A video never takes an
 * image slot, so previews stay quick however many exports run; within a lane the next
 * free slot goes to the organization with the fewest renders running.
 *
 * @module
 */

/** Videos rendered at once by one renderer (ffmpeg itself uses every core). */
export const RENDER_VIDEO_CONCURRENCY_DEFAULT = 2;
/** Videos that may wait for a slot; more are refused with `renderer_busy`. */
export const RENDER_VIDEO_QUEUE_MAX_DEFAULT = 32;
/**
 * Videos of one organization rendered at once: one, so however many exports an
 * organization starts, the other video slot is free for another organization's.
 */
export const RENDER_VIDEO_RUNNING_MAX_PER_ORGANIZATION_DEFAULT = 1;
/** Frames and contact sheets rendered at once, in slots no video takes. */
export const RENDER_IMAGE_CONCURRENCY_DEFAULT = 2;
/**
 * Frames and contact sheets of one organization rendered at once: one, so another
 * organization's preview starts at once instead of waiting for one to end.
 */
export const RENDER_IMAGE_RUNNING_MAX_PER_ORGANIZATION_DEFAULT = 1;
/** Frames and contact sheets that may wait for a slot. */
export const RENDER_IMAGE_QUEUE_MAX_DEFAULT = 32;
/**
 * Renders of one organization that may wait in one lane; more are refused with
 * `renderer_busy`, so one organization cannot fill the line others wait in.
 */
export const RENDER_QUEUE_MAX_PER_ORGANIZATION_DEFAULT = 8;
/** Longest a video render may run, in seconds, before ffmpeg is stopped. */
export const RENDER_VIDEO_TIMEOUT_SECONDS_DEFAULT = 900;
/** Longest a frame or contact sheet render may run, in seconds. */
export const RENDER_IMAGE_TIMEOUT_SECONDS_DEFAULT = 60;
/** Largest output file, in bytes (an MP4; a PNG is far smaller). */
export const RENDER_OUTPUT_MAX_BYTES_DEFAULT = 1024 * 1024 * 1024;
/** Largest input file, in bytes. */
export const RENDER_INPUT_MAX_BYTES_DEFAULT = 512 * 1024 * 1024;
/**
 * Most memory one render's ffmpeg may take, in bytes: 2 GiB of data segment (the heap,
 * the private mappings decoded pictures and filter buffers live in, and the stacks of
 * its threads, which it counts whole though they are mostly unused). A render that needs
 * more fails with `render_memory_exceeded`. The heaviest renders a project can ask for
 * measured about 1 GiB: the largest contact sheet allowed (`sheetPixelsMax`) of the
 * heaviest picture an import accepts (40 million pixels of 16-bit colour); one
 * 1920-pixel frame of it about 0.45 GiB, a 1080p export about 0.4 GiB. At the default
 * lane sizes, renders take at most four times this together.
 */
export const RENDER_MEMORY_MAX_BYTES_DEFAULT = 2 * 1024 * 1024 * 1024;

/**
 * Most bytes of text, caption and shape events one render may draw (the ASS documents
 * libass reads), estimated before it starts: 64 MiB. A text that sways for an hour takes
 * about 20 MiB (72,000 events, one per 0.05 s); fifty of them took 503 MB and froze the
 * host while it built them.
 */
export const RENDER_DRAWN_BYTES_MAX_DEFAULT = 64 * 1024 * 1024;
/**
 * Most media files one render opens at once (each picture, clip and sound of the range,
 * a split clip twice): ffmpeg opens them all when it starts, each with a thread and a
 * decoder of its own.
 */
export const RENDER_INPUTS_MAX_DEFAULT = 100;
/**
 * Most pixels of the picture a moving media item is drawn at (its box at the output
 * size, times its largest zoom and scale): 4096 x 4096. An item that does not move is
 * cropped to what the frame shows before it is scaled, whatever its size; a moving one
 * is drawn whole, frame after frame.
 */
export const RENDER_LAYER_PIXELS_MAX_DEFAULT = 4096 * 4096;

/**
 * Most pixels of a contact sheet, its empty cells counted (`columns` x `rows` cells of
 * the frame size): 7680 x 4320, an 8K picture, which is sixteen 1080p frames of a 16:9
 * composition or sixteen 1080-pixel-wide frames of a 9:16 one. ffmpeg holds several
 * copies of the sheet while it tiles and encodes it: sixteen 1920-pixel-wide frames of
 * a 9:16 composition (105 million pixels) took more than `memoryMaxBytes`.
 */
export const RENDER_SHEET_PIXELS_MAX_DEFAULT = 7680 * 4320;

/** The limits of a renderer. */
export interface RenderLimits {
  /** Videos rendered at once. */
  readonly videoConcurrency: number;
  /** Videos that may wait for a slot. */
  readonly videoQueueMax: number;
  /** Videos of one organization rendered at once. */
  readonly videoRunningMaxPerOrganization: number;
  /** Frames and contact sheets rendered at once, in slots of their own. */
  readonly imageConcurrency: number;
  /** Frames and contact sheets that may wait for a slot. */
  readonly imageQueueMax: number;
  /** Frames and contact sheets of one organization rendered at once. */
  readonly imageRunningMaxPerOrganization: number;
  /** Renders of one organization that may wait in one lane. */
  readonly queueMaxPerOrganization: number;
  /** Longest video render, in seconds. */
  readonly videoTimeoutSeconds: number;
  /** Longest frame or contact sheet render, in seconds. */
  readonly imageTimeoutSeconds: number;
  /** Largest output, in bytes. */
  readonly outputMaxBytes: number;
  /** Largest input, in bytes. */
  readonly inputMaxBytes: number;
  /**
   * Most memory one render's ffmpeg may take, in bytes; null for no cap. Applied on
   * Linux (with util-linux's `prlimit`, which also has ffmpeg killed when its host
   * dies); other systems run ffmpeg without it.
   */
  readonly memoryMaxBytes: number | null;
  /** Most bytes of text, caption and shape events one render draws. */
  readonly drawnBytesMax: number;
  /** Most media files one render opens. */
  readonly inputsMax: number;
  /** Most pixels of the picture a moving media item is drawn at. */
  readonly layerPixelsMax: number;
  /** Most pixels of a contact sheet, its empty cells counted. */
  readonly sheetPixelsMax: number;
}

/** The default limits. */
export const RENDER_LIMITS_DEFAULT: RenderLimits = {
  videoConcurrency: RENDER_VIDEO_CONCURRENCY_DEFAULT,
  videoQueueMax: RENDER_VIDEO_QUEUE_MAX_DEFAULT,
  videoRunningMaxPerOrganization: RENDER_VIDEO_RUNNING_MAX_PER_ORGANIZATION_DEFAULT,
  imageConcurrency: RENDER_IMAGE_CONCURRENCY_DEFAULT,
  imageQueueMax: RENDER_IMAGE_QUEUE_MAX_DEFAULT,
  imageRunningMaxPerOrganization: RENDER_IMAGE_RUNNING_MAX_PER_ORGANIZATION_DEFAULT,
  queueMaxPerOrganization: RENDER_QUEUE_MAX_PER_ORGANIZATION_DEFAULT,
  videoTimeoutSeconds: RENDER_VIDEO_TIMEOUT_SECONDS_DEFAULT,
  imageTimeoutSeconds: RENDER_IMAGE_TIMEOUT_SECONDS_DEFAULT,
  outputMaxBytes: RENDER_OUTPUT_MAX_BYTES_DEFAULT,
  inputMaxBytes: RENDER_INPUT_MAX_BYTES_DEFAULT,
  memoryMaxBytes: RENDER_MEMORY_MAX_BYTES_DEFAULT,
  drawnBytesMax: RENDER_DRAWN_BYTES_MAX_DEFAULT,
  inputsMax: RENDER_INPUTS_MAX_DEFAULT,
  layerPixelsMax: RENDER_LAYER_PIXELS_MAX_DEFAULT,
  sheetPixelsMax: RENDER_SHEET_PIXELS_MAX_DEFAULT,
};
