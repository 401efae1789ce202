/**
 * The service: one use case per endpoint over ports, and the pieces a host wires.
 *
 * @module
 */

export * from "./agent/index.js";
export * from "./api-keys.js";
export * from "./contract.js";
export * from "./create-service.js";
export * from "./dependencies.js";
export {
  type JobRecordHandler,
  type JobStart,
  jobStartOf,
  WORK_STATUSES,
} from "./jobs/job-handler.js";
export { PROVIDER_ERROR_CATEGORY } from "./jobs/process-job.js";
export * from "./ports/accounts.js";
export * from "./ports/jobs.js";
export * from "./ports/media-storage.js";
export * from "./ports/rate-limiter.js";
export * from "./ports/records.js";
export * from "./ports/social.js";
export * from "./ports/stores.js";
export * from "./ports/unit-of-work.js";
export * from "./ports/workspace.js";
export {
  createDirectUploadReceiver,
  DIRECT_UPLOAD_TOO_LARGE_STATUS,
  type DirectUploadReceiver,
  type DirectUploadVerification,
} from "./use-cases/direct-upload.js";
