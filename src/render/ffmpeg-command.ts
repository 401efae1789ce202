/**
 * The second pure step of rendering (DESIGN section 6): a render plan as the arguments
 * of one ffmpeg process and the text files it reads. No I/O happens here; the runner
 * writes the inputs and files into a private working directory and runs ffmpeg there,
 * so every path in the command is a plain relative name.
 *
 * - Video (MP4): H.264 in 4:2:0 with AAC sound, `+faststart`, exactly `frameCount`
 *   frames and `durationSeconds` of sound (silence where nothing plays).
 * - Frame (PNG): the plan's first frame, composed in 4:4:4 for crisp edges.
 * - Contact sheet (PNG): several single-frame plans composed side by side.
 *
 * @module
 */
import type { ContactSheetPlan } from "../editor/render-plan/contact-sheet.js";
import type { RenderInput, RenderPlan } from "../editor/render-plan/types.js";
import { addSound } from "./command/audio-graph.js";
import type { PictureSize } from "./command/fitted-region.js";
import { type CommandFile, FilterGraph, type InputFiles } from "./command/graph.js";
import { addPicture, type FontSettings } from "./command/visual-graph.js";

export type { PictureSize } from "./command/fitted-region.js";
export type { CommandFile, InputFiles } from "./command/graph.js";
export { commandFileText, STILL_DECODER_OPTIONS } from "./command/graph.js";
export type { FontSettings } from "./command/visual-graph.js";

/** Longest filter graph passed on the command line; a longer one goes in a file. */
export const FILTER_GRAPH_INLINE_MAX_LENGTH = 100_000;

/** How an MP4 is encoded. */
export interface VideoEncoding {
  /** x264 preset: faster presets encode faster and make larger files. */
  readonly preset: "ultrafast" | "superfast" | "veryfast" | "faster" | "fast" | "medium";
  /** x264 constant rate factor, 0 (lossless) to 51; 23 is x264's default. */
  readonly crf: number;
  /** AAC bit rate in kilobits per second. */
  readonly audioBitrateKbps: number;
}

/**
 * The encoding of an MP4 when the settings give none. On two cores the encoder is most
 * of an export's cost: for the benchmark's 30 s 720p timeline, `ultrafast` needs CPU
 * time for nearly 6x real time and is the only preset measured past 3x real time on a
 * busy machine; `superfast` needs CPU for about 4x (files about 0.6 times as large) and
 * `veryfast` 3x (about a third). A host that prefers smaller files passes its own preset.
 */
export const VIDEO_ENCODING_DEFAULT: VideoEncoding = {
  preset: "ultrafast",
  crf: 23,
  audioBitrateKbps: 160,
};

/** What a command needs besides the plan. */
export interface CommandSettings {
  /** The file name of each input the command reads, relative to the working directory. */
  readonly inputFiles: InputFiles;
  /**
   * Inputs whose file holds a sound stream. A video's sound is mixed only when its input
   * is listed; audio inputs are always read. Only video commands mix sound.
   */
  readonly inputsWithAudio: ReadonlySet<string>;
  /** How text is set. */
  readonly font: FontSettings;
  /** How an MP4 is encoded; default {@link VIDEO_ENCODING_DEFAULT}. */
  readonly encoding?: VideoEncoding;
  /** ffmpeg stops writing once the output reaches this many bytes (`-fs`); default none. */
  readonly outputMaxBytes?: number;
  /**
   * The size of each visual input's pictures, where the runner knows it (it probes the
   * files): such a layer crops its source to what is drawn before scaling it, so nothing
   * is scaled past what the output shows.
   */
  readonly inputSizes?: ReadonlyMap<string, PictureSize>;
}

/** One ffmpeg run. */
export interface FfmpegCommand {
  /** Arguments after the program name. */
  readonly args: readonly string[];
  /** Text files to write in the working directory before running. */
  readonly files: readonly CommandFile[];
  /** Ids of the plan inputs the command reads. */
  readonly inputIds: readonly string[];
  /** Name of the file ffmpeg writes, in the working directory. */
  readonly outputFile: string;
  /** Frames ffmpeg writes in all (for progress). */
  readonly frameCount: number;
  /** Length of the output in seconds (for progress). */
  readonly durationSeconds: number;
}

/** Which output a command makes. */
export type CommandKind = "video" | "frame";

/**
 * The inputs a command of `kind` reads from `plan`: a frame is silent, so it reads the
 * pictures only.
 *
 * @example
 * ```ts
 * inputsRead(plan, "frame").map((input) => input.url); // the pictures' URLs
 * ```
 */
export function inputsRead(plan: RenderPlan, kind: CommandKind): RenderInput[] {
  const used = new Set<string>();
  for (const layer of plan.layers) if ("inputId" in layer) used.add(layer.inputId);
  if (kind === "video") for (const sound of plan.sounds) used.add(sound.inputId);
  return plan.inputs.filter((input) => used.has(input.id));
}

const COMMON_ARGS = [
  "-hide_banner",
  "-nostdin",
  "-v",
  "error",
  "-y",
  "-progress",
  "pipe:1",
  "-nostats",
];

// What a command writes: its output arguments and file, and what its progress counts to.
interface CommandOutput {
  readonly outputArgs: readonly string[];
  readonly outputFile: string;
  readonly frameCount: number;
  readonly durationSeconds: number;
}

