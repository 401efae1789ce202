/**
 * The options of the fetch handler, and their resolution into checked settings once,
 * when the handler is created, so no request pays for defaults or validation.
 *
 * @module
 */
import type { Logger } from "../observability/logger.js";
import type { Telemetry } from "../observability/telemetry.js";
import type { ApiService, OperationId } from "../ports/contract.js";
import type { DirectUploadReceiver } from "../service/my-media/direct-upload.js";
import {
  DEFAULT_MAX_JSON_BYTES,
  DEFAULT_MAX_JSON_BYTES_BY_OPERATION,
  DEFAULT_MAX_UPLOAD_FILE_BYTES,
  MULTIPART_FIELDS_ALLOWANCE_BYTES,
} from "./body-limits.js";
import type { BodyLimits } from "./request-body.js";
import { JSON_MAX_DEPTH } from "./safe-json.js";

/** Options of the fetch handler (`createFetchHandler`); every one has a default. */
export interface FetchHandlerOptions {
  /** Path prefix the API is served under; `""` serves it at the root. Default `/v1`. */
  readonly basePath?: string;
  /**
   * Largest JSON body in bytes, for every operation without its own entry in
   * `maxJsonBytesByOperation`. Default: {@link DEFAULT_MAX_JSON_BYTES}, and
   * {@link DEFAULT_MAX_JSON_BYTES_BY_OPERATION} where it has an entry.
   */
  readonly maxJsonBytes?: number;
  /** Largest JSON body in bytes for particular operations; wins over `maxJsonBytes`. */
  readonly maxJsonBytesByOperation?: Readonly<Partial<Record<OperationId, number>>>;
  /** Deepest JSON nesting; the root counts as 1. Default {@link JSON_MAX_DEPTH}. */
  readonly maxJsonDepth?: number;
  /** Largest file part of a multipart upload. Default {@link DEFAULT_MAX_UPLOAD_FILE_BYTES}. */
  readonly maxUploadFileBytes?: number;
  /**
   * Largest whole multipart body. Default: `maxUploadFileBytes` plus
   * {@link MULTIPART_FIELDS_ALLOWANCE_BYTES}.
   */
  readonly maxMultipartBytes?: number;
  /**
   * Called with anything the service (or the adapter itself) throws, before the client
   * gets a bare 500. Default: `console.error`. An `onError` that throws is ignored.
   */
  readonly onError?: (error: unknown, request: Request) => void;
  /**
   * Receives direct uploads (spec 4.17): `PUT {basePath}/uploads?...` with the raw bytes
   * and no API key, verified by the URL's signature. Pass `service.directUploads` of
   * `createService`; without it the upload path answers 404 like any unknown path.
   */
  readonly directUploads?: DirectUploadReceiver;
  /**
   * Receives one `request` event per request: method, route template, status, duration,
   * organization and request id (see "Logs and traces" in `docs/guides/deploying.md`). Default: none.
   */
  readonly logger?: Logger;
  /** Receives a span and the request metrics per request. Default: none. */
  readonly telemetry?: Telemetry;
}

/** Options resolved and checked once, when the handler is created. */
export interface HandlerSettings {
  /** The service the handler calls. */
  readonly service: ApiService;
  /** Largest JSON body of an operation, after defaults and overrides. */
  readonly maxJsonBytesFor: (operationId: OperationId) => number;
  /** The other body limits. */
  readonly limits: Omit<BodyLimits, "maxJsonBytes">;
  /** Where failures are reported. */
  readonly onError: (error: unknown, request: Request) => void;
  /** The receiver of direct uploads, when the host serves them. */
  readonly directUploads: DirectUploadReceiver | undefined;
  /** Where request lines go, when anywhere. */
  readonly logger: Logger | undefined;
  /** Where request spans and metrics go, when anywhere. */
  readonly telemetry: Telemetry | undefined;
}

function checkedLimit(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer, got ${String(value)}.`);
  }
  return value;
}

function defaultOnError(error: unknown, request: Request): void {
  console.error(`reelkit: ${request.method} ${new URL(request.url).pathname} failed:`, error);
}

function resolveJsonLimits(options: FetchHandlerOptions): (operationId: OperationId) => number {
  const overall = options.maxJsonBytes;
  if (overall !== undefined) checkedLimit("maxJsonBytes", overall);
  const byOperation = options.maxJsonBytesByOperation ?? {};
  for (const [operationId, limit] of Object.entries(byOperation)) {
    if (limit !== undefined) checkedLimit(`maxJsonBytesByOperation.${operationId}`, limit);
  }
  return (operationId) =>
    byOperation[operationId] ??
    overall ??
    DEFAULT_MAX_JSON_BYTES_BY_OPERATION[operationId] ??
    DEFAULT_MAX_JSON_BYTES;
}

/**
 * Applies the defaults to the options and checks every limit. Throws a `RangeError`
 * for a limit that is not a positive integer, so a misconfigured host fails at start.
 */
export function resolveHandlerSettings(
  service: ApiService,
  options: FetchHandlerOptions,
): HandlerSettings {
  const maxUploadFileBytes = checkedLimit(
    "maxUploadFileBytes",
    options.maxUploadFileBytes ?? DEFAULT_MAX_UPLOAD_FILE_BYTES,
  );
  const limits = {
    maxUploadFileBytes,
    maxMultipartBytes: checkedLimit(
      "maxMultipartBytes",
      options.maxMultipartBytes ?? maxUploadFileBytes + MULTIPART_FIELDS_ALLOWANCE_BYTES,
    ),
    maxJsonDepth: checkedLimit("maxJsonDepth", options.maxJsonDepth ?? JSON_MAX_DEPTH),
  };
  const onError = options.onError ?? defaultOnError;
  return {
    service,
    maxJsonBytesFor: resolveJsonLimits(options),
    limits,
    onError,
    directUploads: options.directUploads,
    logger: options.logger,
    telemetry: options.telemetry,
  };
}
