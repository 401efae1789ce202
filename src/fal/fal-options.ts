/**
 * How the fal work provider is configured: the key and where the queue is, the table of
 * model endpoints, and the limits of each request and of each generation.
 *
 * @module
 */
import { createFalClient, type FalClient } from "@fal-ai/client";
import type { WorkProvider } from "../ports/jobs.js";
import type { MediaStorage } from "../ports/media-storage.js";
import {
  FAL_ATTEMPTS_DEFAULT,
  FAL_RETRY_AFTER_MAX_SECONDS_DEFAULT,
  FAL_TIMEOUT_SECONDS_DEFAULT,
  type FalCallLimits,
  failingFetch,
} from "./fal-calls.js";
import { FAL_ENDPOINTS_DEFAULT, type FalEndpointTable } from "./fal-endpoints.js";
import { createStorageFalRequestLedger, type FalRequestLedger } from "./request-ledger.js";

/** fal's queue, where the client sends every request. */
export const FAL_QUEUE_URL_DEFAULT = "https://queue.fal.run";

/** Seconds between two status requests of a generation fal is working on. */
export const FAL_POLL_INTERVAL_SECONDS_DEFAULT = 2;

/**
 * The longest a generation may wait in fal's queue and run, in seconds (30 minutes);
 * past it the request is cancelled at fal and the job fails as a retryable timeout.
 */
export const FAL_MAX_WAIT_SECONDS_DEFAULT = 30 * 60;

/** Seconds the download of a generated file may take. */
export const FAL_DOWNLOAD_TIMEOUT_SECONDS_DEFAULT = 10 * 60;

/** The largest generated file stored from fal, in bytes (2 GiB). */
export const FAL_OUTPUT_MAX_BYTES_DEFAULT = 2 * 1024 * 1024 * 1024;

/** The limits of the requests and of each generation. */
export interface FalLimits extends FalCallLimits {
  /** Seconds between status requests; {@link FAL_POLL_INTERVAL_SECONDS_DEFAULT}. */
  readonly pollIntervalSeconds: number;
  /** Longest wait for a generation; {@link FAL_MAX_WAIT_SECONDS_DEFAULT}. */
  readonly maxWaitSeconds: number;
  /** Longest download of its file; {@link FAL_DOWNLOAD_TIMEOUT_SECONDS_DEFAULT}. */
  readonly downloadTimeoutSeconds: number;
  /** Largest file stored; {@link FAL_OUTPUT_MAX_BYTES_DEFAULT}. */
  readonly maxOutputBytes: number;
}

/** Settings of `createFalWorkProvider`. */
export interface FalWorkProviderOptions {
  /** The API key; the client's `FAL_KEY` environment variable when omitted. Never logged. */
  readonly credentials?: string;
  /** Where the queue is; {@link FAL_QUEUE_URL_DEFAULT} by default (tests point it at a local server). */
  readonly queueUrl?: string;
  /** Where the generated files are stored; fal's own URLs are never handed out. */
  readonly storage: MediaStorage;
  /** The model endpoint of each catalog entry; {@link FAL_ENDPOINTS_DEFAULT} by default. */
  readonly endpoints?: FalEndpointTable;
  /** Where submitted requests are remembered; in `storage` by default. */
  readonly ledger?: FalRequestLedger;
  /**
   * Runs the jobs fal does not serve (reference analyses, a generation no route names),
   * such as the simulated provider; without it they fail as `unsupported_by_provider`.
   */
  readonly fallback?: WorkProvider;
  /** Timeouts, attempts, polling and sizes; each defaults. */
  readonly limits?: Partial<FalLimits>;
  /** Waits between attempts and polls; `setTimeout` by default. */
  readonly sleep?: (milliseconds: number) => Promise<void>;
}

/** The settings, resolved. */
export interface FalSettings {
  readonly client: FalClient;
  readonly storage: MediaStorage;
  readonly endpoints: FalEndpointTable;
  readonly ledger: FalRequestLedger;
  readonly fallback: WorkProvider | undefined;
  readonly limits: FalLimits;
  readonly sleep: (milliseconds: number) => Promise<void>;
}

function positive(name: string, value: number): number {
  if (!(value > 0 && Number.isFinite(value))) {
    throw new RangeError(`${name} must be a positive number, got ${value}.`);
  }
  return value;
}

function checkedLimits(limits: Partial<FalLimits> | undefined): FalLimits {
  const attempts = limits?.attempts ?? FAL_ATTEMPTS_DEFAULT;
  if (!(Number.isInteger(attempts) && attempts >= 1)) {
    throw new RangeError(`attempts must be a whole number of at least 1, got ${attempts}.`);
  }
  const retryAfterMaxSeconds = limits?.retryAfterMaxSeconds ?? FAL_RETRY_AFTER_MAX_SECONDS_DEFAULT;
  if (!(retryAfterMaxSeconds >= 0)) {
    throw new RangeError(`retryAfterMaxSeconds must not be negative, got ${retryAfterMaxSeconds}.`);
  }
  return {
    attempts,
    retryAfterMaxSeconds,
    timeoutSeconds: positive(
      "timeoutSeconds",
      limits?.timeoutSeconds ?? FAL_TIMEOUT_SECONDS_DEFAULT,
    ),
    pollIntervalSeconds: positive(
      "pollIntervalSeconds",
      limits?.pollIntervalSeconds ?? FAL_POLL_INTERVAL_SECONDS_DEFAULT,
    ),
    maxWaitSeconds: positive(
      "maxWaitSeconds",
      limits?.maxWaitSeconds ?? FAL_MAX_WAIT_SECONDS_DEFAULT,
    ),
    downloadTimeoutSeconds: positive(
      "downloadTimeoutSeconds",
      limits?.downloadTimeoutSeconds ?? FAL_DOWNLOAD_TIMEOUT_SECONDS_DEFAULT,
    ),
    maxOutputBytes: positive(
      "maxOutputBytes",
      limits?.maxOutputBytes ?? FAL_OUTPUT_MAX_BYTES_DEFAULT,
    ),
  };
}

const sleepFor = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/**
 * The client and settings of `options`. The client sends to `queueUrl`, and its fetch
 * turns every failed answer into one it does not retry by itself (see `failingFetch`).
 */
export function falSettings(options: FalWorkProviderOptions): FalSettings {
  const queueUrl = (options.queueUrl ?? FAL_QUEUE_URL_DEFAULT).replace(/\/+$/, "");
  const client = createFalClient({
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    fetch: failingFetch(),
    requestMiddleware: async (request) => ({
      ...request,
      url: request.url.startsWith(FAL_QUEUE_URL_DEFAULT)
        ? `${queueUrl}${request.url.slice(FAL_QUEUE_URL_DEFAULT.length)}`
        : request.url,
    }),
  });
  return {
    client,
    storage: options.storage,
    endpoints: options.endpoints ?? FAL_ENDPOINTS_DEFAULT,
    ledger: options.ledger ?? createStorageFalRequestLedger(options.storage),
    fallback: options.fallback,
    limits: checkedLimits(options.limits),
    sleep: options.sleep ?? sleepFor,
  };
}
