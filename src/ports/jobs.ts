/**
 * The job queue port and the provider that does the queued work. Paid work is held in
 * credits, then queued; a worker takes each job, asks the provider, and settles the hold:
 * captured when the work completes, released (refunded) once when it fails.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { Result } from "../result.js";
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

/** Standard jobs (every kind but renders) a worker runs at once when its settings do not say. */
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
 * The lanes jobs run in. Each lane has its own slots and its own cap per organization,
 * so work of one lane never waits behind the other's: `render` holds the jobs that run
 * ffmpeg over a whole timeline (they can take an hour): exports, and faceless videos and
 * slideshows, whose last step renders their project; `standard` everything else
 * (generations, reference analyses).
 */
export type JobLane = "standard" | "render";

/** Every lane, in the order workers look at them. */
export const JOB_LANES: readonly JobLane[] = Object.freeze(["standard", "render"]);

/**
 * The lane of each kind of job. A kind that renders a whole timeline goes in `render`;
 * a new kind must say where it goes.
 */
export const JOB_LANE_OF_KIND: Readonly<Record<JobKind, JobLane>> = Object.freeze({
  generation: "standard",
  slideshow: "render",
  faceless_video: "render",
  reference_analysis: "standard",
  editor_export: "render",
});

/**
 * Render jobs a worker runs at once when its settings do not say: 2, the renderer's own
 * default number of concurrent renders (`RENDER_CONCURRENCY_DEFAULT`), so a render job
 * holds a slot only while a render can actually run.
 */
export const JOB_RENDER_CONCURRENCY_DEFAULT = 2;

/**
 * Render jobs one organization may have running at once, across every worker that
 * shares a queue, when the settings do not say: 1, so one organization's long exports
 * queue behind each other and leave the other render slots to other organizations.
 */
export const JOB_RENDER_MAX_RUNNING_PER_ORGANIZATION_DEFAULT = 1;

/** How many jobs of one lane run at once. */
export interface JobLaneLimits {
  /** Jobs of the lane a worker runs at once. */
  readonly concurrency: number;
  /** Jobs of the lane one organization runs at once, over every worker of a queue. */
  readonly maxRunningPerOrganization: number;
}

/**
 * The settings of a worker's lanes: `concurrency` and `maxRunningPerOrganization` are the
 * `standard` lane's (as they were before lanes), `renderLane` the `render` lane's.
 */
export interface JobLaneSettings {
  /** Standard jobs run at once; {@link JOB_CONCURRENCY_DEFAULT} by default. */
  readonly concurrency?: number | undefined;
  /**
   * Standard jobs one organization runs at once;
   * {@link JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT} by default.
   */
  readonly maxRunningPerOrganization?: number | undefined;
  /**
   * The render lane: {@link JOB_RENDER_CONCURRENCY_DEFAULT} jobs at once and
   * {@link JOB_RENDER_MAX_RUNNING_PER_ORGANIZATION_DEFAULT} per organization by default.
   */
  readonly renderLane?: Partial<JobLaneLimits> | undefined;
}

/**
 * The limits of every lane, defaults filled in and each checked with
 * {@link checkedJobLimit}.
 *
 * @example
 * ```ts
 * jobLaneLimitsOf({ concurrency: 8, renderLane: { concurrency: 3 } }).render;
 * // { concurrency: 3, maxRunningPerOrganization: 1 }
 * ```
 */
export function jobLaneLimitsOf(
  settings: JobLaneSettings,
): Readonly<Record<JobLane, JobLaneLimits>> {
  const render = settings.renderLane ?? {};
  return {
    standard: {
      concurrency: checkedJobLimit("concurrency", settings.concurrency ?? JOB_CONCURRENCY_DEFAULT),
      maxRunningPerOrganization: checkedJobLimit(
        "maxRunningPerOrganization",
        settings.maxRunningPerOrganization ?? JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
      ),
    },
    render: {
      concurrency: checkedJobLimit(
        "renderLane.concurrency",
        render.concurrency ?? JOB_RENDER_CONCURRENCY_DEFAULT,
      ),
      maxRunningPerOrganization: checkedJobLimit(
        "renderLane.maxRunningPerOrganization",
        render.maxRunningPerOrganization ?? JOB_RENDER_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
      ),
    },
  };
}

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

/** The work {@link JobQueue.cancel} stops: the jobs a hold pays for. */
export interface JobCancellation {
  /** The organization paying for it. */
  readonly organizationId: OrganizationId;
  /** The credit hold its job carries. */
  readonly holdId: string;
}

