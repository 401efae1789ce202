/**
 * The work provider on fal's queue API: each generation is submitted to the model
 * endpoint its route names, its status polled until fal completes it, its result read,
 * and the file the result names downloaded as a stream into the media storage; fal's
 * URLs are never handed out. The submitted request is remembered in the ledger until the
 * outcome is known, so a job run again resumes its request rather than paying twice.
 *
 * @module
 */

import type { FalClient } from "@fal-ai/client";
import type { Job, JobRunOptions, ProviderOutcome, WorkProvider } from "../ports/jobs.js";
import { jobStopOf } from "../ports/jobs.js";
import { ProviderError } from "../ports/provider-error.js";
import { meteredStream } from "../provider-calls/metered-stream.js";
import { err, ok } from "../result.js";
import {
  callFal,
  FAL_FAILURE_CATEGORIES,
  failingFetch,
  falTimeout,
  invalidFalOutput,
} from "./fal-calls.js";
import { falInputOf, falRequestOf, falRouteOf } from "./fal-endpoints.js";
import { type FalSettings, type FalWorkProviderOptions, falSettings } from "./fal-options.js";
import type { FalRequestRef } from "./request-ledger.js";

/** The failure category of a job fal does not serve and no fallback runs. */
export const FAL_UNSUPPORTED_CATEGORY = "unsupported_by_provider";

