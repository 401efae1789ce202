/**
 * One render from start to end: wait for a slot in the job's lane, check that ffmpeg
 * can render, make a private working directory, bring the inputs into it, build and
 * write the command, run ffmpeg, deliver the output, and remove the directory whatever
 * happened. The caller's signal and the renderer's closing both stop it.
 *
 * @module
 */
import { mkdtemp, open, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { RenderInput, RenderPlan } from "../../editor/render-plan/types.js";
import {
  type RenderCallOptions,
  type RenderError,
  type RenderFailure,
  renderFailure,
} from "../../ports/renderer.js";
import { ok, type Result } from "../../result.js";
import {
  type CommandFile,
  type CommandKind,
  type CommandSettings,
  type FfmpegCommand,
  inputsRead,
} from "../ffmpeg-command.js";
import { ProgressReader } from "../progress.js";
import type { SlotRefusal } from "../render-slots.js";
import { failureOfExit } from "./exit-failure.js";
import { checkConfinementOnce, checkFfmpegOnce } from "./ffmpeg-availability.js";
import { runProcess } from "./ffmpeg-process.js";
import { writeInputs } from "./media-inputs.js";
import { pictureSizes } from "./picture-sizes.js";
import { type ProbedStreams, probeStreams } from "./probe-streams.js";
import type { RendererContext } from "./renderer-context.js";
import { findUndecodableInput } from "./undecodable-input.js";

/**
 * How much lower than the host an export's ffmpeg is scheduled (a `nice` increment):
 * exports are batch work, and a preview someone waits for should get the processor
 * first when both run.
 */
export const VIDEO_RENDER_NICENESS = 10;

/** What to render: its lane, its plans, how its command is built, and its time limit. */
export interface RenderJob {
  /** The lane, and whether sound is read. */
  readonly kind: CommandKind;
  /** The plans drawn (one, or a contact sheet's frames). */
  readonly plans: readonly RenderPlan[];
  /** Builds the command once the inputs are in place. */
  readonly build: (settings: CommandSettings) => FfmpegCommand;
  /** Longest the ffmpeg run may take. */
  readonly timeoutSeconds: number;
}

/** A render whose ffmpeg run succeeded: where its output is. */
export interface FinishedRender {
  /** The working directory. */
  readonly directory: string;
  /** The command that ran. */
  readonly command: FfmpegCommand;
}

/** One render request: the job, the caller's options, and what to do with the output. */
export interface RenderRequest<Rendered> {
  /** What to render. */
  readonly job: RenderJob;
  /** The caller's signal, progress callback and organization. */
  readonly call: RenderCallOptions;
  /** Delivers the output before the working directory is removed. */
  readonly deliver: (finished: FinishedRender) => Promise<Result<Rendered, RenderError>>;
}

const LANE_NAMES: Readonly<Record<CommandKind, string>> = {
  video: "video",
  frame: "frame and contact sheet",
};

function slotRefusal(refusal: SlotRefusal, lane: CommandKind): RenderFailure {
  switch (refusal) {
    case "busy":
      return renderFailure(
        "renderer_busy",
        `Every ${LANE_NAMES[lane]} render slot is taken and the line is full; try again later.`,
      );
    case "aborted":
      return renderFailure("render_aborted", "The render was aborted before it started.");
    case "closed":
      return renderFailure("renderer_closed", "The renderer is closed: its host is stopping.");
  }
}

/**
 * Characters of a command file written at once. The file is made piece by piece while
 * it is written, and the event loop runs between writes, so a large document never
 * holds up other requests nor sits whole in memory.
 */
export const COMMAND_FILE_CHUNK_LENGTH = 64 * 1024;

/**
 * Longest a command file is made without a write, in milliseconds: a chunk is written
 * early when making it has taken this long. Pieces differ widely in cost (a line of a
 * swaying caption costs far more than its length says) and a busy machine slows them
 * all, so a count of characters alone does not bound how long the host's other requests
 * wait.
 */
export const COMMAND_FILE_SLICE_MS = 10;

/**
 * Writes a command file at `path` in chunks of at most {@link COMMAND_FILE_CHUNK_LENGTH}
 * characters or {@link COMMAND_FILE_SLICE_MS} of making, making its pieces as it goes,
 * and stops early when `signal` aborts.
 */
export async function writeCommandFile(
  path: string,
  { file, signal }: { file: CommandFile; signal: AbortSignal },
): Promise<void> {
  const handle = await open(path, "wx", 0o600);
  try {
    let chunk: string[] = [];
    let length = 0;
    let sliceStart = performance.now();
    for (const piece of file.pieces()) {
      chunk.push(piece);
      length += piece.length;
      if (
        length < COMMAND_FILE_CHUNK_LENGTH &&
        performance.now() - sliceStart < COMMAND_FILE_SLICE_MS
      ) {
        continue;
      }
      await handle.write(chunk.join(""));
      if (signal.aborted) return;
      chunk = [];
      length = 0;
      sliceStart = performance.now();
    }
    if (chunk.length > 0) await handle.write(chunk.join(""));
  } finally {
    await handle.close();
  }
}

function dedupe<T extends { id: string }>(items: readonly T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}

// The inputs a job reads, each once, in the order their files are named.
function inputsOf(job: RenderJob): RenderInput[] {
  return dedupe(job.plans.flatMap((plan) => inputsRead(plan, job.kind)));
}

async function unavailable(context: RendererContext): Promise<RenderFailure | undefined> {
  const missing = await checkFfmpegOnce(context.program);
  if (missing !== undefined || context.confinement === undefined) return missing;
  return checkConfinementOnce(context.program);
}

// Brings the inputs in, builds the command and writes its files.
async function prepare(
  context: RendererContext,
  { job, signal, directory }: { job: RenderJob; signal: AbortSignal; directory: string },
): Promise<Result<FfmpegCommand, RenderError>> {
  const inputs = inputsOf(job);
  const files = await writeInputs(inputs, {
    readMedia: context.readMedia,
    directory,
    maxBytes: context.limits.inputMaxBytes,
    signal,
  });
  if (!files.ok) return files;
  const ofKind = (kinds: readonly string[]) =>
    new Map(
      [...files.value].filter(([id]) => {
        const kind = inputs.find((input) => input.id === id)?.kind;
        return kind !== undefined && kinds.includes(kind);
      }),
    );
  // Only an export probes its videos (for their sound); a preview's videos are fitted
  // whole, sparing it an ffmpeg start.
  const probed: ProbedStreams =
    job.kind === "video"
      ? await probeStreams(ofKind(["video"]), {
          program: context.program,
          directory,
          signal,
          confinement: context.confinement,
        })
      : { withAudio: new Set(), sizes: new Map() };
  const stills = await pictureSizes(ofKind(["image", "gif"]), directory);
  const command = job.build({
    inputFiles: files.value,
    inputsWithAudio: probed.withAudio,
    inputSizes: new Map([...probed.sizes, ...stills]),
    font: context.font,
    encoding: context.encoding,
    outputMaxBytes: context.limits.outputMaxBytes,
  });
  for (const file of command.files) {
    await writeCommandFile(join(directory, file.name), { file, signal });
  }
  return ok(command);
}

// Runs the prepared command until it exits, times out, is aborted or the renderer closes.
async function run(
  context: RendererContext,
  {
    job,
    call,
    finished,
    signal,
  }: { job: RenderJob; call: RenderCallOptions; finished: FinishedRender; signal: AbortSignal },
): Promise<RenderFailure | undefined> {
  const { command, directory } = finished;
  const { onProgress } = call;
  const progress = onProgress === undefined ? undefined : new ProgressReader(command, onProgress);
  const exit = await runProcess({
    program: context.program,
    args: command.args,
    cwd: directory,
    timeoutMs: job.timeoutSeconds * 1000,
    signal,
    onStdout: (text) => progress?.push(text),
    confinement: context.confinement,
    niceness: job.kind === "video" ? VIDEO_RENDER_NICENESS : 0,
  });
  const failure = failureOfExit(exit, context, {
    timeoutSeconds: job.timeoutSeconds,
    closed: context.closing.aborted,
  });
  if (failure === undefined || exit.kind !== "exited") return failure;
  context.logger.log("warn", "ffmpeg failed", {
    code: failure.error.code,
    exit_code: exit.exitCode,
    exit_signal: exit.exitSignal,
    stderr: exit.stderr,
  });
  if (failure.error.code !== "render_failed") return failure;
  // A damaged file of the user's is theirs to replace, not a server fault.
  const decoding = {
    program: context.program,
    directory,
    signal,
    confinement: context.confinement,
  };
  return (await findUndecodableInput(inputsOf(job), { plans: job.plans, decoding })) ?? failure;
}

function outputTooLarge(maxBytes: number): RenderFailure {
  return renderFailure(
    "output_too_large",
    `The output reached the ${maxBytes}-byte limit and was discarded.`,
  );
}

// A signal aborted by the caller's signal or the renderer's closing, and how to let go.
function stopSignal(
  context: RendererContext,
  call: RenderCallOptions,
): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  call.signal?.addEventListener("abort", abort, { once: true });
  context.closing.addEventListener("abort", abort, { once: true });
  if (call.signal?.aborted || context.closing.aborted) controller.abort();
  return {
    signal: controller.signal,
    release: () => {
      call.signal?.removeEventListener("abort", abort);
      context.closing.removeEventListener("abort", abort);
    },
  };
}

