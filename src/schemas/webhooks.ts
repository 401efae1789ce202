/**
 * The webhook events of the contract: one row per event type, naming the response
 * component its `data` is (the record its GET endpoint returns). The OpenAPI document's
 * `webhooks` section and `skill.md` are generated from this table.
 *
 * @module
 */
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../vocabulary.js";

/** One event type as the documents describe it. */
export interface WebhookEventDefinition {
  /** The event type, as `type` of the body. */
  readonly type: WebhookEventType;
  /** When it is sent. */
  readonly summary: string;
  /** The response component of `data`, such as `Generation`. */
  readonly dataComponent: string;
  /** The GET endpoint that returns the same record. */
  readonly readBy: string;
}

const DEFINITIONS: Readonly<Record<WebhookEventType, Omit<WebhookEventDefinition, "type">>> = {
  "generation.completed": {
    summary: "A generation completed; `data.url` is the asset.",
    dataComponent: "Generation",
    readBy: "GET /generations/{id}",
  },
  "generation.failed": {
    summary: "A generation failed; `data.error` says why and whether credits were returned.",
    dataComponent: "Generation",
    readBy: "GET /generations/{id}",
  },
  "slideshow.completed": {
    summary: "A slideshow completed; `data.url` is the video.",
    dataComponent: "Slideshow",
    readBy: "GET /slideshows/{id}",
  },
  "slideshow.failed": {
    summary: "A slideshow failed; `data.error` says why.",
    dataComponent: "Slideshow",
    readBy: "GET /slideshows/{id}",
  },
  "video.completed": {
    summary: "A faceless video completed; `data.video_url` is the video.",
    dataComponent: "Video",
    readBy: "GET /videos/{id}",
  },
  "video.failed": {
    summary: "A faceless video failed; `data.error` says why.",
    dataComponent: "Video",
    readBy: "GET /videos/{id}",
  },
  "reference_inspiration.analyzed": {
    summary:
      "A saved reference's analysis finished; it can be used as `custom_reference_inspiration_id`.",
    dataComponent: "ReferenceInspiration",
    readBy: "GET /reference-inspirations",
  },
  "reference_inspiration.analysis_failed": {
    summary: "A saved reference's analysis failed; `data.analysis_error` says why.",
    dataComponent: "ReferenceInspiration",
    readBy: "GET /reference-inspirations",
  },
  "editor_video.exported": {
    summary: "An editor project's export completed; `data.video_url` is the MP4.",
    dataComponent: "Video",
    readBy: "GET /videos/{id}",
  },
  "editor_video.export_failed": {
    summary: "An editor project's export failed; `data.error` says why.",
    dataComponent: "Video",
    readBy: "GET /videos/{id}",
  },
};

/** Every webhook event type with its documentation, in the vocabulary's order. */
export const WEBHOOK_EVENTS: readonly WebhookEventDefinition[] = WEBHOOK_EVENT_TYPES.map(
  (type) => ({ type, ...DEFINITIONS[type] }),
);

/** How a receiver checks and de-duplicates deliveries, for the documents. */
export const WEBHOOK_DELIVERY_DESCRIPTION =
  "Deliveries follow Standard Webhooks: a JSON POST `{ type, timestamp, data }` with headers `webhook-id` (the same on every retry: de-duplicate by it), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret: the base64-decoded part after `whsec_`, or the UTF-8 bytes of a secret without that prefix). Answer 2xx within 10 seconds; anything else is retried with exponential backoff and jitter, up to 10 attempts. Events may arrive more than once and out of order: compare `data.updated_at`.";
