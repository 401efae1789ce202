/**
 * Reading a request body into memory without ever holding more than a limit: a declared
 * `Content-Length` above the limit is refused before reading, and a chunked or lying
 * body is counted while it streams and cut off at the first byte too many.
 *
 * @module
 */
import { err } from "../result.js";
import { accepted, type HttpRejection, type HttpResult, refused } from "./rejections.js";

/** The refusal of a body larger than `maxBytes` (413). */
export function bodyTooLarge(maxBytes: number): HttpRejection {
  return {
    reason: "body_too_large",
    message: `The request body is larger than ${maxBytes} bytes.`,
    details: { max_bytes: maxBytes },
  };
}

function tooLarge(maxBytes: number): HttpResult<never> {
  return err(bodyTooLarge(maxBytes));
}

/** The request's `Content-Length` as a number, or undefined when absent or malformed. */
export function declaredBodyLength(request: Request): number | undefined {
  const header = request.headers.get("content-length");
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

function concatenate(chunks: readonly Uint8Array[], totalBytes: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(totalBytes);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function cancelQuietly(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  // The refusal is already decided; a stream that fails to cancel changes nothing.
  await reader.cancel().catch(() => undefined);
}

/**
 * Reads the whole body, refusing it with `body_too_large` as soon as it is known to
 * exceed `maxBytes`. A body that fails mid-stream (a client that disconnects) is refused
 * with `body_unreadable`. A request without a body reads as zero bytes.
 *
 * @example
 * ```ts
 * const result = await readBodyBytes(request, 1024);
 * if (!result.ok) return result.error; // { reason: "body_too_large", ... }
 * result.value.byteLength; // at most 1024
 * ```
 */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
): Promise<HttpResult<Uint8Array<ArrayBuffer>>> {
  const declared = declaredBodyLength(request);
  if (declared !== undefined && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return tooLarge(maxBytes);
  }
  if (request.body === null) return accepted(new Uint8Array(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let totalBytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // A hand-built Request may stream strings or other values; only bytes count.
      if (!(value instanceof Uint8Array)) throw new TypeError("The body stream yields non-bytes.");
      totalBytes += value.byteLength;
      if (totalBytes > maxBytes) {
        await cancelQuietly(reader);
        return tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch {
    await cancelQuietly(reader);
    return refused("body_unreadable", "The request body could not be read to its end.");
  }
  return accepted(concatenate(chunks, totalBytes));
}