/** Runs one render to its end; never throws for an expected failure. */
export async function runRenderJob<Rendered>(
  context: RendererContext,
  { job, call, deliver }: RenderRequest<Rendered>,
): Promise<Result<Rendered, RenderError>> {
  const slot = await context.lanes[job.kind].acquire({
    organization: call.organizationId,
    signal: call.signal,
  });
  if (!slot.ok) return slotRefusal(slot.error, job.kind);
  const stop = stopSignal(context, call);
  let directory: string | undefined;
  try {
    const missing = await unavailable(context);
    if (missing !== undefined) return missing;
    directory = await mkdtemp(join(context.temporaryDirectory, "reelkit-render-"));
    const prepared = await prepare(context, { job, signal: stop.signal, directory });
    if (!prepared.ok) return prepared;
    const command = prepared.value;
    const finished = { directory, command };
    const failure = stop.signal.aborted
      ? failureOfExit({ kind: "aborted", stderr: "" }, context, {
          timeoutSeconds: job.timeoutSeconds,
          closed: context.closing.aborted,
        })
      : await run(context, { job, call, finished, signal: stop.signal });
    if (failure !== undefined) return failure;
    const size = await sizeOf(join(directory, command.outputFile));
    // ffmpeg exits cleanly without a file when no frame reached the output.
    if (size === undefined) return renderFailure("render_failed", "ffmpeg wrote no output.");
    if (size >= context.limits.outputMaxBytes) return outputTooLarge(context.limits.outputMaxBytes);
    return await deliver(finished);
  } finally {
    stop.release();
    slot.value();
    if (directory !== undefined) await rm(directory, { recursive: true, force: true });
  }
}

async function sizeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch {
    return undefined;
  }
}
