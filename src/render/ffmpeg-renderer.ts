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
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContactSheetPlan } from "../editor/render-plan/contact-sheet.js";
import type { RenderPlan } from "../editor/render-plan/types.js";
import {
  type CommandKind,
  type CommandSettings,
  contactSheetCommand,
  type FfmpegCommand,
  type FontSettings,
  frameCommand,
  inputsRead,
  VIDEO_ENCODING_DEFAULT,
  type VideoEncoding,
  videoCommand,
} from "./ffmpeg-command.js";
import { DEFAULT_FAMILY_WEIGHTS, SHIPPED_FONT_FAMILIES } from "./fonts.js";
import { checkFfmpegOnce } from "./node/ffmpeg-availability.js";
import { runProcess } from "./node/ffmpeg-process.js";
import { writeInputs } from "./node/media-inputs.js";
import { inputsWithAudio } from "./node/probe-audio.js";
import { shippedFontDirectory } from "./node/shipped-fonts.js";
import { ProgressReader } from "./progress.js";
import { RENDER_LIMITS_DEFAULT, type RenderLimits } from "./render-limits.js";
import { RenderSlots } from "./render-slots.js";
import {
  type FontFamilyInfo,
  type MediaReader,
  type RenderCallOptions,
  type RenderedImage,
  type RenderedVideo,
  type Renderer,
  type RenderFailure,
  renderFailure,
  type VideoTarget,
} from "./renderer.js";

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
}

interface Job {
  readonly kind: CommandKind;
  readonly plans: readonly RenderPlan[];
  readonly build: (settings: CommandSettings) => FfmpegCommand;
  readonly timeoutSeconds: number;
}

interface Finished {
  readonly directory: string;
  readonly command: FfmpegCommand;
}

// How long one ffmpeg run may take, what stops it early, and who hears of its progress.
interface RunLimits {
  readonly timeoutSeconds: number;
  readonly signal: AbortSignal;
  readonly onProgress: RenderCallOptions["onProgress"];
}

/**
 * Creates a renderer that runs ffmpeg. Creating it never fails: without ffmpeg, every
 * render answers `renderer_unavailable` naming what is missing.
 *
 * @example
 * ```ts
 * import { readFile } from "node:fs/promises";
 * import { planRender } from "reelkit";
 * import { createFfmpegRenderer } from "reelkit/render";
 *
 * const renderer = createFfmpegRenderer({
 *   readMedia: async ({ url }) => ({ ok: true, body: await readFile(new URL(url)) }),
 * });
 * const planned = planRender(state, { atSeconds: 2, width: 540 });
 * if (planned.ok) {
 *   const frame = await renderer.renderFrame(planned.plan);
 *   if (frame.ok) await writeFile("frame.png", frame.png);
 * }
 * ```
 */
