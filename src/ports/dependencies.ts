/**
 * Everything the service is built from: one port per outside concern. The reference host
 * wires the in-memory defaults; a deployment passes its own (PostgreSQL stores, a real
 * provider, object storage).
 *
 * @module
 */
import type { Clock } from "../clock.js";
import type { PriceTable } from "../credits/default-prices.js";
import type { CreditStore } from "../credits/store.js";
import type { IdempotencyStore } from "../idempotency/store.js";
import type { UploadUrlSigner } from "../media/signed-urls.js";
import type { UrlFetcher } from "../media/url-fetcher.js";
import type { ExportResolution } from "../schemas/editor-render.js";
import type { AccountStore } from "./accounts.js";
import type { JobQueue, ScriptWriter, WorkProvider } from "./jobs.js";
import type { MediaProber } from "./media-prober.js";
import type { MediaStorage } from "./media-storage.js";
import type { RateLimiter } from "./rate-limiter.js";
import type { Renderer } from "./renderer.js";
import type { SocialPublisher } from "./social.js";
import type { SpeechProvider, TranscriptionProvider } from "./speech-and-transcription.js";
import type { ResourceStores, UnitOfWork } from "./stores.js";
import type { VisualGenerator } from "./visuals.js";
import type { WebhookPorts } from "./webhooks.js";
import type { WorkspaceDirectory } from "./workspace.js";

/** Mints ids. Injected so tests can count them and replay a run exactly. */
export interface IdGenerator {
  /**
   * A new UUID (generations, slideshows, references, media, holds, jobs), in lower case:
   * ids from requests are lower-cased when parsed, so only lower-case ids are found.
   */
  uuid(): string;
  /** A new id for an editor item or asset. */
  editorId(): string;
}

/** The ports the service runs on. */
export interface ServiceDependencies {
  /** Organizations and API key digests. */
  readonly accounts: AccountStore;
  /** Credit balances, holds and the ledger. */
  readonly credits: CreditStore;
  /** Idempotency keys of paid requests. */
  readonly idempotency: IdempotencyStore;
  /** Generations, slideshows, videos, references and media. */
  readonly stores: ResourceStores;
  /** Where paid work waits for a worker. */
  readonly queue: JobQueue;
  /**
   * Makes the store calls of one paid request commit together (hold, records, job,
   * stored response). Optional: without it they run one after another, which is what
   * in-memory stores in one process need.
   */
  readonly unitOfWork?: UnitOfWork;
  /** Does the single-asset work of the queue: generations and reference analyses. */
  readonly provider: WorkProvider;
  /** Writes faceless-video scripts and plans the scenes and slides of the products. */
  readonly scriptWriter: ScriptWriter;
  /**
   * Generates the pictures of the products: one per faceless-video scene and one per
   * slideshow slide.
   */
  readonly visuals: VisualGenerator;
  /**
   * Transcribes timeline media for `generate_captions_from_items`, and times the words of
   * a faceless video's narration when its speech engine reports no word times.
   */
  readonly transcription: TranscriptionProvider;
  /** Synthesizes voiceovers for `add_voiceover` and the narration of faceless videos. */
  readonly speech: SpeechProvider;
  /** Catalog, assets and sound effects. */
  readonly workspace: WorkspaceDirectory;
  /** Bytes of uploaded and imported media. */
  readonly mediaStorage: MediaStorage;
  /** Signs and verifies direct-upload URLs. */
  readonly uploadUrls: UploadUrlSigner;
  /** Downloads `source_url` imports safely. */
  readonly urlFetcher: UrlFetcher;
  /**
   * Tells what every imported, uploaded or placed media file really holds, and refuses
   * what does not decode. The header prober (`createHeaderMediaProber`, pure TypeScript,
   * any runtime) when omitted; `createFfprobeMediaProber` of `reelkit/local` decodes a
   * first frame with ffmpeg on Node.
   */
  readonly mediaProber?: MediaProber;
  /** Limits paid creation requests per organization. */
  readonly rateLimiter: RateLimiter;
  /**
   * Limits changes of editor projects per organization (creating one, PATCH, adding
   * media, undo and redo): past it they answer 429 `rate_limited`; reads stay free.
   * `createMemoryPorts` and `createPostgresPorts` give one of
   * `EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT` per `EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT`
   * seconds. Without it, changes are not limited.
   */
  readonly editRateLimiter?: RateLimiter;
  /**
   * Limits previews of editor projects per organization (GET /editor/videos/{id}/frame,
   * one frame or a contact sheet): past it they answer 429 `rate_limited`.
   * `createMemoryPorts` and `createPostgresPorts` give one of
   * `FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT` per `FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT`
   * seconds. Without it, previews are not limited.
   */
  readonly frameRateLimiter?: RateLimiter;
  /** The time. */
  readonly clock: Clock;
  /** The ids. */
  readonly ids: IdGenerator;
  /**
   * Connected social accounts and the publishing queue of the MCP social tools; without
   * it no account is connected and nothing can be published.
   */
  readonly social?: SocialPublisher;
  /**
   * Turns editor projects into MP4 exports and PNG previews, and renders faceless videos
   * and slideshows (`createFfmpegRenderer` of `reelkit/render`, given
   * `createProjectMediaReader`). Without it, exports and previews answer 400
   * `bad_request` with `context.reason: "renderer_unavailable"` naming the missing
   * dependency (nothing is charged), products are built as projects but fail (refunded)
   * with that category at their render, and everything else works as before.
   */
  readonly renderer?: Renderer;
  /**
   * The resolution faceless videos and slideshows are rendered at by their workflows (the
   * short side of the MP4); `PRODUCT_RESOLUTION_DEFAULT`, 720p, when omitted.
   */
  readonly productResolution?: ExportResolution;
  /**
   * Each organization's webhook endpoints and the outbox their deliveries wait in; a
   * dispatcher (`createWebhookDispatcher`) sends them. Without it no event is queued.
   */
  readonly webhooks?: WebhookPorts;
  /** Credit prices; `DEFAULT_PRICES` when omitted. */
  readonly prices?: PriceTable;
  /**
   * The public base URL of the API including its version prefix, such as
   * `https://api.example.com/v1`; written into the OpenAPI document and `skill.md`.
   */
  readonly publicBaseUrl?: string;
}
