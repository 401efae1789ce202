/**
 * Assembling the service: every use case bound to the ports, the job handlers the worker
 * runs, and the receiver of direct uploads.
 *
 * @module
 */

import type { ApiService, OperationId } from "../ports/contract.js";
import type { ServiceDependencies } from "../ports/dependencies.js";
import type { JobKind, JobProcessor } from "../ports/jobs.js";
import { type AgentService, createAgentService } from "./agent/create-agent-service.js";
import {
  getCatalog,
  getCreditBalance,
  getOpenApiDocument,
  getSkillMarkdown,
  listWorkspaceAssets,
} from "./catalog/catalog.js";
import { addEditorVideoMedia } from "./editor/add-editor-video-media.js";
import { listEditorFonts } from "./editor/editor-fonts.js";
import { listEditorRevisions } from "./editor/editor-revisions.js";
import { listEditorVideos } from "./editor/editor-video-list.js";
import { createEditorVideo, getEditorVideo } from "./editor/editor-videos.js";
import { editorExportJobHandler } from "./editor/render/editor-export-job.js";
import { getEditorVideoFrame } from "./editor/render/editor-frame.js";
import { exportEditorVideo } from "./editor/render/export-editor-video.js";
import { redoEditorEdit, undoEditorEdit } from "./editor/undo-redo.js";
import { updateEditorVideo } from "./editor/update-editor-video.js";
import { generationJobHandler } from "./generations/generation-job.js";
import { createGeneration, getGeneration } from "./generations/generations.js";
import type { JobRecordHandler } from "./jobs/job-record-handler.js";
import { processJob } from "./jobs/process-job.js";
import { createDirectUploadReceiver, type DirectUploadReceiver } from "./my-media/direct-upload.js";
import { listEditorMedia } from "./my-media/list-media.js";
import { uploadEditorMedia } from "./my-media/upload-editor-media.js";
import { createEditorMediaUploadUrl } from "./my-media/upload-url.js";
import { type AdmittingUseCase, inOneCall, type UseCase } from "./pipeline/use-case.js";
import { referenceAnalysisJobHandler } from "./references/reference-analysis.js";
import {
  createReferenceInspiration,
  listReferenceInspirations,
} from "./references/reference-inspirations.js";
import { facelessVideoJobHandler } from "./videos/faceless-video-job.js";
import { createFacelessVideo } from "./videos/faceless-videos.js";
import { slideshowJobHandler } from "./videos/slideshow-job.js";
import { createSlideshow, getSlideshow } from "./videos/slideshows.js";
import { getVideo } from "./videos/videos.js";

/** The job handlers by kind of job. */
export const JOB_HANDLERS: Readonly<Record<JobKind, JobRecordHandler>> = {
  generation: generationJobHandler,
  slideshow: slideshowJobHandler,
  faceless_video: facelessVideoJobHandler,
  reference_analysis: referenceAnalysisJobHandler,
  editor_export: editorExportJobHandler,
};

/** The assembled service: the API, the worker's step, and the direct-upload receiver. */
export interface ReelkitService {
  /** Every endpoint as a service call; mount it with `createFetchHandler`. */
  readonly api: ApiService;
  /**
   * Runs one queued job to its end: the record moves to `completed` or `error` and the
   * hold is captured or refunded once. Give it to the job queue's workers, which pass a
   * signal that aborts when the job's work is no longer wanted or they are stopping (see
   * `JobStop`); a run stopped to be resumed elsewhere throws `JobInterruptedError`.
   */
  readonly processJob: JobProcessor;
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
 * import { createService } from "reelkit";
 * import { API_SCOPES } from "reelkit/schemas";
 * import { createMemoryPorts } from "reelkit/memory";
 * import { createSimulatedProviders } from "reelkit/simulated";
 * import { createFetchHandler } from "reelkit/http";
 *
 * const ports = createMemoryPorts({
 *   organizations: [{ id: 1, credits: 1000, apiKeys: [{ key: "rk_test_acme", scopes: API_SCOPES }] }],
 * });
 * const service = createService({ ...ports, ...createSimulatedProviders(ports) });
 * ports.queue.start(service.processJob);
 * const handler = createFetchHandler(service.api); // (Request) => Promise<Response>
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
    listEditorFonts: listEditorFonts(deps),
    listEditorMedia: listEditorMedia(deps),
    uploadEditorMedia: uploadEditorMedia(deps),
    createEditorMediaUploadUrl: createEditorMediaUploadUrl(deps),
    addEditorVideoMedia: addEditorVideoMedia(deps),
    exportEditorVideo: exportEditorVideo(deps),
    getEditorVideoFrame: getEditorVideoFrame(deps),
    listEditorRevisions: listEditorRevisions(deps),
    undoEditorEdit: undoEditorEdit(deps),
    redoEditorEdit: redoEditorEdit(deps),
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
    processJob: (job, options = {}) => processJob(deps, JOB_HANDLERS, { ...options, job }),
    directUploads: createDirectUploadReceiver(deps),
    agent: createAgentService(deps),
  };
}