/** A file a result names. */
interface ResultFile {
  readonly url: string;
  readonly contentType: string | undefined;
  readonly kind: "video" | "image";
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

function fileOf(value: unknown, kind: ResultFile["kind"]): ResultFile | undefined {
  const file = value as { url?: unknown; content_type?: unknown } | null | undefined;
  if (typeof file?.url !== "string" || file.url === "") return undefined;
  const contentType = typeof file.content_type === "string" ? file.content_type : undefined;
  return { url: file.url, contentType, kind };
}

/**
 * The file of a model's result: `video`, else the first of `images`, else `image`. A
 * picture the model's safety checker flagged (`has_nsfw_concepts`) is a content-policy
 * refusal: fal answers it with a blacked-out image.
 */
function resultFileOf(data: unknown): ResultFile {
  const result = (data ?? {}) as Record<string, unknown>;
  const flagged = Array.isArray(result.has_nsfw_concepts) && result.has_nsfw_concepts[0] === true;
  if (flagged) {
    throw new ProviderError({
      category: FAL_FAILURE_CATEGORIES.contentPolicy,
      message: "The model's safety checker flagged the generated picture.",
      retryable: false,
    });
  }
  const images = Array.isArray(result.images) ? result.images : [];
  const file =
    fileOf(result.video, "video") ?? fileOf(images[0], "image") ?? fileOf(result.image, "image");
  if (file === undefined) throw invalidFalOutput("fal's result names no video and no image.");
  return file;
}

function unsupported(message: string): ProviderOutcome {
  return err({ category: FAL_UNSUPPORTED_CATEGORY, message, retryable: false });
}

async function submit(settings: FalSettings, job: Job, signal: AbortSignal | undefined) {
  const found = falRouteOf(settings.endpoints, job);
  if (found === undefined) return undefined;
  const { route } = found;
  const input = { ...(route.toInput ?? falInputOf)(falRequestOf(job)), ...route.input };
  const queued = await callFal({
    what: "the generation",
    limits: settings.limits,
    sleep: settings.sleep,
    signal,
    attempt: (abortSignal) => settings.client.queue.submit(route.endpoint, { input, abortSignal }),
  });
  const request: FalRequestRef = { endpoint: route.endpoint, requestId: queued.request_id };
  await settings.ledger.put(job, request);
  return request;
}

async function untilCompleted(
  settings: FalSettings,
  request: FalRequestRef,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { limits } = settings;
  const interval = limits.pollIntervalSeconds * 1000;
  for (let waited = 0; ; waited += interval) {
    const status = await callFal({
      what: "the generation's status",
      limits,
      sleep: settings.sleep,
      signal,
      attempt: (abortSignal) =>
        settings.client.queue.status(request.endpoint, {
          requestId: request.requestId,
          abortSignal,
        }),
    });
    if (status.status === "COMPLETED") return;
    if (waited >= limits.maxWaitSeconds * 1000) throw falTimeout("the generation");
    await settings.sleep(interval);
    signal?.throwIfAborted();
  }
}

async function store(
  settings: FalSettings,
  job: Job,
  { file, signal }: { file: ResultFile; signal: AbortSignal | undefined },
): Promise<string> {
  return callFal({
    what: "the generated file",
    limits: { ...settings.limits, timeoutSeconds: settings.limits.downloadTimeoutSeconds },
    sleep: settings.sleep,
    signal,
    attempt: async (abortSignal) => {
      const response = await failingFetch()(file.url, { signal: abortSignal });
      if (response.body === null) throw invalidFalOutput("fal's file had no body.");
      const contentType =
        file.contentType ??
        response.headers.get("content-type") ??
        (file.kind === "video" ? "video/mp4" : "image/png");
      const extension = EXTENSIONS[contentType] ?? (file.kind === "video" ? "mp4" : "png");
      const { stream } = meteredStream(response.body, {
        maxBytes: settings.limits.maxOutputBytes,
        headBytes: 0,
      });
      const key = `generated/${job.organizationId}/${job.kind}/${job.resourceId}.${extension}`;
      const stored = await settings.storage.put(key, stream, { contentType });
      return stored.url;
    },
  });
}

async function result(settings: FalSettings, request: FalRequestRef, signal?: AbortSignal) {
  const answer = await callFal({
    what: "the generation's result",
    limits: settings.limits,
    sleep: settings.sleep,
    signal,
    attempt: (abortSignal) =>
      settings.client.queue.result(request.endpoint, {
        requestId: request.requestId,
        abortSignal,
      }),
  });
  return resultFileOf(answer.data);
}

// A job stopped to run again keeps its request for the next run; any other end forgets it,
// and a request that will not be waited for is cancelled at fal, as far as fal still can.
async function settleRequest(
  settings: FalSettings,
  job: Job,
  {
    request,
    signal,
    completed,
  }: { request: FalRequestRef; signal?: AbortSignal; completed: boolean },
): Promise<void> {
  const stop = jobStopOf(signal);
  if (stop?.kind === "interrupted" && stop.resumed) return;
  if (!completed) await cancel(settings.client, request);
  await settings.ledger.delete(job);
}

async function cancel(client: FalClient, request: FalRequestRef): Promise<void> {
  await client.queue
    .cancel(request.endpoint, { requestId: request.requestId })
    .catch(() => undefined);
}

async function generate(
  settings: FalSettings,
  job: Job,
  options: JobRunOptions | undefined,
): Promise<ProviderOutcome | undefined> {
  const signal = options?.signal;
  const request = (await settings.ledger.get(job)) ?? (await submit(settings, job, signal));
  if (request === undefined) return undefined;
  let completed = false;
  try {
    await untilCompleted(settings, request, signal);
    completed = true;
    const file = await result(settings, request, signal);
    return ok(await store(settings, job, { file, signal }));
  } finally {
    await settleRequest(settings, job, {
      request,
      completed,
      ...(signal === undefined ? {} : { signal }),
    });
  }
}

/**
 * Creates the work provider on fal's queue. Generations are routed by the endpoint table
 * (`FAL_ENDPOINTS_DEFAULT` unless the options give one); what no route names, and
 * reference analyses, go to `fallback`. Input media URLs are passed to fal as they are,
 * so they must be URLs fal can read (object storage's, or signed ones).
 *
 * @example
 * ```ts
 * import { createFalWorkProvider, FAL_ENDPOINTS_DEFAULT } from "reelkit/fal";
 *
 * const provider = createFalWorkProvider({
 *   credentials: process.env.FAL_KEY,
 *   storage: ports.mediaStorage,
 *   endpoints: { ...FAL_ENDPOINTS_DEFAULT, "my-video/pro": { endpoint: "fal-ai/veo3" } },
 *   fallback: createSimulatedWorkProvider({ storage: ports.mediaStorage }),
 * });
 * const service = createService({ ...ports, provider });
 * ```
 */
export function createFalWorkProvider(options: FalWorkProviderOptions): WorkProvider {
  const settings = falSettings(options);
  const passOn = (job: Job, runOptions: JobRunOptions | undefined, message: string) =>
    settings.fallback === undefined ? unsupported(message) : settings.fallback.run(job, runOptions);
  return {
    async run(job, runOptions) {
      if (job.kind !== "generation") {
        return passOn(job, runOptions, `fal does not run ${job.kind} jobs.`);
      }
      const outcome = await generate(settings, job, runOptions);
      if (outcome !== undefined) return outcome;
      const request = falRequestOf(job);
      return passOn(
        job,
        runOptions,
        `No fal endpoint is configured for this ${request.type} generation (${request.inputMode}).`,
      );
    },
  };
}
