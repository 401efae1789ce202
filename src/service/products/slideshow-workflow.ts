/**
 * The slideshow workflow (spec 4.6; DESIGN 2a): slides → visuals → project → render,
 * recorded on the slideshow's video (its `video_id`), which becomes the project that
 * holds the slides.
 *
 * @module
 */

import type { ProviderOutcome } from "../../ports/jobs.js";
import type { SlideshowProgress } from "../../ports/product-workflow.js";
import type { PlannedSlide, SlidePlanRequest } from "../../ports/script-plans.js";
import type { GeneratedVisual } from "../../ports/visuals.js";
import type { SlideshowStep } from "../../vocabulary.js";
import { checkSlidePlan } from "./plan-checks.js";
import { slideshowInputOf } from "./product-inputs.js";
import {
  attachProject,
  type ProductRun,
  readProductVideo,
  type SlideshowVideo,
  saveProgress,
} from "./product-record.js";
import { askProvider, unusableAnswer } from "./provider-calls.js";
import { renderStep } from "./render-step.js";
import { planSlidesFromBrief } from "./slide-plan.js";
import { buildSlideshowProject } from "./slideshow-project.js";
import {
  type ProductWorkflow,
  runWorkflow,
  STEP_DONE,
  stepFailed,
  type WorkflowStep,
} from "./step-runner.js";
import { assertValidProject, projectRejected } from "./timeline-build.js";
import { makeVisuals } from "./visuals-step.js";
import { brandKitBrief, slideshowReferenceImages } from "./workspace-inputs.js";

const WRITER = "The script writer";

function missing(video: SlideshowVideo, what: string): never {
  throw new Error(`The video ${video.id} of a slideshow reached a step without its ${what}.`);
}

async function slidePlanRequest(run: ProductRun): Promise<SlidePlanRequest> {
  const input = slideshowInputOf(run.job);
  const organizationId = run.job.organizationId;
  return {
    prompt: input.prompt,
    productContext: input.productContext,
    title: input.title,
    slideCount: input.slideCount,
    language: input.language,
    aspectRatio: input.aspectRatio,
    referenceImageUrls: await slideshowReferenceImages(run.deps, organizationId, input),
    brandKit: await brandKitBrief(run.deps, organizationId, input.brandKitId),
  };
}

function recorded(slides: readonly PlannedSlide[]): PlannedSlide[] {
  return slides.map(({ headline, visualPrompt }) => ({ headline, visualPrompt }));
}

const slidesStep: WorkflowStep<SlideshowProgress, "slides"> = {
  name: "slides",
  done: (video) => video.workflow.slides !== null,
  async run(run) {
    const request = await slidePlanRequest(run);
    const writer = run.deps.scriptWriter;
    const answer = await askProvider(WRITER, async () =>
      writer.planSlides === undefined ? planSlidesFromBrief(request) : writer.planSlides(request),
    );
    if (!answer.ok) return stepFailed(answer.error);
    const checked = checkSlidePlan(request.slideCount, answer.value);
    if (!checked.ok) return stepFailed(unusableAnswer(WRITER, checked.error));
    const slides = recorded(answer.value);
    await saveProgress(run, "slideshow", (progress) =>
      progress.slides === null
        ? { ...progress, slides, visuals: slides.map(() => null) }
        : progress,
    );
    return STEP_DONE;
  },
};

const visualsStep: WorkflowStep<SlideshowProgress, "visuals"> = {
  name: "visuals",
  done: (video) =>
    video.workflow.slides !== null && video.workflow.visuals.every((visual) => visual !== null),
  async run(run, video) {
    const input = slideshowInputOf(run.job);
    const slides = video.workflow.slides ?? missing(video, "slides");
    const references = await slideshowReferenceImages(run.deps, run.job.organizationId, input);
    return makeVisuals(run, {
      kind: "slideshow",
      subjects: slides.map((slide) => ({ prompt: slide.visualPrompt, text: slide.headline })),
      recorded: video.workflow.visuals,
      aspectRatio: input.aspectRatio,
      referenceImageUrls: references,
      style: null,
      styles: [],
      unit: "slide",
    });
  },
};

const projectStep: WorkflowStep<SlideshowProgress, "project"> = {
  name: "project",
  done: (video) => video.editor !== null,
  async run(run, video) {
    const input = slideshowInputOf(run.job);
    const built = buildSlideshowProject({
      title: input.title,
      aspectRatio: input.aspectRatio,
      slides: video.workflow.slides ?? missing(video, "slides"),
      visuals: video.workflow.visuals.map(
        (visual) => visual ?? missing(video, "visuals"),
      ) as GeneratedVisual[],
      textOverlays: video.workflow.textOverlays,
      generateId: () => run.deps.ids.editorId(),
    });
    if (!built.ok) return stepFailed(projectRejected(built.error));
    assertValidProject(built.value);
    await attachProject(run, built.value);
    return STEP_DONE;
  },
};

/** The steps of a slideshow, in order. */
export const SLIDESHOW_WORKFLOW: ProductWorkflow<SlideshowProgress, SlideshowStep> = {
  steps: [slidesStep, visualsStep, projectStep, renderStep<SlideshowProgress>()],
  read: (run: ProductRun) => readProductVideo(run, "slideshow"),
  resultOf: (video) => video.workflow.rendered?.url ?? null,
};

/** A new slideshow's workflow: no step done yet. */
export function newSlideshowProgress(textOverlays: boolean): SlideshowProgress {
  return { kind: "slideshow", textOverlays, slides: null, visuals: [], rendered: null };
}

/**
 * Runs the unfinished steps of a slideshow job into its video `run.videoId` and answers
 * the MP4's URL, or the failure of the step that failed.
 */
export function runSlideshow(run: ProductRun): Promise<ProviderOutcome> {
  return runWorkflow(run, SLIDESHOW_WORKFLOW);
}
