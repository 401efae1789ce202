/**
 * The service: one use case per endpoint over ports, and the pieces a host wires.
 *
 * @module
 */

export * from "../ports/accounts.js";
export * from "../ports/api-keys.js";
export * from "../ports/contract.js";
export * from "../ports/dependencies.js";
export * from "../ports/jobs.js";
export * from "../ports/media-prober.js";
// The root entry's `MediaBody` stays the renderer's (a superset of this one).
export type {
  MediaBody as MediaStorageBody,
  MediaPutOptions,
  MediaStorage,
  PresignedUpload,
  StoredMediaReader,
  StoredObject,
  UploadPresigning,
} from "../ports/media-storage.js";
export * from "../ports/media-storage-bytes.js";
export * from "../ports/product-workflow.js";
export { ProviderError } from "../ports/provider-error.js";
export * from "../ports/rate-limiter.js";
export * from "../ports/records.js";
export * from "../ports/renderer.js";
export * from "../ports/revisions.js";
export * from "../ports/script-plans.js";
export type { ServedMediaStorage } from "../ports/served-media-storage.js";
export * from "../ports/social.js";
export * from "../ports/stores.js";
export * from "../ports/visuals.js";
export * from "../ports/webhook-sender.js";
export * from "../ports/webhooks.js";
export * from "../ports/workspace.js";
export {
  AGENT_OPERATIONS,
  type AgentOperation,
  type AgentOperationId,
  agentOperationOf,
  SOCIAL_READ_SCOPES,
  SOCIAL_WRITE_SCOPES,
} from "./agent/agent-operations.js";
export * from "./agent/agent-schemas.js";
export { type CatalogNarrowing, narrowCatalog } from "./agent/catalog.js";
export {
  type AgentService,
  createAgentService,
  type ServiceCall,
} from "./agent/create-agent-service.js";
export type { SoundEffectBody } from "./agent/sound-effects.js";
export { type RankedVoice, rankVoices, VOICE_MATCH_POINTS } from "./agent/voices.js";
export * from "./create-service.js";
export { EXPORT_CONTENT_TYPE } from "./editor/render/editor-export-job.js";
export { PREVIEW_CONTENT_TYPE } from "./editor/render/editor-frame.js";
export {
  createProjectMediaReader,
  type ProjectMediaSources,
} from "./editor/render/project-media-reader.js";
export {
  RENDER_FAILURE_ANSWERS,
  RENDERER_NOT_CONFIGURED,
  type RenderFailureAnswer,
} from "./editor/render/render-errors.js";
export type {
  GenerationPricingRequest,
  PricedAiModel,
  PricedModelVariant,
  PricedQualityTier,
  PricedTemplate,
  PricedVideoTemplate,
  PricingCatalog,
} from "./generations/generation-catalog.js";
export { priceGeneration } from "./generations/price-generation.js";
export {
  type JobRecordHandler,
  type JobRecordWrite,
  type JobRecordWritten,
  type JobStart,
  jobStartOf,
  WORK_STATUSES,
} from "./jobs/job-record-handler.js";
export { HOST_STOPPED_FAILURE, PROVIDER_ERROR_CATEGORY } from "./jobs/process-job.js";
export { CONTENT_POLICY_CATEGORY } from "./jobs/provider-failure.js";
export {
  createDirectUploadReceiver,
  type DirectUploadReceiver,
  type DirectUploadVerification,
} from "./my-media/direct-upload.js";
export { PRODUCT_RESOLUTION_DEFAULT } from "./products/render-step.js";
export { planScenesBySentences, SCENE_TARGET_SECONDS, SCENES_MAX } from "./products/scene-plan.js";
export { planSlidesFromBrief } from "./products/slide-plan.js";
export { SLIDE_SECONDS } from "./products/slideshow-project.js";
export * from "./webhooks/dispatcher.js";
export { type WebhookEventBody, webhookIdOf } from "./webhooks/job-events.js";
export * from "./webhooks/signature.js";
