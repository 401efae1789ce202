/**
 * The work provider for still-image generations on OpenAI's Images API: static ads and
 * the AI-model variants whose input mode makes a picture (`text_to_image`,
 * `image_to_image`). Each is drawn at the model size closest to the generation's aspect
 * ratio and stored through the media storage under the generation's own key; OpenAI's
 * URLs are never handed out. Every other job goes to the fallback provider.
 *
 * @module
 */

import type { Job, JobRunOptions, ProviderOutcome, WorkProvider } from "../ports/jobs.js";
import type { MediaStorage } from "../ports/media-storage.js";
import { err, ok } from "../result.js";
import { storeImagesAnswer } from "./images-answer.js";
import { callOpenAI } from "./openai-calls.js";
import { type OpenAIOptions, type OpenAISettings, openAISettings } from "./openai-options.js";
import { openAIImageSize } from "./visual-generator.js";

/** The failure category of a job the Images API does not serve and no fallback runs. */
export const OPENAI_UNSUPPORTED_JOB_CATEGORY = "unsupported_by_provider";

/** Settings of {@link createOpenAIImageWorkProvider}. */
export interface OpenAIImageWorkProviderOptions extends OpenAIOptions {
  /** Where the pictures are stored. */
  readonly storage: MediaStorage;
  /**
   * Runs every job that is not a still image (videos, reference analyses), such as the
   * fal or the simulated provider; without it they fail as `unsupported_by_provider`.
   */
  readonly fallback?: WorkProvider;
}

/** Whether a job is a still-image generation the Images API draws. */
function drawsImage(job: Job): boolean {
  if (job.kind !== "generation") return false;
  const mode = job.input.input_mode;
  if (job.input.type === "static_ad") return true;
  return job.input.type === "ai_model" && typeof mode === "string" && /_to_image$/.test(mode);
}

// "9:16" is 9 wide and 16 high; an absent or unreadable ratio is square.
function shapeOf(aspectRatio: unknown): { width: number; height: number } {
  const match = typeof aspectRatio === "string" ? /^(\d+):(\d+)$/.exec(aspectRatio) : null;
  const width = Number(match?.[1] ?? 1);
  const height = Number(match?.[2] ?? 1);
  return width > 0 && height > 0 ? { width, height } : { width: 1, height: 1 };
}

function promptOf(job: Job): string {
  const prompt = typeof job.input.prompt === "string" ? job.input.prompt.trim() : "";
  if (prompt !== "") return prompt;
  const template = typeof job.input.template_slug === "string" ? job.input.template_slug : "";
  return `A ${job.input.type === "static_ad" ? "static ad" : "picture"} ${template}`.trim();
}

async function draw(
  settings: OpenAISettings,
  storage: MediaStorage,
  job: Job,
): Promise<ProviderOutcome> {
  const shape = shapeOf(job.input.aspect_ratio);
  const body = {
    model: settings.models.image,
    prompt: promptOf(job),
    n: 1,
    size: openAIImageSize(shape.width, shape.height),
  };
  const url = await callOpenAI({
    what: "the image",
    limits: settings.limits,
    ...(settings.sleep === undefined ? {} : { sleep: settings.sleep }),
    attempt: async (signal) => {
      const image = await settings.client.images.generate(body, { signal });
      const objectKey = `generated/${job.organizationId}/${job.kind}/${job.resourceId}.png`;
      return (await storeImagesAnswer(image, { storage, objectKey, signal })).url;
    },
  });
  return ok(url);
}

/**
 * Creates the work provider of still-image generations on OpenAI's Images API (static
 * ads, AI-model image variants). Reference images are not sent: the Images API's
 * generation takes a prompt only.
 *
 * @example
 * ```ts
 * import { createOpenAIImageWorkProvider } from "reelkit/openai";
 * import { createFalWorkProvider } from "reelkit/fal";
 *
 * const provider = createOpenAIImageWorkProvider({
 *   storage: ports.mediaStorage,
 *   fallback: createFalWorkProvider({ storage: ports.mediaStorage }),
 * });
 * ```
 */
export function createOpenAIImageWorkProvider(
  options: OpenAIImageWorkProviderOptions,
): WorkProvider {
  const settings = openAISettings(options);
  return {
    run(job: Job, runOptions?: JobRunOptions): Promise<ProviderOutcome> {
      if (drawsImage(job)) return draw(settings, options.storage, job);
      if (options.fallback !== undefined) return options.fallback.run(job, runOptions);
      return Promise.resolve(
        err({
          category: OPENAI_UNSUPPORTED_JOB_CATEGORY,
          message: "OpenAI's Images API draws still images, not this job.",
          retryable: false,
        }),
      );
    },
  };
}
