/**
 * Which input broke a failed render. ffmpeg's error output names inputs by heap address
 * and path, neither of which a client may see nor a program can rely on, so each input
 * is decoded on its own for a moment instead: the first that ffmpeg cannot decode is the
 * user's file to replace, named by its asset and the item that shows or plays it.
 *
 * @module
 */
import type { RenderInput, RenderPlan } from "../../editor/render-plan/types.js";
import { type RenderFailure, renderFailure } from "../../ports/renderer.js";
import { INPUT_SAFETY_ARGS } from "../command/graph.js";
import type { ProcessConfinement } from "./confinement.js";
import { runProcess } from "./ffmpeg-process.js";
import { inputFileName } from "./media-inputs.js";

/** Longest one input's trial decode may take. */
export const TRIAL_DECODE_TIMEOUT_MS = 15_000;

// A second of sound, or a first picture, is what every render of the input decodes.
const TRIAL_DECODE_ARGS = ["-t", "1", "-frames:v", "1", "-f", "null", "-"];

// What ffmpeg prints when it ran out of memory rather than met a damaged file.
const OUT_OF_MEMORY = /Cannot allocate memory|Out of memory|failed to allocate/i;

/** Where and how the trial decodes run. */
export interface TrialDecoding {
  /** The ffmpeg program. */
  readonly program: string;
  /** The working directory holding the inputs (named by {@link inputFileName}). */
  readonly directory: string;
  /** Stops the trials with the render. */
  readonly signal: AbortSignal;
  /** The memory cap the trials run under, as the render does. */
  readonly confinement?: ProcessConfinement | undefined;
}

async function decodes(name: string, decoding: TrialDecoding): Promise<boolean> {
  const exit = await runProcess({
    program: decoding.program,
    args: [
      "-hide_banner",
      "-nostdin",
      "-v",
      "error",
      ...INPUT_SAFETY_ARGS,
      "-i",
      name,
      ...TRIAL_DECODE_ARGS,
    ],
    cwd: decoding.directory,
    timeoutMs: TRIAL_DECODE_TIMEOUT_MS,
    signal: decoding.signal,
    confinement: decoding.confinement,
  });
  if (exit.kind !== "exited") return true;
  return exit.exitCode === 0 || OUT_OF_MEMORY.test(exit.stderr);
}

// The first item of the plans that shows or plays the input.
function itemOf(inputId: string, plans: readonly RenderPlan[]): string | undefined {
  for (const plan of plans) {
    for (const layer of plan.layers) {
      if ("inputId" in layer && layer.inputId === inputId) return layer.itemId;
    }
    const sound = plan.sounds.find((candidate) => candidate.inputId === inputId);
    if (sound !== undefined) return sound.itemId;
  }
  return undefined;
}

function undecodable(input: RenderInput, plans: readonly RenderPlan[]): RenderFailure {
  const itemId = itemOf(input.id, plans);
  const shown = itemId === undefined ? "" : ` (item ${itemId})`;
  return renderFailure(
    "media_undecodable",
    `The ${input.kind} of asset ${input.id}${shown} cannot be decoded: the file is damaged or not in a format the renderer reads. Replace it with a whole file.`,
    { assetId: input.id, ...(itemId === undefined ? {} : { itemId }) },
  );
}

/**
 * The failure naming the first of `inputs` (in their order in the working directory)
 * that ffmpeg cannot decode, or undefined when each decodes on its own. The trials run
 * one after another: a failed render is rare, and each is short.
 */
export async function findUndecodableInput(
  inputs: readonly RenderInput[],
  { plans, decoding }: { plans: readonly RenderPlan[]; decoding: TrialDecoding },
): Promise<RenderFailure | undefined> {
  for (const [index, input] of inputs.entries()) {
    if (decoding.signal.aborted) return undefined;
    if (!(await decodes(inputFileName(index), decoding))) return undecodable(input, plans);
  }
  return undefined;
}
