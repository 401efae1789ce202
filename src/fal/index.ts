/**
 * reelkit/fal (Node only): the work provider on fal's queue API through its official
 * client (`@fal-ai/client`, an optional peer dependency: `npm install @fal-ai/client`).
 * Video ads, UGC ads and AI-model generations (text to video, image to video, video to
 * video, motion control, audio-driven, and pictures) are routed to fal's model endpoints
 * by one table a deployment changes ({@link FAL_ENDPOINTS_DEFAULT}); each is submitted,
 * polled, and its file streamed into the media storage. fal's failures become the job
 * failure model's (a content-checker refusal is `content_policy`, never retried; a rate
 * limit or an outage is retryable, its `retry-after` waited for within bounds; every
 * request and every generation has a time limit).
 *
 * @example
 * ```ts
 * import { createService, createSimulatedWorkProvider } from "reelkit";
 * import { createFalWorkProvider } from "reelkit/fal";
 *
 * const provider = createFalWorkProvider({
 *   credentials: process.env.FAL_KEY,
 *   storage: ports.mediaStorage,
 *   fallback: createSimulatedWorkProvider({ storage: ports.mediaStorage }),
 * });
 * const service = createService({ ...ports, provider });
 * ```
 *
 * @packageDocumentation
 */
export {
  type ClassifiedFalFailure,
  callFal,
  classifyFalFailure,
  FAL_ATTEMPTS_DEFAULT,
  FAL_CONTENT_POLICY_TYPES,
  FAL_FAILURE_CATEGORIES,
  FAL_RETRY_AFTER_MAX_SECONDS_DEFAULT,
  FAL_TIMEOUT_SECONDS_DEFAULT,
  type FalCall,
  type FalCallLimits,
  FalHttpFailure,
  FalUnreachable,
  failingFetch,
} from "./fal-calls.js";
export {
  FAL_ENDPOINTS_DEFAULT,
  type FalEndpointTable,
  type FalGenerationRequest,
  type FalRoute,
  falInputOf,
  falRequestOf,
  falRouteOf,
} from "./fal-endpoints.js";
export {
  FAL_DOWNLOAD_TIMEOUT_SECONDS_DEFAULT,
  FAL_MAX_WAIT_SECONDS_DEFAULT,
  FAL_OUTPUT_MAX_BYTES_DEFAULT,
  FAL_POLL_INTERVAL_SECONDS_DEFAULT,
  FAL_QUEUE_URL_DEFAULT,
  type FalLimits,
  type FalWorkProviderOptions,
} from "./fal-options.js";
export {
  createStorageFalRequestLedger,
  type FalRequestLedger,
  type FalRequestRef,
} from "./request-ledger.js";
export { createFalWorkProvider, FAL_UNSUPPORTED_CATEGORY } from "./work-provider.js";
