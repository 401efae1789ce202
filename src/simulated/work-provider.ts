/**
 * A simulated work provider for the reference host and tests. It does no generation:
 * after a configurable delay it stores a real placeholder file of the kind promised (a
 * PNG of the requested aspect ratio for images; for videos a playable MP4 of the
 * requested length and aspect ratio whose picture shows the prompt) and reports its URL,
 * or fails the way a real provider's temporary outage does.
 * It serves the single-asset work of the queue (generations, reference analyses); faceless
 * videos and slideshows are assembled by the service's own workflows and never reach it.
 * Providers are ports, so a deployment plugs in its own.
 *
 * @module
 */

import type { Job, ProviderOutcome, WorkProvider } from "../ports/jobs.js";
import type { MediaStorage } from "../ports/media-storage.js";
import { err, ok } from "../result.js";
import { placeholderClipMp4 } from "./placeholder-clip.js";
import { placeholderPng } from "./placeholder-image.js";
import { PLACEHOLDER_VIDEO_SECONDS } from "./placeholder-video.js";

/** The failure category the simulator reports for a prompt with the failure marker. */
export const SIMULATED_FAILURE_CATEGORY = "provider_unavailable";

/** The failure category of a job that is not a provider's work (a product's workflow). */
export const SIMULATED_UNSUPPORTED_JOB_CATEGORY = "unsupported_job_kind";

// Jobs the service runs itself: products through their workflows, exports on the renderer.
const NOT_PROVIDER_WORK: ReadonlySet<Job["kind"]> = new Set([
  "faceless_video",
  "slideshow",
  "editor_export",
]);

/** Settings of {@link createSimulatedWorkProvider}. */
export interface SimulatedWorkProviderOptions {
  /** Where the placeholder outputs are stored and served from. */
  readonly storage: MediaStorage;
  /** How long each job takes, in milliseconds; 0 by default. */
  readonly jobDurationMilliseconds?: number;
  /** A job whose prompt contains this text fails with a retryable provider error. */
  readonly failWhenPromptContains?: string;
  /** Waits; `setTimeout` by default. Tests pass their own. */
  readonly sleep?: (milliseconds: number) => Promise<void>;
}

function defaultSleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

// Static ads are images, and so is the output of a model variant whose input mode ends
// in "image" (`text_to_image`, `image_to_image`); every other generation is a video.
function producesStill(job: Job): boolean {
  const inputMode = job.input.input_mode;
  return (
    job.input.type === "static_ad" || (typeof inputMode === "string" && /image$/.test(inputMode))
  );
}

// A video lasts the requested duration (the shared clip's length when none is asked for)
// at the requested aspect ratio, and shows its prompt, so two requests never come back
// as one file.
function placeholderVideo(job: Job, aspectRatio: string | undefined): Uint8Array {
  const duration = job.input.duration;
  const seconds =
    typeof duration === "number" && duration > 0 ? duration : PLACEHOLDER_VIDEO_SECONDS;
  const type = typeof job.input.type === "string" ? job.input.type : "video";
  return placeholderClipMp4({
    aspectRatio,
    seconds,
    prompt: promptOf(job),
    label: `${type.replaceAll("_", " ").toUpperCase()} ${seconds}S`,
  });
}

function placeholderOf(job: Job) {
  const aspectRatio =
    typeof job.input.aspect_ratio === "string" ? job.input.aspect_ratio : undefined;
  return producesStill(job)
    ? { bytes: placeholderPng(aspectRatio), contentType: "image/png", extension: "png" }
    : { bytes: placeholderVideo(job, aspectRatio), contentType: "video/mp4", extension: "mp4" };
}

// An analysis produces no media; the simulator keeps a small report so the URL it
// returns names a real object.
async function storeAnalysis(storage: MediaStorage, job: Job): Promise<ProviderOutcome> {
  const mediaUrls = Array.isArray(job.input.media_urls) ? job.input.media_urls : [];
  const report = {
    reference_id: job.resourceId,
    media_count: mediaUrls.length + (typeof job.input.video_url === "string" ? 1 : 0),
    summary: "Simulated analysis: no model looked at this media.",
  };
  const bytes = new TextEncoder().encode(JSON.stringify(report));
  const objectKey = `generated/${job.organizationId}/reference_analysis/${job.resourceId}.json`;
  const stored = await storage.put(objectKey, bytes, { contentType: "application/json" });
  return ok(stored.url);
}

function promptOf(job: Job): string {
  const prompt = job.input.prompt;
  return typeof prompt === "string" ? prompt : "";
}

/**
 * Creates the simulated provider.
 *
 * @example
 * ```ts
 * const provider = createSimulatedWorkProvider({ storage, jobDurationMilliseconds: 2000, failWhenPromptContains: "#fail" });
 * ```
 */
export function createSimulatedWorkProvider(options: SimulatedWorkProviderOptions): WorkProvider {
  const sleep = options.sleep ?? defaultSleep;
  const duration = options.jobDurationMilliseconds ?? 0;
  const marker = options.failWhenPromptContains;
  return {
    async run(job): Promise<ProviderOutcome> {
      if (NOT_PROVIDER_WORK.has(job.kind)) {
        return err({
          category: SIMULATED_UNSUPPORTED_JOB_CATEGORY,
          message: `A ${job.kind} job is run by the service itself, not by a work provider.`,
          retryable: false,
        });
      }
      if (duration > 0) await sleep(duration);
      if (marker !== undefined && marker !== "" && promptOf(job).includes(marker)) {
        return err({
          category: SIMULATED_FAILURE_CATEGORY,
          message: `The simulated provider was asked to fail: the prompt contains "${marker}".`,
          retryable: true,
        });
      }
      if (job.kind === "reference_analysis") return storeAnalysis(options.storage, job);
      const placeholder = placeholderOf(job);
      // Under the organization: a video id is unique within its organization only.
      const objectKey = `generated/${job.organizationId}/${job.kind}/${job.resourceId}.${placeholder.extension}`;
      const stored = await options.storage.put(objectKey, placeholder.bytes, {
        contentType: placeholder.contentType,
      });
      return ok(stored.url);
    },
  };
}
