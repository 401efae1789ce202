/**
 * Assembling the service: every use case bound to the ports, the job handlers the worker
 * runs, and the receiver of direct uploads.
 *
 * @module
 */
import { type AgentService, createAgentService } from "./agent/create-agent-service.js";
import type { ApiService, OperationId } from "./contract.js";
import type { ServiceDependencies } from "./dependencies.js";
import { facelessVideoJobHandler } from "./jobs/faceless-video-job.js";
import { generationJobHandler } from "./jobs/generation-job.js";
import type { JobRecordHandler } from "./jobs/job-handler.js";
import { processJob } from "./jobs/process-job.js";
import { referenceAnalysisJobHandler } from "./jobs/reference-analysis-job.js";
import { slideshowJobHandler } from "./jobs/slideshow-job.js";
import type { Job, JobKind } from "./ports/jobs.js";
import { type AdmittingUseCase, inOneCall, type UseCase } from "./use-case.js";
import { addEditorVideoMedia } from "./use-cases/add-editor-video-media.js";
import { getCatalog, listWorkspaceAssets } from "./use-cases/catalog-and-assets.js";
import { createReferenceInspiration } from "./use-cases/create-reference-inspiration.js";
import { getCreditBalance } from "./use-cases/credit-balance.js";
import {
  createDirectUploadReceiver,
  type DirectUploadReceiver,
} from "./use-cases/direct-upload.js";
import { listEditorMedia } from "./use-cases/editor-media.js";
import { createEditorVideo, getEditorVideo, listEditorVideos } from "./use-cases/editor-videos.js";
import { createFacelessVideo } from "./use-cases/faceless-videos.js";
import { createGeneration, getGeneration } from "./use-cases/generations.js";
import { listReferenceInspirations } from "./use-cases/reference-inspirations.js";
import { getOpenApiDocument, getSkillMarkdown } from "./use-cases/self-description.js";
import { createSlideshow, getSlideshow } from "./use-cases/slideshows.js";
import { updateEditorVideo } from "./use-cases/update-editor-video.js";
import { uploadEditorMedia } from "./use-cases/upload-editor-media.js";
import { createEditorMediaUploadUrl } from "./use-cases/upload-url.js";
import { getVideo } from "./use-cases/videos.js";

/** The job handlers by kind of job. */
export const JOB_HANDLERS: Readonly<Record<JobKind, JobRecordHandler>> = {
  generation: generationJobHandler,
  slideshow: slideshowJobHandler,
  faceless_video: facelessVideoJobHandler,
  reference_analysis: referenceAnalysisJobHandler,
};

/** The assembled service: the API, the worker's step, and the direct-upload receiver. */
export interface ReelkitService {
  /** Every endpoint as a service call; mount it with `createFetchHandler`. */
  readonly api: ApiService;
  /**
   * Runs one queued job to its end: the record moves to `completed` or `error` and the
   * hold is captured or refunded once. Give it to the job queue's workers.
   */
  readonly processJob: (job: Job) => Promise<void>;
  /** Verifies and stores the bytes PUT to a signed direct-upload URL (spec 4.17). */
  readonly directUploads: DirectUploadReceiver;
  /**
   * The operations only agents use, beyond the REST endpoints (spec 4.19): the workspace,
   * voice recommendations, sound effects, social publishing; mount it with
   * `createMcpHandler` from `reelkit/mcp`.
   */
  readonly agent: AgentService;
}

/**
 * Builds the service from its ports.
 *
 * @example
 * ```ts
 * const service = createService(deps);
 * const handler = createFetchHandler(service.api);
 * queue.start(service.processJob);
 * ```
 */
export function createService(deps: ServiceDependencies): ReelkitService {
  const useCases: { readonly [Operation in OperationId]: AdmittingUseCase } = {
    getCatalog: getCatalog(deps),
    getOpenApiDocument: getOpenApiDocument(deps),
    getSkillMarkdown: getSkillMarkdown(deps),
    listWorkspaceAssets: listWorkspaceAssets(deps),
    getCreditBalance: getCreditBalance(deps),
    createGeneration: createGeneration(deps),
    getGeneration: getGeneration(deps),
    createSlideshow: createSlideshow(deps),
    getSlideshow: getSlideshow(deps),
    createFacelessVideo: createFacelessVideo(deps),
    getVideo: getVideo(deps),
    listReferenceInspirations: listReferenceInspirations(deps),
    createReferenceInspiration: createReferenceInspiration(deps),
    createEditorVideo: createEditorVideo(deps),
    listEditorVideos: listEditorVideos(deps),
    getEditorVideo: getEditorVideo(deps),
    updateEditorVideo: updateEditorVideo(deps),
    listEditorMedia: listEditorMedia(deps),
    uploadEditorMedia: uploadEditorMedia(deps),
    createEditorMediaUploadUrl: createEditorMediaUploadUrl(deps),
    addEditorVideoMedia: addEditorVideoMedia(deps),
  };
  const operations = Object.fromEntries(
    Object.entries(useCases).map(([operationId, useCase]) => [operationId, inOneCall(useCase)]),
  ) as { readonly [Operation in OperationId]: UseCase };
  const api: ApiService = {
    ...operations,
    admit: (operationId, credentials) => useCases[operationId](credentials),
  };
  return {
    api,
    processJob: (job) => processJob(deps, JOB_HANDLERS, job),
    directUploads: createDirectUploadReceiver(deps),
    agent: createAgentService(deps),
  };
}
