/**
 * The ffmpeg implementation of the {@link Renderer} port (Node only). Each render:
 * waits for a slot, checks once that ffmpeg can render, makes a private working
 * directory, writes the inputs into it through the injected media reader (ffmpeg never
 * fetches a URL), builds one ffmpeg command from the plan, runs it with a time limit,
 * an abort signal and progress reports, delivers the output, and removes the directory
 * whatever happened.
 *
 * @module
 */
import { createReadStream } from "node:fs";
import { copyFile, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContactSheetPlan } from "../editor/render-plan/contact-sheet.js";
import { type Logger, SILENT_LOGGER } from "../observability/logger.js";
import {
  type FontFamilyInfo,
  type MediaReader,
  type RenderError,
  type RenderedImage,
  type RenderedVideo,
  type Renderer,
  type RenderFailure,
  type RenderWork,
  renderFailure,
  type VideoTarget,
} from "../ports/renderer.js";
import { ok, type Result } from "../result.js";
import type { FontSettings } from "./command/visual-graph.js";
import {
  contactSheetCommand,
  frameCommand,
  VIDEO_ENCODING_DEFAULT,
  type VideoEncoding,
  videoCommand,
} from "./ffmpeg-command.js";
import { DEFAULT_FAMILY_LICENSE, DEFAULT_FAMILY_WEIGHTS, SHIPPED_FONT_FAMILIES } from "./fonts.js";
import { shippedEmojiGlyphs } from "./node/emoji-font.js";
import { checkFfmpegOnce } from "./node/ffmpeg-availability.js";
import {
  type FinishedRender,
  type RenderJob,
  type RenderRequest,
  runRenderJob,
} from "./node/render-job.js";
import type { RendererContext } from "./node/renderer-context.js";
import { shippedFontDirectory } from "./node/shipped-fonts.js";
import { checkRenderBounds } from "./render-bounds.js";
import { RENDER_LIMITS_DEFAULT, type RenderLimits } from "./render-limits.js";
import { RenderSlots } from "./render-slots.js";

/** The font text is set in when a style names none: DejaVu Sans, found by fontconfig. */
export const FONT_FAMILY_DEFAULT = "DejaVu Sans";
/** DejaVu Sans's ascent plus descent per em (2384 / 2048), which libass sizes fonts by. */
export const FONT_SIZE_PER_EM_DEFAULT = 1.164;

/** How to create an ffmpeg renderer. */
export interface FfmpegRendererOptions {
  /** Reads an input's bytes by URL (media storage, safe URL fetcher, ...). */
  readonly readMedia: MediaReader;
  /** The ffmpeg program: a path, or a name looked up on `PATH`. Default `ffmpeg`. */
  readonly ffmpegPath?: string;
  /**
   * The default font: its family (default DejaVu Sans), a directory of font files to
   * use besides the system's (default the package's `fonts/` folder; null for none),
   * the families that directory holds (default {@link SHIPPED_FONT_FAMILIES} for the
   * package's folder, none for another), and the default family's ascent plus descent
   * per em (1.164 for DejaVu Sans), which turns a CSS font size into libass's. Styles may
   * name the default family and the directory's families, nothing else.
   */
  readonly font?: {
    readonly family?: string;
    readonly directory?: string | null;
    readonly families?: readonly FontFamilyInfo[];
    readonly sizePerEm?: number;
  };
  /** How MP4s are encoded; default x264 `ultrafast`, CRF 23, AAC 160 kb/s. */
  readonly encoding?: Partial<VideoEncoding>;
  /** Limits on concurrency, time and sizes; each defaults (see `render-limits`). */
  readonly limits?: Partial<RenderLimits>;
  /** Where working directories are made. Default the system's temporary directory. */
  readonly temporaryDirectory?: string;
  /**
   * Where ffmpeg's error output goes when a render fails: it may hold paths and heap
   * addresses, so no failure message carries it. Default: nowhere.
   */
  readonly logger?: Logger;
}

