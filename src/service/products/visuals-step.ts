/**
 * The visuals step, shared by both products: one picture per scene or slide from the
 * visual generator, at the composition's size, each recorded as soon as it is stored. A
 * run again asks only for the visuals still missing, with the same idempotency key per
 * visual as before. A few are asked for at once; when one fails, those already answered
 * are kept and the step fails with the first failure.
 *
 * @module
 */
import { COMPOSITION_SIZES } from "../../editor/state.js";
import type { ProductProgress } from "../../ports/product-workflow.js";
import type { GeneratedVisual, VisualRequest } from "../../ports/visuals.js";
import { err, ok, type Result } from "../../result.js";
import type { EditorAspectRatio } from "../../vocabulary.js";
import { type ProductRun, saveProgress } from "./product-record.js";
import { askProvider, isFetchableUrl, unusableAnswer } from "./provider-calls.js";
import { STEP_DONE, type StepOutcome, stepFailed } from "./step-runner.js";

/** Visuals asked of the generator at once. */
export const VISUALS_IN_PARALLEL = 4;

const WHO = "The visual generator";

/** What one visual shows. */
export interface VisualSubject {
  /** The prompt for the image model. */
  readonly prompt: string;
  /** The words the visual illustrates. */
  readonly text: string;
}

/** The visuals a step needs and what they share. */
export interface VisualsToMake {
  /** The product whose workflow records them. */
  readonly kind: ProductProgress["kind"];
  /** What each shows, in order. */
  readonly subjects: readonly VisualSubject[];
  /** The visuals recorded so far, null where missing. */
  readonly recorded: readonly (GeneratedVisual | null)[];
  /** The product's aspect ratio. */
  readonly aspectRatio: EditorAspectRatio;
  /** Images the visuals follow. */
  readonly referenceImageUrls: readonly string[];
  /** The main style, if any. */
  readonly style: string | null;
  /** Further named styles. */
  readonly styles: readonly string[];
  /** `scene` or `slide`, in each visual's idempotency key. */
  readonly unit: string;
}

function requestOf(run: ProductRun, make: VisualsToMake, index: number): VisualRequest {
  const subject = make.subjects[index] as VisualSubject;
  const size = COMPOSITION_SIZES[make.aspectRatio];
  return {
    organizationId: run.job.organizationId,
    prompt: subject.prompt,
    text: subject.text,
    kind: "image",
    aspectRatio: make.aspectRatio,
    width: size.width,
    height: size.height,
    referenceImageUrls: make.referenceImageUrls,
    style: make.style,
    styles: make.styles,
    sequence: { number: index + 1, count: make.subjects.length },
    // The job's hold is unique to this product and the same on every run of its job.
    idempotencyKey: `${run.job.holdId}:${make.unit}:${index + 1}`,
  };
}

// The visual as recorded: its known fields only, or why it cannot be used.
function usableVisual(
  visual: GeneratedVisual,
  request: VisualRequest,
): Result<GeneratedVisual, string> {
  if (!isFetchableUrl(visual?.url)) return err("its url is not an absolute http(s) URL");
  if (visual.kind !== request.kind) return err(`it is ${String(visual.kind)}, not ${request.kind}`);
  const sized = [visual.width, visual.height].every((side) => Number.isInteger(side) && side > 0);
  if (!sized) return err("its width and height are not positive whole pixels");
  return ok({
    url: visual.url,
    kind: visual.kind,
    width: visual.width,
    height: visual.height,
    durationSeconds: null,
  });
}

async function makeOne(run: ProductRun, make: VisualsToMake, index: number): Promise<StepOutcome> {
  const request = requestOf(run, make, index);
  const answer = await askProvider(WHO, () => run.deps.visuals.generate(request));
  if (!answer.ok) return stepFailed(answer.error);
  const usable = usableVisual(answer.value, request);
  if (!usable.ok) return stepFailed(unusableAnswer(WHO, `visual ${index + 1}: ${usable.error}`));
  const visual = usable.value;
  await saveProgress(run, make.kind, (progress) => {
    if (progress.visuals[index] !== null) return progress;
    const visuals = progress.visuals.map((recorded, at) => (at === index ? visual : recorded));
    return { ...progress, visuals };
  });
  return STEP_DONE;
}

/** Generates and records every missing visual of `make`, a few at a time. */
export async function makeVisuals(run: ProductRun, make: VisualsToMake): Promise<StepOutcome> {
  const missing = make.recorded.flatMap((visual, index) => (visual === null ? [index] : []));
  for (let start = 0; start < missing.length; start += VISUALS_IN_PARALLEL) {
    const batch = missing.slice(start, start + VISUALS_IN_PARALLEL);
    const outcomes = await Promise.all(batch.map((index) => makeOne(run, make, index)));
    const failed = outcomes.find((outcome) => !outcome.ok);
    if (failed !== undefined) return failed;
  }
  return STEP_DONE;
}