/** Where jobs wait for a worker. */
export interface JobQueue {
  /** Queues a job; throws when the queue cannot take it (the caller then refunds it). */
  enqueue(job: Job): Promise<void>;
  /**
   * Says that the work paid by a hold is no longer wanted (its record now waits for newer
   * work), so a job of it that is running, here or in another process, has its signal
   * aborted with a `cancelled` {@link JobStop}. A job of it still waiting runs as usual,
   * finds its record taken and records nothing. Inside a unit of work the cancellation
   * takes effect when the unit commits. Optional: without it, a replaced job runs to its
   * end and its outcome is dropped then.
   */
  cancel?(cancellation: JobCancellation): Promise<void>;
}

/**
 * Why a running job's signal aborted (its `reason`):
 *
 * - `cancelled`: its work is no longer wanted (an export replaced by a newer one); its
 *   outcome will find its record taken and be dropped, and its hold refunded.
 * - `interrupted`: whoever runs it is stopping. With `resumed` true the job will run
 *   again (on PostgreSQL its claim is given back, so another worker takes it at once):
 *   a run that stops early records and settles nothing. With `resumed` false it never
 *   will (an in-memory queue that stops): the run fails with {@link HOST_STOPPED_CATEGORY}
 *   and its hold is refunded.
 */
export type JobStop =
  | { readonly kind: "cancelled" }
  | { readonly kind: "interrupted"; readonly resumed: boolean };

/** The failure category of work stopped with its host, which will not run it again. */
export const HOST_STOPPED_CATEGORY = "host_stopped";

/**
 * The {@link JobStop} a signal aborted with, or undefined when it has not aborted or
 * aborted for another reason (a plain `abort()`).
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * controller.abort({ kind: "interrupted", resumed: true } satisfies JobStop);
 * jobStopOf(controller.signal); // { kind: "interrupted", resumed: true }
 * ```
 */
export function jobStopOf(signal: AbortSignal | undefined): JobStop | undefined {
  if (signal?.aborted !== true) return undefined;
  const reason: unknown = signal.reason;
  if (typeof reason !== "object" || reason === null) return undefined;
  const { kind, resumed } = reason as { kind?: unknown; resumed?: unknown };
  if (kind === "cancelled") return { kind };
  if (kind === "interrupted" && typeof resumed === "boolean") return { kind, resumed };
  return undefined;
}

/** What whoever runs a job tells it. */
export interface JobRunOptions {
  /**
   * Aborts, with a {@link JobStop} as its reason, when the job's work is no longer wanted
   * or whoever runs it is stopping; work that honours it (a render) stops early.
   */
  readonly signal?: AbortSignal;
}

/** Runs one job to its end: the service's `processJob`, as queues and workers call it. */
export type JobProcessor = (job: Job, options?: JobRunOptions) => Promise<void>;

/**
 * What `processJob` throws when its run was interrupted by a stop after which the job
 * runs again: it recorded and settled nothing, so whoever runs the job gives it back to
 * the queue (on PostgreSQL: its claim released, its attempt not counted) instead of
 * marking it done or failed.
 */
export class JobInterruptedError extends Error {
  /** The job whose run stopped. */
  readonly job: Job;

  /** Describes the interrupted run of `job`. */
  constructor(job: Job) {
    super(`Job ${job.id} was interrupted before it finished; it will run again.`);
    this.name = "JobInterruptedError";
    this.job = job;
  }
}

/**
 * A provider's answer for one job: the URL of the produced asset, or why the work failed
 * (in the terms of spec 7.3).
 *
 * @example
 * ```ts
 * import type { ProviderOutcome } from "reelkit";
 *
 * const done: ProviderOutcome = { ok: true, value: "https://cdn.example.com/ad.png" };
 * ```
 */
export type ProviderOutcome = Result<string, JobFailure>;

/**
 * Does the single-asset work of the queue: generations (static ads, video ads, UGC ads,
 * AI-model outputs) and reference analyses. Faceless videos and slideshows are never given
 * to it: reelkit assembles them itself from the script writer, the visual generator,
 * speech, transcription and the renderer, and exports run on the renderer.
 */
export interface WorkProvider {
  /**
   * Runs one job to its end. Throwing a `ProviderError` records its category; any other
   * throw counts as a retryable `provider_error` failure. A provider may stop early when
   * `options.signal` aborts, answering a failure.
   */
  run(job: Job, options?: JobRunOptions): Promise<ProviderOutcome>;
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
