/**
 * The webhook event a finished job reports, and its queuing. Each kind of job reports
 * one event when its record reaches a final status (a completed or a failed type), and
 * the event's `data` is the record exactly as its GET endpoint returns it, so a client
 * reads events and polled records with one parser. The deliveries are added in the same
 * unit of work as the record's move and the hold's settlement.
 *
 * @module
 */
import { isoNow } from "../../clock.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { Job, JobKind } from "../../ports/jobs.js";
import type { WebhookDelivery, WebhookEndpoint } from "../../ports/webhooks.js";
import type { GenerationError } from "../../schemas/generations.js";
import type { WebhookEventType } from "../../vocabulary.js";
import { generationBodyOf } from "../generations/generation-body.js";
import { type FailedWorkSource, workErrorOf } from "../jobs/work.js";
import { videoIdOf } from "../videos/faceless-video-job.js";
import { readSlideshowBody } from "../videos/slideshows.js";
import { videoBodyOf, videoWorkOf } from "../videos/videos.js";

/** The events of one kind of job, and how its record reads on the wire. */
interface JobEvents {
  readonly completed: WebhookEventType;
  readonly failed: WebhookEventType;
  /** The record as its GET endpoint returns it; undefined when it is gone. */
  data(deps: ServiceDependencies, job: Job): Promise<unknown>;
}

// A record of paid work as its GET endpoint shows it, failure details included.
async function workData<Row extends FailedWorkSource>(
  deps: ServiceDependencies,
  job: Job,
  source: {
    readonly reading: Promise<Row | undefined>;
    readonly bodyOf: (record: Row, error: GenerationError | null) => unknown;
  },
): Promise<unknown> {
  const { reading, bodyOf } = source;
  const record = await reading;
  if (record === undefined) return undefined;
  return bodyOf(record, await workErrorOf(deps, job.organizationId, record));
}

async function videoData(deps: ServiceDependencies, job: Job): Promise<unknown> {
  const id = videoIdOf(job);
  const record =
    id === undefined ? undefined : await deps.stores.videos.get(job.organizationId, id);
  if (record === undefined) return undefined;
  return videoBodyOf(record, await workErrorOf(deps, job.organizationId, videoWorkOf(record)));
}

const JOB_EVENTS: Readonly<Record<JobKind, JobEvents>> = {
  generation: {
    completed: "generation.completed",
    failed: "generation.failed",
    data: (deps, job) =>
      workData(deps, job, {
        reading: deps.stores.generations.get(job.organizationId, job.resourceId),
        bodyOf: generationBodyOf,
      }),
  },
  slideshow: {
    completed: "slideshow.completed",
    failed: "slideshow.failed",
    async data(deps, job) {
      const record = await deps.stores.slideshows.get(job.organizationId, job.resourceId);
      return record === undefined ? undefined : readSlideshowBody(deps, job.organizationId, record);
    },
  },
  faceless_video: { completed: "video.completed", failed: "video.failed", data: videoData },
  reference_analysis: {
    completed: "reference_inspiration.analyzed",
    failed: "reference_inspiration.analysis_failed",
    async data(deps, job) {
      return (await deps.stores.references.get(job.organizationId, job.resourceId))?.reference;
    },
  },
  editor_export: {
    completed: "editor_video.exported",
    failed: "editor_video.export_failed",
    data: videoData,
  },
};

/** The event type a job of `kind` reports when it completes or fails. */
export function jobEventType(kind: JobKind, completed: boolean): WebhookEventType {
  const events = JOB_EVENTS[kind];
  return completed ? events.completed : events.failed;
}

/**
 * The `webhook-id` of a job's event at one endpoint. A job reports one event, so its id
 * and the endpoint's name the delivery: the same on every attempt and after a repeat of
 * the job's final step, which the outbox then ignores.
 */
export function webhookIdOf(job: Job, endpoint: WebhookEndpoint): string {
  return `msg_${job.id}_${endpoint.id}`;
}

/** The body of every delivery of an event: `{ type, timestamp, data }`. */
export interface WebhookEventBody {
  /** The event type. */
  readonly type: WebhookEventType;
  /** When the event happened, ISO 8601 UTC. */
  readonly timestamp: string;
  /** The record as its GET endpoint returns it. */
  readonly data: unknown;
}

/**
 * Adds a delivery of the job's final event for each endpoint of its organization that
 * subscribes to it; nothing without webhook ports, subscribers or record. Runs inside
 * the unit of work that moved the record.
 */
export async function queueJobEvent(
  deps: ServiceDependencies,
  job: Job,
  completed: boolean,
): Promise<void> {
  const webhooks = deps.webhooks;
  if (webhooks === undefined) return;
  const type = jobEventType(job.kind, completed);
  const endpoints = (await webhooks.endpoints.list(job.organizationId)).filter((endpoint) =>
    endpoint.events.includes(type),
  );
  if (endpoints.length === 0) return;
  const data = await JOB_EVENTS[job.kind].data(deps, job);
  if (data === undefined) return;
  const event: WebhookEventBody = { type, timestamp: isoNow(deps.clock), data };
  const body = JSON.stringify(event);
  const deliveries: WebhookDelivery[] = endpoints.map((endpoint) => ({
    id: webhookIdOf(job, endpoint),
    organizationId: job.organizationId,
    endpointId: endpoint.id,
    eventType: type,
    body,
  }));
  await webhooks.outbox.add(deliveries);
}
