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
import type { OrganizationId } from "../organization-id.js";
import { err, type Result } from "../result.js";

/** Every code a render can fail with. */
export const RENDER_FAILURE_CODES = [
  "renderer_unavailable",
  "renderer_busy",
  "renderer_closed",
  "media_unavailable",
  "media_too_large",
  "media_undecodable",
  "render_too_large",
  "render_memory_exceeded",
  "render_timeout",
  "render_aborted",
  "output_too_large",
  "output_unwritable",
  "render_failed",
] as const;

/**
 * Why a render failed:
 *
 * - `renderer_unavailable`: a dependency is missing (the ffmpeg program, or a filter,
 *   encoder or system tool it needs); `missing` names it. Nothing else in the library is
 *   affected.
 * - `renderer_busy`: too many renders are running or waiting; try again later.
 * - `renderer_closed`: the renderer was closed (its host is stopping).
 * - `media_unavailable`: an input could not be read; the message names its URL.
 * - `media_too_large`: an input is larger than the renderer accepts.
 * - `media_undecodable`: an input's file is damaged or not media ffmpeg can decode;
 *   `itemId` and `assetId` name it.
 * - `render_too_large`: the render would exceed one of the renderer's bounds (what it
 *   draws, how many files it opens, how large a moving picture is); `limit` names it.
 *   Checked before the render starts.
 * - `render_memory_exceeded`: ffmpeg needed more memory than one render may use.
 * - `render_timeout`: the render ran past its time limit and was stopped.
 * - `render_aborted`: the caller's signal aborted the render.
 * - `output_too_large`: the output grew past its size limit and was discarded.
 * - `output_unwritable`: the finished video could not be written to its target.
 * - `render_failed`: ffmpeg failed for a reason no input explains. Its error output
 *   goes to the renderer's logger, never into the message.
 */
export type RenderFailureCode = (typeof RENDER_FAILURE_CODES)[number];

/** The bound a `render_too_large` render would exceed. */
export interface RenderLimitExceeded {
  /** The limit's name in `RenderLimits` (such as `drawnBytesMax`). */
  readonly name: string;
  /** Its value. */
  readonly maximum: number;
  /** What the render would need, when it is known before the render. */
  readonly requested?: number;
}

/** What a render failure names besides its code and message, when it applies. */
export interface RenderErrorDetails {
  /** For `renderer_unavailable`: the missing program, filter, encoder or tool. */
  readonly missing?: string;
  /** The timeline item to change: the one whose media failed or that is too large. */
  readonly itemId?: string;
  /** The asset whose file failed. */
  readonly assetId?: string;
  /** For `render_too_large` and `render_memory_exceeded`: the bound. */
  readonly limit?: RenderLimitExceeded;
}

/** What went wrong with a render. */
export interface RenderError extends RenderErrorDetails {
  /** Why, from the closed set. */
  readonly code: RenderFailureCode;
  /** A sentence a person or an agent can act on; never a tool's raw output. */
  readonly message: string;
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
  /**
   * Aborts the render: a waiting render leaves the line, a running one has ffmpeg
   * stopped, and the call answers `render_aborted`.
   */
  readonly signal?: AbortSignal;
  /** Called as the render advances (a few times per second at most). */
  readonly onProgress?: (progress: RenderProgress) => void;
  /**
   * The organization the render is for. A renderer shares its slots fairly between
   * organizations: the next free slot goes to the one with the fewest renders running.
   * Calls without it share one line.
   */
  readonly organizationId?: OrganizationId;
}

/** A render to check against a renderer's bounds before it is asked for. */
export type RenderWork =
  | { readonly kind: "video"; readonly plan: RenderPlan }
  | { readonly kind: "frame"; readonly plan: RenderPlan }
  | { readonly kind: "contact_sheet"; readonly sheet: ContactSheetPlan };

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
   * Whether `work` keeps within the renderer's bounds, without rendering anything:
   * undefined when it does, else the `render_too_large` failure the render would answer.
   * Cheap and synchronous, so a service can refuse a project before it charges for it.
   * Optional: a renderer without bounds of its own leaves it out.
   */
  check?(work: RenderWork): RenderFailure | undefined;

  /**
   * The font families text may be set in, with the weights each has faces for, the
   * family unstyled text is set in first; a style naming another family is refused at
   * edit time. Absent: any family is accepted (and
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
  /** The styles it has faces for (`normal`, `italic`); `normal` when not given. */
  readonly styles?: readonly FontStyleName[];
  /** Its licence, as an SPDX identifier (`OFL-1.1`), when known. */
  readonly license?: string;
  /**
   * The family name a weight's face is found under, where it is not `family`: font
   * files that name each weight as a family of its own ("Inter Light").
   */
  readonly faceNames?: Readonly<Record<number, string>>;
}

/** A style of font face: upright or italic. */
export type FontStyleName = "normal" | "italic";

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

/**
 * What a media reader answers: the input's bytes, or a sentence saying why they could not
 * be read (it ends up in a `media_unavailable` render failure, so it never carries a
 * tool's raw output).
 */
export type MediaReadResult = Result<MediaBody, string>;

/**
 * Reads an input's bytes by URL. The renderer never fetches a URL itself (nor lets
 * ffmpeg): a service passes a reader backed by its media storage and its safe URL
 * fetcher. A reader may also throw; the render then fails with `media_unavailable`.
 */
export type MediaReader = (request: MediaReadRequest) => Promise<MediaReadResult>;

/**
 * Builds a {@link RenderFailure}.
 *
 * @example
 * ```ts
 * renderFailure("renderer_unavailable", "ffmpeg was not found.", { missing: "ffmpeg" });
 * ```
 */
export function renderFailure(
  code: RenderFailureCode,
  message: string,
  details: RenderErrorDetails = {},
): RenderFailure {
  return err({ code, message, ...details });
}
