/**
 * The job queue port and the provider that does the queued work. Paid work is held in
 * credits, then queued; a worker takes each job, asks the provider, and settles the hold:
 * captured when the work completes, released (refunded) once when it fails.
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type { JobFailure } from "./records.js";
import type {
  PlannedScene,
  PlannedSlide,
  ScenePlanRequest,
  SlidePlanRequest,
} from "./script-plans.js";

/** Kinds of queued work. */
export type JobKind =
  | "generation"
  | "slideshow"
  | "faceless_video"
  | "reference_analysis"
  | "editor_export";

/** One unit of queued work. */
export interface Job {
  /** Unique job id. */
  readonly id: string;
  /** What to produce. */
  readonly kind: JobKind;
  /** The organization paying for it. */
  readonly organizationId: OrganizationId;
  /** The record the job completes: a generation, slideshow or reference uuid, or a video id. */
  readonly resourceId: string;
  /** The credit hold that pays for the job. */
  readonly holdId: string;
  /** What the provider needs, such as the prompt and the template; plain JSON. */
  readonly input: Readonly<Record<string, unknown>>;
}

/** Jobs a worker runs at once when its settings do not say. */
export const JOB_CONCURRENCY_DEFAULT = 4;

/**
 * Jobs one organization may have running at once, across every worker that shares a
 * queue, when the settings do not say. Five workers' worth at the default concurrency:
 * an organization alone uses a small fleet fully, and on a larger one the remaining slots
 * stay free for the others. Between organizations, the next free slot goes to the one
 * with the fewest running jobs (see `createMemoryJobQueue` and `claimJobs`).
 */
export const JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT = 20;

/**
 * `value` when it is a whole number of at least 1, as a concurrency or a cap of running
 * jobs must be (0 would run nothing, silently); a RangeError naming `name` otherwise.
 *
 * @example
 * ```ts
 * checkedJobLimit("maxRunningPerOrganization", 4); // 4
 * checkedJobLimit("concurrency", 0); // throws RangeError
 * ```
 */
export function checkedJobLimit(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a whole number of at least 1, got ${value}.`);
  }
  return value;
}

/** Where jobs wait for a worker. */
export interface JobQueue {
  /** Queues a job; throws when the queue cannot take it (the caller then refunds it). */
  enqueue(job: Job): Promise<void>;
}

/** A provider's answer for one job. */
export type ProviderOutcome =
  | {
      /** The work completed. */
      readonly ok: true;
      /** URL of the produced asset. */
      readonly url: string;
    }
  | {
      /** The work failed. */
      readonly ok: false;
      /** Why, in the terms of spec 7.3. */
      readonly failure: JobFailure;
    };

/**
 * Does the single-asset work of the queue: generations (static ads, video ads, UGC ads,
 * AI-model outputs) and reference analyses. Faceless videos and slideshows are never given
 * to it: reelkit assembles them itself from the script writer, the visual generator,
 * speech, transcription and the renderer, and exports run on the renderer.
 */
export interface WorkProvider {
  /**
   * Runs one job to its end. Throwing a `ProviderError` records its category; any other
   * throw counts as a retryable `provider_error` failure.
   */
  run(job: Job): Promise<ProviderOutcome>;
}

/**
 * Writes the narration of a faceless video from its prompt, and plans what the product
 * workflows show: the scenes of a faceless video and the slides of a slideshow. The
 * planning methods are optional; without them the service plans with its deterministic
 * defaults (`planScenesBySentences`, `planSlidesFromBrief`). A writer that cannot serve
 * a request throws a `ProviderError` saying why; any other throw counts as an outage.
 */
export interface ScriptWriter {
  /**
   * A script of about `durationSeconds` spoken seconds at `wordsPerSecond`, in `language`,
   * ending on a whole sentence.
   */
  write(request: ScriptRequest): Promise<string>;
  /**
   * Divides the script into scenes, in order, each with a visual prompt; the scenes'
   * texts together must be the script's words, each exactly once.
   */
  planScenes?(request: ScenePlanRequest): Promise<readonly PlannedScene[]>;
  /** Plans exactly `slideCount` slides, each with a headline and a visual prompt. */
  planSlides?(request: SlidePlanRequest): Promise<readonly PlannedSlide[]>;
}

/** What a script is written from. */
export interface ScriptRequest {
  /** The topic or brief. */
  readonly prompt: string;
  /** Target length of the narration in seconds. */
  readonly durationSeconds: number;
  /** Language code, such as `en`. */
  readonly language: string;
  /** Spoken words per second of the chosen voice, which sizes the script. */
  readonly wordsPerSecond: number;
}
