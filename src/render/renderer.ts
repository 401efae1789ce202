/**
 * The `Renderer` port: what a service needs to turn render plans into an MP4, a PNG
 * frame or a PNG contact sheet, with no knowledge of how. Failures are values from a
 * closed set, never throws. This module has no Node import, so a service can depend on
 * the port alone; `createFfmpegRenderer` (reelkit/render) is the ffmpeg implementation.
 *
 * @module
 */
import type { ContactSheetPlan } from "../editor/render-plan/contact-sheet.js";
import type { RenderInputKind, RenderPlan } from "../editor/render-plan/types.js";

/** Every code a render can fail with. */
export const RENDER_FAILURE_CODES = [
  "renderer_unavailable",
  "renderer_busy",
  "media_unavailable",
  "media_too_large",
  "render_timeout",
  "render_aborted",
  "output_too_large",
  "output_unwritable",
  "render_failed",
] as const;

/**
 * Why a render failed:
 *
 * - `renderer_unavailable`: a dependency is missing (the ffmpeg program, or a filter or
 *   encoder it lacks); `missing` names it. Nothing else in the library is affected.
 * - `renderer_busy`: too many renders are running or waiting; try again later.
 * - `media_unavailable`: an input could not be read; the message names its URL.
 * - `media_too_large`: an input is larger than the renderer accepts.
 * - `render_timeout`: the render ran past its time limit and was stopped.
 * - `render_aborted`: the caller's signal aborted the render.
 * - `output_too_large`: the output grew past its size limit and was discarded.
 * - `output_unwritable`: the finished video could not be written to its target.
 * - `render_failed`: ffmpeg failed; the message carries the end of its error output.
 */
export type RenderFailureCode = (typeof RENDER_FAILURE_CODES)[number];

/** What went wrong with a render. */
export interface RenderError {
  /** Why, from the closed set. */
  readonly code: RenderFailureCode;
  /** A sentence a person or an agent can act on. */
  readonly message: string;
  /** For `renderer_unavailable`: the missing program, filter or encoder. */
  readonly missing?: string;
}

/** A failed render. */
export interface RenderFailure {
  /** Always false. */
  readonly ok: false;
  /** Why. */
  readonly error: RenderError;
}

/** How far a render has come. */
export interface RenderProgress {
  /** Output frames written so far. */
  readonly framesDone: number;
  /** Output frames in all. */
  readonly frameCount: number;
  /** Output seconds written so far. */
  readonly outputSeconds: number;
  /** Output seconds in all. */
  readonly durationSeconds: number;
  /** `outputSeconds / durationSeconds`, 0 to 1. */
  readonly fraction: number;
}

/** Options of one render call. */
export interface RenderCallOptions {
  /** Aborts the render: ffmpeg is stopped and the call answers `render_aborted`. */
  readonly signal?: AbortSignal;
  /** Called as the render advances (a few times per second at most). */
  readonly onProgress?: (progress: RenderProgress) => void;
}

/** Where a finished video goes: a file path, or a stream the bytes are written to. */
export type VideoTarget =
  | { readonly path: string; readonly sink?: never }
  | { readonly sink: WritableStream<Uint8Array>; readonly path?: never };

/** A finished video. */
export interface RenderedVideo {
  /** Always true. */
  readonly ok: true;
  /** Size of the MP4 in bytes. */
  readonly sizeBytes: number;
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
  /** Number of frames. */
  readonly frameCount: number;
  /** Length in seconds. */
  readonly durationSeconds: number;
}

/** A finished PNG picture. */
export interface RenderedImage {
  /** Always true. */
  readonly ok: true;
  /** The PNG bytes. */
  readonly png: Uint8Array;
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
}

/** Renders plans into pictures and sound. */
export interface Renderer {
  /**
   * The font families text may be set in, with the weights each has faces for; a style
   * naming another family is refused at edit time. Absent: any family is accepted (and
   * left to fontconfig).
   */
  readonly fontFamilies?: readonly FontFamilyInfo[];
  /** Renders every frame and the sound of `plan` to an MP4 (H.264 and AAC) at `target`. */
  renderVideo(
    plan: RenderPlan,
    target: VideoTarget,
    options?: RenderCallOptions,
  ): Promise<RenderedVideo | RenderFailure>;
  /** Renders the first frame of `plan` to a PNG. */
  renderFrame(
    plan: RenderPlan,
    options?: RenderCallOptions,
  ): Promise<RenderedImage | RenderFailure>;
  /** Renders the frames of `sheet` side by side into one PNG. */
  renderContactSheet(
    sheet: ContactSheetPlan,
    options?: RenderCallOptions,
  ): Promise<RenderedImage | RenderFailure>;
}

/** A font family a renderer draws, and the weights it has a face for. */
export interface FontFamilyInfo {
  /** The family's name, as a style's `font_family` names it. */
  readonly family: string;
  /** The weights (100 to 900) it has a face for, lightest first. */
  readonly weights: readonly number[];
}

/** What a renderer asks its media reader for. */
export interface MediaReadRequest {
  /** The input's URL, from the plan. */
  readonly url: string;
  /** What the plan expects the file to hold. */
  readonly kind: RenderInputKind;
  /** Most bytes the renderer accepts; a reader may stop early past it. */
  readonly maxBytes: number;
  /** Aborted when the render is. */
  readonly signal: AbortSignal;
}

/**
 * A media file already on this machine: the renderer links it into its working
 * directory instead of copying its bytes (the reader vouches for the path).
 */
export interface LocalMediaFile {
  /** Absolute path of the file. */
  readonly path: string;
}

/** The bytes of a media file: whole, as a stream, or a local file to link. */
export type MediaBody =
  | Uint8Array
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>
  | LocalMediaFile;

/** What a media reader answers. */
export type MediaReadResult =
  | { readonly ok: true; readonly body: MediaBody }
  | { readonly ok: false; readonly message: string };

/**
 * Reads an input's bytes by URL. The renderer never fetches a URL itself (nor lets
 * ffmpeg): a service passes a reader backed by its media storage and its safe URL
 * fetcher. A reader may also throw; the render then fails with `media_unavailable`.
 */
export type MediaReader = (request: MediaReadRequest) => Promise<MediaReadResult>;

/** Builds a {@link RenderFailure}. */
export function renderFailure(
  code: RenderFailureCode,
  message: string,
  missing?: string,
): RenderFailure {
  return {
    ok: false,
    error: missing === undefined ? { code, message } : { code, message, missing },
  };
}
