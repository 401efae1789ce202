/**
 * The scenes step of a faceless video: the script divided into scenes, each with a visual
 * prompt and a target length, by the script writer's `planScenes` or, without it, by
 * sentences (`planScenesBySentences`). The request, the styles, the reference images and
 * the brand kit are the plan's inputs.
 *
 * @module
 */
import type { FacelessProgress } from "../../ports/product-workflow.js";
import type { PlannedScene, ScenePlanRequest } from "../../ports/script-plans.js";
import { checkScenePlan } from "./plan-checks.js";
import { facelessInputOf } from "./product-inputs.js";
import { type FacelessVideo, type ProductRun, saveProgress } from "./product-record.js";
import { askProvider, unusableAnswer } from "./provider-calls.js";
import { planScenesBySentences } from "./scene-plan.js";
import { STEP_DONE, stepFailed, type WorkflowStep } from "./step-runner.js";
import { brandKitBrief } from "./workspace-inputs.js";

const WHO = "The script writer";

async function planRequest(run: ProductRun, video: FacelessVideo): Promise<ScenePlanRequest> {
  const input = facelessInputOf(run.job);
  return {
    script: video.script ?? "",
    prompt: input.prompt,
    language: input.language,
    durationSeconds: input.durationSeconds,
    wordsPerSecond: input.wordsPerSecond,
    aspectRatio: input.aspectRatio,
    imageStyle: input.imageStyle,
    styles: input.styles,
    referenceImageUrls: input.referenceImageUrls,
    brandKit: await brandKitBrief(run.deps, run.job.organizationId, input.brandKitId),
  };
}

// The scenes as recorded: their known fields only.
function recorded(scenes: readonly PlannedScene[]): PlannedScene[] {
  return scenes.map(({ text, visualPrompt, targetSeconds }) => ({
    text,
    visualPrompt,
    targetSeconds: Number.isFinite(targetSeconds) && targetSeconds > 0 ? targetSeconds : 0,
  }));
}

/** Plans the scenes and records them, with an empty place for each scene's visual. */
export const scenesStep: WorkflowStep<FacelessProgress, "scenes"> = {
  name: "scenes",
  done: (video) => video.workflow.scenes !== null,
  async run(run, video) {
    const request = await planRequest(run, video);
    const writer = run.deps.scriptWriter;
    const answer = await askProvider(WHO, async () =>
      writer.planScenes === undefined ? planScenesBySentences(request) : writer.planScenes(request),
    );
    if (!answer.ok) return stepFailed(answer.error);
    const checked = checkScenePlan(request.script, answer.value);
    if (!checked.ok) return stepFailed(unusableAnswer(WHO, checked.error));
    const scenes = recorded(answer.value);
    await saveProgress(run, "faceless_video", (progress) =>
      progress.scenes === null
        ? { ...progress, scenes, visuals: scenes.map(() => null) }
        : progress,
    );
    return STEP_DONE;
  },
};