/** A renderer that runs ffmpeg, and can be closed. */
export interface FfmpegRenderer extends Renderer {
  /**
   * Closes the renderer: every waiting render is refused and every running one is
   * stopped (ffmpeg is asked to end, then killed after a short grace), both answering
   * `renderer_closed`; resolves once every ffmpeg has exited and every working directory
   * is removed. Renders asked for later answer `renderer_closed`. Repeatable.
   */
  close(): Promise<void>;
}

function contextOf(
  options: FfmpegRendererOptions,
  closing: AbortSignal,
  font: FontSettings,
): RendererContext {
  const limits: RenderLimits = { ...RENDER_LIMITS_DEFAULT, ...options.limits };
  const lane = (concurrency: number, queueMax: number, runningMaxPerOrganization: number) =>
    new RenderSlots({
      concurrency,
      queueMax,
      queueMaxPerOrganization: limits.queueMaxPerOrganization,
      runningMaxPerOrganization,
    });
  return {
    program: options.ffmpegPath ?? "ffmpeg",
    limits,
    encoding: { ...VIDEO_ENCODING_DEFAULT, ...options.encoding },
    font,
    readMedia: options.readMedia,
    temporaryDirectory: options.temporaryDirectory ?? tmpdir(),
    confinement:
      limits.memoryMaxBytes === null ? undefined : { memoryMaxBytes: limits.memoryMaxBytes },
    logger: options.logger ?? SILENT_LOGGER,
    lanes: {
      video: lane(
        limits.videoConcurrency,
        limits.videoQueueMax,
        limits.videoRunningMaxPerOrganization,
      ),
      frame: lane(
        limits.imageConcurrency,
        limits.imageQueueMax,
        limits.imageRunningMaxPerOrganization,
      ),
    },
    closing,
  };
}

async function readImage(
  finished: FinishedRender,
  size: { readonly width: number; readonly height: number },
): Promise<Result<RenderedImage, RenderError>> {
  const png = new Uint8Array(await readFile(join(finished.directory, finished.command.outputFile)));
  return ok({ png, width: size.width, height: size.height });
}

/**
 * Creates a renderer that runs ffmpeg. Creating it never fails: without ffmpeg, every
 * render answers `renderer_unavailable` naming what is missing. Close it when its host
 * stops, so that no ffmpeg and no working directory outlive it.
 *
 * @example
 * ```ts
 * import { readFile } from "node:fs/promises";
 * import { planRender } from "reelkit/editor";
 * import { createFfmpegRenderer } from "reelkit/render";
 *
 * const renderer = createFfmpegRenderer({
 *   readMedia: async ({ url }) => ({ ok: true, value: await readFile(new URL(url)) }),
 * });
 * const planned = planRender(state, { atSeconds: 2, width: 540 });
 * if (planned.ok) {
 *   const frame = await renderer.renderFrame(planned.value);
 *   if (frame.ok) await writeFile("frame.png", frame.value.png);
 * }
 * await renderer.close();
 * ```
 */
