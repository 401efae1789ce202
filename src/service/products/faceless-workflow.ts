/**
 * The faceless-video workflow (spec 1, 4.8; DESIGN 2a): after the script written at
 * request time, scenes → visuals → voice → word timing → project → render, each step
 * through its port, each output recorded on the video before the next step starts.
 *
 * @module
 */

import type { ProviderOutcome } from "../../ports/jobs.js";
import type { FacelessProgress } from "../../ports/product-workflow.js";
import type { GeneratedVisual } from "../../ports/visuals.js";
import type { FacelessStep } from "../../vocabulary.js";
import { buildFacelessProject } from "./faceless-project.js";
import { facelessInputOf } from "./product-inputs.js";
import {
  attachProject,
  type FacelessVideo,
  type ProductRun,
  readProductVideo,
} from "./product-record.js";
import { renderStep } from "./render-step.js";
import { scenesStep } from "./scenes-step.js";
import {
  type ProductWorkflow,
  runWorkflow,
  STEP_DONE,
  stepFailed,
  type WorkflowStep,
} from "./step-runner.js";
import { assertValidProject, projectRejected } from "./timeline-build.js";
import { makeVisuals } from "./visuals-step.js";
import { voiceStep } from "./voice-step.js";
import { wordTimingStep } from "./word-timing-step.js";

function missing(video: FacelessVideo, what: string): never {
  throw new Error(`Faceless video ${video.id} reached a step without its ${what}.`);
}

const visualsStep: WorkflowStep<FacelessProgress, "visuals"> = {
  name: "visuals",
  done: (video) =>
    video.workflow.scenes !== null && video.workflow.visuals.every((visual) => visual !== null),
  run(run, video) {
    const input = facelessInputOf(run.job);
    const scenes = video.workflow.scenes ?? missing(video, "scenes");
    return makeVisuals(run, {
      kind: "faceless_video",
      subjects: scenes.map((scene) => ({ prompt: scene.visualPrompt, text: scene.text })),
      recorded: video.workflow.visuals,
      aspectRatio: input.aspectRatio,
      referenceImageUrls: input.referenceImageUrls,
      style: input.imageStyle,
      styles: input.styles,
      unit: "scene",
    });
  },
};

const projectStep: WorkflowStep<FacelessProgress, "project"> = {
  name: "project",
  done: (video) => video.editor !== null,
  async run(run, video) {
    const { scenes, visuals, voice, timing } = video.workflow;
    const input = facelessInputOf(run.job);
    const built = buildFacelessProject({
      title: video.title,
      aspectRatio: input.aspectRatio,
      script: video.script ?? missing(video, "script"),
      sceneTexts: (scenes ?? missing(video, "scenes")).map((scene) => scene.text),
      visuals: visuals.map((visual) => visual ?? missing(video, "visuals")) as GeneratedVisual[],
      voice: voice ?? missing(video, "voice"),
      voiceId: input.voiceId,
      timing: timing ?? missing(video, "word timing"),
      musicUrl: input.musicUrl,
      generateId: () => run.deps.ids.editorId(),
    });
    if (!built.ok) return stepFailed(projectRejected(built.error));
    assertValidProject(built.value);
    await attachProject(run, built.value);
    return STEP_DONE;
  },
};

/** The steps of a faceless video, in order. */
export const FACELESS_WORKFLOW: ProductWorkflow<FacelessProgress, FacelessStep> = {
  steps: [
    scenesStep,
    visualsStep,
    voiceStep,
    wordTimingStep,
    projectStep,
    renderStep<FacelessProgress>(),
  ],
  read: (run: ProductRun) => readProductVideo(run, "faceless_video"),
  resultOf: (video) => video.workflow.rendered?.url ?? null,
};

/** A new faceless video's workflow: no step done yet. */
export function newFacelessProgress(): FacelessProgress {
  return {
    kind: "faceless_video",
    scenes: null,
    visuals: [],
    voice: null,
    timing: null,
    rendered: null,
  };
}

/**
 * Runs the unfinished steps of the faceless video `run.videoId` and answers its MP4's
 * URL, or the failure of the step that failed.
 */
export function runFacelessVideo(run: ProductRun): Promise<ProviderOutcome> {
  return runWorkflow(run, FACELESS_WORKFLOW);
}
