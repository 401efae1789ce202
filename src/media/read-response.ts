/**
 * Reading a final (non-redirect) response into memory within its size limit: the status,
 * encoding and type are checked first, then `Content-Length`, then the bytes are counted
 * as they arrive and the connection is cut the moment the limit is passed.
 *
 * @module
 */
import { err, ok, type Result } from "../result.js";
import { chooseByteLimit } from "./byte-limit.js";
import { settleWithin } from "./deadlines.js";
import type { HopResponse } from "./http-transport.js";
import type { FetchOptions, FetchRefusal, FetchResult, TooLargeRefusal } from "./url-fetcher.js";
import { plainRefusal } from "./url-policy.js";

const CONTENT_LENGTH_PATTERN = /^[0-9]{1,16}$/;

function tooLarge(maxBytes: number): TooLargeRefusal {
  return {
    reason: "too_large",
    message: `The file is larger than the limit of ${maxBytes} bytes.`,
    maxBytes,
  };
}

/** The chunks as one byte array of `totalBytes` (their summed length). */
export function concatenate(
  chunks: readonly Uint8Array[],
  totalBytes: number,
): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(totalBytes);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads the whole body, refusing as soon as more than `maxBytes` have arrived. */
async function readBody(
  response: HopResponse,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Result<Uint8Array, FetchRefusal>> {
  const chunks: Uint8Array[] = [];
  let totalBytes = 0;
  const iterator = response.body[Symbol.asyncIterator]();
  for (;;) {
    const step = await settleWithin(iterator.next(), signal);
    if (step.kind !== "value") {
      response.cancel();
      return err(
        step.kind === "timeout"
          ? step.refusal
          : plainRefusal("network_error", "The download was interrupted."),
      );
    }
    if (step.value.done === true) break;
    totalBytes += step.value.value.byteLength;
    if (totalBytes > maxBytes) {
      response.cancel();
      return err(tooLarge(maxBytes));
    }
    chunks.push(step.value.value);
  }
  return ok(concatenate(chunks, totalBytes));
}

function unacceptableEncoding(response: HopResponse): FetchRefusal | undefined {
  const encoding = response.header("content-encoding")?.trim().toLowerCase();
  if (encoding === undefined || encoding === "" || encoding === "identity") return undefined;
  // Compressed media would be counted compressed and stored compressed; media files
  // are already compressed, so a server that encodes them anyway is misconfigured.
  return {
    reason: "unsupported_content_type",
    message: `The URL serves the file with Content-Encoding ${encoding.slice(0, 40)}; only unencoded files are imported.`,
    contentType: `content-encoding: ${encoding.slice(0, 40)}`,
  };
}

/** Where a response came from, for the result. */
export interface ResponseOrigin {
  /** The URL of the final hop. */
  readonly url: URL;
  /** Redirects followed to reach it. */
  readonly redirectCount: number;
}

/** What reading the final response needs besides the response itself. */
export interface ResponseReading {
  /** Where the response came from, for the result. */
  readonly origin: ResponseOrigin;
  /** What the caller accepts: media kinds and byte limits. */
  readonly options: FetchOptions;
  /** Aborts the body read when the response's time runs out. */
  readonly signal: AbortSignal;
}

/**
 * Turns the final response into the fetched media or a refusal: status 200 only, no
 * content encoding, a media (or generic binary) type, a `Content-Length` within the
 * limit, and a body that stays within it and matches the declared length.
 */
export async function readMediaResponse(
  response: HopResponse,
  { origin, options, signal }: ResponseReading,
): Promise<FetchResult> {
  if (response.status !== 200) {
    response.cancel();
    return err({
      reason: "http_status",
      message: `The URL answered with HTTP status ${response.status}.`,
      status: response.status,
    });
  }
  const encodingRefusal = unacceptableEncoding(response);
  if (encodingRefusal !== undefined) {
    response.cancel();
    return err(encodingRefusal);
  }
  const choice = chooseByteLimit(response.header("content-type"), options);
  if (!choice.ok) {
    response.cancel();
    return choice;
  }
  const limit = choice.value;
  const lengthHeader = response.header("content-length")?.trim() ?? "";
  const declaredBytes = CONTENT_LENGTH_PATTERN.test(lengthHeader)
    ? Number(lengthHeader)
    : undefined;
  if (declaredBytes !== undefined && declaredBytes > limit.maxBytes) {
    response.cancel();
    return err(tooLarge(limit.maxBytes));
  }
  const body = await readBody(response, limit.maxBytes, signal);
  if (!body.ok) return body;
  const bytes = body.value;
  if (declaredBytes !== undefined && bytes.byteLength !== declaredBytes) {
    const message = `The download ended after ${bytes.byteLength} of ${declaredBytes} bytes.`;
    return err(plainRefusal("network_error", message));
  }
  return ok({
    url: origin.url.href,
    bytes,
    contentType: limit.contentType,
    kind: limit.kind,
    redirectCount: origin.redirectCount,
  });
}