export function createFfmpegRenderer(options: FfmpegRendererOptions): FfmpegRenderer {
  const closing = new AbortController();
  // The faces go to the ASS documents too: a weight is drawn with its family's nearest face.
  const font = fontSettingsOf(options.font);
  const context = contextOf(options, closing.signal, font);
  const running = new Set<Promise<unknown>>();
  // What the one check of ffmpeg found, once it has answered, so `check` can refuse
  // work up front on a machine that cannot render.
  let unavailable: RenderFailure | undefined;
  void checkFfmpegOnce(context.program).then((failure) => {
    unavailable = failure;
  });
  // Work past a bound is refused before it waits for a slot.
  const render = <Rendered>(work: RenderWork, request: RenderRequest<Rendered>) => {
    const refused = checkRenderBounds(work, context.limits, font.emoji);
    if (refused !== undefined) return Promise.resolve(refused);
    const rendering = runRenderJob(context, request);
    running.add(rendering);
    void rendering.finally(() => running.delete(rendering));
    return rendering;
  };
  const { limits } = context;

  return {
    fontFamilies: font.faces,

    check(work) {
      return unavailable ?? checkRenderBounds(work, limits, font.emoji);
    },

    renderVideo(plan, target, call = {}) {
      const job: RenderJob = {
        kind: "video",
        plans: [plan],
        build: (settings) => videoCommand(plan, settings),
        timeoutSeconds: limits.videoTimeoutSeconds,
      };
      return render<RenderedVideo>(
        { kind: "video", plan },
        {
          job,
          call,
          deliver: async ({ directory, command }) => {
            const path = join(directory, command.outputFile);
            const failure = await deliverVideo(path, target);
            if (failure !== undefined) return failure;
            return ok({
              sizeBytes: (await stat(path)).size,
              width: plan.width,
              height: plan.height,
              frameCount: plan.frameCount,
              durationSeconds: plan.durationSeconds,
            });
          },
        },
      );
    },

    renderFrame(plan, call = {}) {
      const job: RenderJob = {
        kind: "frame",
        plans: [plan],
        build: (settings) => frameCommand(plan, settings),
        timeoutSeconds: limits.imageTimeoutSeconds,
      };
      return render(
        { kind: "frame", plan },
        { job, call, deliver: (finished) => readImage(finished, plan) },
      );
    },

    renderContactSheet(sheet: ContactSheetPlan, call = {}) {
      const job: RenderJob = {
        kind: "frame",
        plans: sheet.frames,
        build: (settings) => contactSheetCommand(sheet, settings),
        timeoutSeconds: limits.imageTimeoutSeconds,
      };
      return render(
        { kind: "contact_sheet", sheet },
        { job, call, deliver: (finished) => readImage(finished, sheet) },
      );
    },

    async close() {
      context.lanes.video.close();
      context.lanes.frame.close();
      closing.abort();
      await Promise.allSettled([...running]);
    },
  };
}

async function deliverVideo(path: string, target: VideoTarget): Promise<RenderFailure | undefined> {
  try {
    if (target.path !== undefined) {
      await copyFile(path, target.path);
      return undefined;
    }
    const writer = target.sink.getWriter();
    try {
      for await (const chunk of createReadStream(path)) {
        await writer.write(new Uint8Array(chunk as Buffer));
      }
      await writer.close();
    } finally {
      writer.releaseLock();
    }
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return renderFailure(
      "output_unwritable",
      `The video could not be written to its target: ${reason}`,
    );
  }
}

// The shipped fonts unless the host names its own directory (or none); the default
// family is always drawable, through fontconfig.
function fontSettingsOf(
  font: FfmpegRendererOptions["font"],
): FontSettings & { readonly faces: readonly FontFamilyInfo[] } {
  const family = font?.family ?? FONT_FAMILY_DEFAULT;
  const shipped = font?.directory === undefined ? shippedFontDirectory() : null;
  const directory = font?.directory ?? shipped;
  const families = font?.families ?? (shipped === null ? [] : SHIPPED_FONT_FAMILIES);
  const defaultFamily: FontFamilyInfo = {
    family,
    weights: DEFAULT_FAMILY_WEIGHTS,
    styles: ["normal"],
    ...(family === FONT_FAMILY_DEFAULT ? { license: DEFAULT_FAMILY_LICENSE } : {}),
  };
  const others = families.filter((info) => info.family.toLowerCase() !== family.toLowerCase());
  // The colour emoji font is the package's, whichever fonts the host names.
  const emojiDirectory = shipped ?? shippedFontDirectory();
  return {
    family,
    directory,
    sizePerEm: font?.sizePerEm ?? FONT_SIZE_PER_EM_DEFAULT,
    faces: [defaultFamily, ...others],
    ...(emojiDirectory === null ? {} : { emoji: shippedEmojiGlyphs(emojiDirectory) }),
  };
}