export function createFfmpegRenderer(options: FfmpegRendererOptions): Renderer {
  const program = options.ffmpegPath ?? "ffmpeg";
  const limits: RenderLimits = { ...RENDER_LIMITS_DEFAULT, ...options.limits };
  const encoding: VideoEncoding = { ...VIDEO_ENCODING_DEFAULT, ...options.encoding };
  const font = fontSettingsOf(options.font);
  const slots = new RenderSlots(limits.concurrency, limits.queueMax);

  async function prepare(
    job: Job,
    signal: AbortSignal,
    directory: string,
  ): Promise<FfmpegCommand | RenderFailure> {
    const inputs = dedupe(job.plans.flatMap((plan) => inputsRead(plan, job.kind)));
    const files = await writeInputs(inputs, {
      readMedia: options.readMedia,
      directory,
      maxBytes: limits.inputMaxBytes,
      signal,
    });
    if (!(files instanceof Map)) return files;
    const videos = new Map(
      [...files].filter(([id]) => inputs.find((input) => input.id === id)?.kind === "video"),
    );
    const withAudio =
      job.kind === "video"
        ? await inputsWithAudio(videos, { program, directory, signal })
        : new Set<string>();
    const command = job.build({
      inputFiles: files,
      inputsWithAudio: withAudio,
      font,
      encoding,
      outputMaxBytes: limits.outputMaxBytes,
    });
    for (const file of command.files)
      await writeFile(join(directory, file.name), file.contents, { mode: 0o600 });
    return command;
  }

  async function execute<Rendered>(
    job: Job,
    call: RenderCallOptions,
    deliver: (finished: Finished) => Promise<Rendered | RenderFailure>,
  ): Promise<Rendered | RenderFailure> {
    const slot = await slots.acquire(call.signal);
    if (slot === "busy") {
      return renderFailure(
        "renderer_busy",
        `${limits.concurrency} renders are running and ${limits.queueMax} waiting; try again later.`,
      );
    }
    if (slot === "aborted")
      return renderFailure("render_aborted", "The render was aborted before it started.");
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    call.signal?.addEventListener("abort", onAbort, { once: true });
    let directory: string | undefined;
    try {
      const unavailable = await checkFfmpegOnce(program);
      if (unavailable !== undefined) return unavailable;
      directory = await mkdtemp(join(options.temporaryDirectory ?? tmpdir(), "reelkit-render-"));
      const command = await prepare(job, controller.signal, directory);
      if ("ok" in command) return command;
      if (controller.signal.aborted)
        return renderFailure("render_aborted", "The render was aborted.");
      const failure = await run(
        { directory, command },
        {
          timeoutSeconds: job.timeoutSeconds,
          signal: controller.signal,
          onProgress: call.onProgress,
        },
      );
      if (failure !== undefined) return failure;
      const size = (await stat(join(directory, command.outputFile))).size;
      if (size >= limits.outputMaxBytes) {
        return renderFailure(
          "output_too_large",
          `The output reached the ${limits.outputMaxBytes}-byte limit and was discarded.`,
        );
      }
      return await deliver({ directory, command });
    } finally {
      call.signal?.removeEventListener("abort", onAbort);
      slot();
      if (directory !== undefined) await rm(directory, { recursive: true, force: true });
    }
  }

  // Runs a prepared command in its directory until it exits, times out or is aborted.
  async function run(
    { directory, command }: { directory: string; command: FfmpegCommand },
    { timeoutSeconds, signal, onProgress }: RunLimits,
  ): Promise<RenderFailure | undefined> {
    const progress = onProgress === undefined ? undefined : new ProgressReader(command, onProgress);
    const exit = await runProcess({
      program,
      args: command.args,
      cwd: directory,
      timeoutMs: timeoutSeconds * 1000,
      signal,
      onStdout: (text) => progress?.push(text),
    });
    switch (exit.kind) {
      case "exited":
        if (exit.exitCode === 0) return undefined;
        return renderFailure(
          "render_failed",
          `ffmpeg exited with code ${exit.exitCode}: ${exit.stderr.trim() || "no error output"}`,
        );
      case "missing":
        return renderFailure(
          "renderer_unavailable",
          `ffmpeg was not found (looked for "${program}").`,
          "ffmpeg",
        );
      case "timeout":
        return renderFailure(
          "render_timeout",
          `The render ran past its ${timeoutSeconds}-second limit and was stopped.`,
        );
      case "aborted":
        return renderFailure("render_aborted", "The render was aborted.");
    }
  }

  async function readImage(
    finished: Finished,
    width: number,
    height: number,
  ): Promise<RenderedImage> {
    const png = new Uint8Array(
      await readFile(join(finished.directory, finished.command.outputFile)),
    );
    return { ok: true, png, width, height };
  }

  return {
    fontFamilies: font.faces,

    async renderVideo(plan, target, call = {}) {
      const job: Job = {
        kind: "video",
        plans: [plan],
        build: (settings) => videoCommand(plan, settings),
        timeoutSeconds: limits.videoTimeoutSeconds,
      };
      return execute<RenderedVideo>(job, call, async ({ directory, command }) => {
        const path = join(directory, command.outputFile);
        const failure = await deliverVideo(path, target);
        if (failure !== undefined) return failure;
        return {
          ok: true,
          sizeBytes: (await stat(path)).size,
          width: plan.width,
          height: plan.height,
          frameCount: plan.frameCount,
          durationSeconds: plan.durationSeconds,
        };
      });
    },

    async renderFrame(plan, call = {}) {
      const job: Job = {
        kind: "frame",
        plans: [plan],
        build: (settings) => frameCommand(plan, settings),
        timeoutSeconds: limits.imageTimeoutSeconds,
      };
      return execute(job, call, (finished) => readImage(finished, plan.width, plan.height));
    },

    async renderContactSheet(sheet: ContactSheetPlan, call = {}) {
      const job: Job = {
        kind: "frame",
        plans: sheet.frames,
        build: (settings) => contactSheetCommand(sheet, settings),
        timeoutSeconds: limits.imageTimeoutSeconds,
      };
      return execute(job, call, (finished) => readImage(finished, sheet.width, sheet.height));
    },
  };
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
  const defaultFamily = { family, weights: DEFAULT_FAMILY_WEIGHTS };
  const others = families.filter((info) => info.family.toLowerCase() !== family.toLowerCase());
  return {
    family,
    directory,
    sizePerEm: font?.sizePerEm ?? FONT_SIZE_PER_EM_DEFAULT,
    faces: [defaultFamily, ...others],
  };
}

function dedupe<T extends { id: string }>(items: readonly T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
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