function assemble(
  graph: FilterGraph,
  settings: CommandSettings,
  { outputArgs, outputFile, frameCount, durationSeconds }: CommandOutput,
): FfmpegCommand {
  // A long graph goes in a file, written in pieces like the subtitles.
  const graphArgs =
    graph.textLength() > FILTER_GRAPH_INLINE_MAX_LENGTH
      ? ["-filter_complex_script", graph.addFile("graph", "txt", () => graph.textPieces())]
      : ["-filter_complex", graph.text()];
  const sizeArgs =
    settings.outputMaxBytes === undefined ? [] : ["-fs", String(settings.outputMaxBytes)];
  return {
    args: [
      ...COMMON_ARGS,
      ...graph.inputArgs,
      ...graphArgs,
      ...outputArgs,
      ...sizeArgs,
      outputFile,
    ],
    files: graph.files,
    inputIds: [...graph.inputIds],
    outputFile,
    frameCount,
    durationSeconds,
  };
}

/**
 * The command rendering `plan` to an MP4: every frame and the mixed sound.
 *
 * @example
 * ```ts
 * const command = videoCommand(plan, {
 *   inputFiles: new Map([["asset-1", "input-0"]]),
 *   inputsWithAudio: new Set(["asset-1"]),
 *   font: { family: "DejaVu Sans", sizePerEm: 1.164, directory: null },
 * });
 * // command.args: ["-hide_banner", ..., "-i", "input-0", "-filter_complex", "...", ..., "video.mp4"]
 * ```
 */
export function videoCommand(plan: RenderPlan, settings: CommandSettings): FfmpegCommand {
  const graph = new FilterGraph(settings.inputFiles);
  const picture = addPicture(graph, {
    plan,
    format: "yuv420p",
    font: settings.font,
    inputSizes: settings.inputSizes,
  });
  const sound = addSound(graph, plan, (inputId) => {
    const input = plan.inputs.find((candidate) => candidate.id === inputId);
    return input?.kind === "audio" || settings.inputsWithAudio.has(inputId);
  });
  const encoding = settings.encoding ?? VIDEO_ENCODING_DEFAULT;
  const outputArgs = [
    "-map",
    `[${picture}]`,
    "-map",
    `[${sound}]`,
    "-c:v",
    "libx264",
    "-preset",
    encoding.preset,
    "-crf",
    String(encoding.crf),
    "-pix_fmt",
    "yuv420p",
    "-r",
    String(plan.fps),
    "-c:a",
    "aac",
    "-b:a",
    `${encoding.audioBitrateKbps}k`,
    "-ac",
    "2",
    "-movflags",
    "+faststart",
  ];
  return assemble(graph, settings, {
    outputArgs,
    outputFile: "video.mp4",
    frameCount: plan.frameCount,
    durationSeconds: plan.durationSeconds,
  });
}

const PNG_ARGS = ["-frames:v", "1", "-c:v", "png", "-pix_fmt", "rgb24", "-update", "1"];

function singleFrame(plan: RenderPlan): RenderPlan {
  return plan.frameCount === 1 ? plan : { ...plan, frameCount: 1, durationSeconds: 1 / plan.fps };
}

/** The command rendering the first frame of `plan` to a PNG. */
export function frameCommand(plan: RenderPlan, settings: CommandSettings): FfmpegCommand {
  const graph = new FilterGraph(settings.inputFiles, { stillsOnly: true });
  const picture = addPicture(graph, {
    plan: singleFrame(plan),
    format: "yuv444p",
    font: settings.font,
    inputSizes: settings.inputSizes,
  });
  return assemble(graph, settings, {
    outputArgs: ["-map", `[${picture}]`, ...PNG_ARGS],
    outputFile: "frame.png",
    frameCount: 1,
    durationSeconds: 1 / plan.fps,
  });
}

/** The command rendering a contact sheet to a PNG: each frame in its cell, in reading order. */
export function contactSheetCommand(
  sheet: ContactSheetPlan,
  settings: CommandSettings,
): FfmpegCommand {
  const graph = new FilterGraph(settings.inputFiles, { stillsOnly: true });
  const cells = sheet.frames.map((frame) =>
    addPicture(graph, {
      plan: singleFrame(frame),
      format: "yuv444p",
      font: settings.font,
      inputSizes: settings.inputSizes,
    }),
  );
  let picture = cells[0];
  if (picture === undefined) throw new Error("A contact sheet has at least one frame.");
  if (cells.length > 1) {
    const layout = cells
      .map((_, index) => {
        const column = index % sheet.columns;
        const row = Math.floor(index / sheet.columns);
        return `${column * sheet.cellWidth}_${row * sheet.cellHeight}`;
      })
      .join("|");
    picture = graph.label("sheet");
    graph.addChain(
      `${cells.map((cell) => `[${cell}]`).join("")}xstack=inputs=${cells.length}:layout=${layout}:fill=black[${picture}]`,
    );
  }
  const frameRate = sheet.frames[0]?.fps ?? 1;
  return assemble(graph, settings, {
    outputArgs: ["-map", `[${picture}]`, ...PNG_ARGS],
    outputFile: "sheet.png",
    frameCount: 1,
    durationSeconds: 1 / frameRate,
  });
}
