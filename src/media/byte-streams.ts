/**
 * Small helpers over Web byte streams, shared by the media storages and the code that
 * reads from them: a body as a stream, the head of a stream, a stream read whole within
 * a limit, and a slice of bytes as a stream. They run on any Web-standard runtime.
 *
 * @module
 */
import { concatenate } from "./read-response.js";

/** Largest chunk a stream over whole bytes hands out, so readers never get one huge chunk. */
export const BYTE_STREAM_CHUNK_BYTES = 64 * 1024;

/**
 * A stream of `bytes`, in chunks of at most {@link BYTE_STREAM_CHUNK_BYTES}. The chunks
 * are copies, so a consumer that keeps or alters them never touches `bytes`.
 *
 * @example
 * ```ts
 * const stream = streamOfBytes(new Uint8Array([1, 2, 3]));
 * await collectBytes(stream, 10); // Uint8Array [1, 2, 3]
 * ```
 */
export function streamOfBytes(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      const end = Math.min(bytes.byteLength, offset + BYTE_STREAM_CHUNK_BYTES);
      controller.enqueue(bytes.slice(offset, end));
      offset = end;
    },
  });
}

/** A body that is whole bytes or a stream, as a stream. */
export function streamOfBody(
  body: Uint8Array | ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  return body instanceof Uint8Array ? streamOfBytes(body) : body;
}

/**
 * Reads `stream` to its end, or stops and cancels it at the first byte past `maxBytes`
 * and answers undefined. A stream that fails rejects with its error.
 *
 * @example
 * ```ts
 * await collectBytes(streamOfBytes(new Uint8Array(10)), 4); // undefined
 * ```
 */
export async function collectBytes(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let totalBytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concatenate(chunks, totalBytes);
    totalBytes += value.byteLength;
    if (totalBytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

/**
 * The first `maxBytes` bytes of `stream` (fewer when it is shorter); the rest is
 * cancelled unread.
 */
export async function readHeadBytes(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let totalBytes = 0;
  while (totalBytes < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    const wanted = value.subarray(0, maxBytes - totalBytes);
    chunks.push(wanted);
    totalBytes += wanted.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return concatenate(chunks, totalBytes);
}

/**
 * Checks an inclusive byte range against an object's size; a range outside it is a bug
 * of the caller (the host checks `Range` headers first).
 */
export function assertByteRange(
  range: { readonly start: number; readonly end: number },
  sizeBytes: number,
): void {
  const { start, end } = range;
  const valid =
    Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start <= end;
  if (!valid || end >= sizeBytes) {
    throw new RangeError(
      `The byte range ${start}-${end} is outside the object's ${sizeBytes} bytes.`,
    );
  }
}
