/**
 * A body read while it streams into storage, within limits: it fails (and the storage
 * write with it, storing nothing) at the first byte past the limit, when it ends empty,
 * or when its source fails, each with an error that says which, so the caller can
 * answer the client instead of crashing.
 *
 * @module
 */

/** Why a limited body failed. */
export type LimitedBodyFailure = "too_large" | "empty" | "unreadable";

/** The error a {@link limitBody} stream fails with. */
export class LimitedBodyError extends Error {
  /** Why the body failed. */
  readonly failure: LimitedBodyFailure;

  /** Creates the error of one failure. */
  constructor(failure: LimitedBodyFailure) {
    super(`The body failed: ${failure}.`);
    this.name = "LimitedBodyError";
    this.failure = failure;
  }
}

/**
 * `source` passed through as it is read, failing with a {@link LimitedBodyError} past
 * `maxBytes` bytes (the source is then cancelled unread), when it ends without a byte,
 * or when it fails itself (`unreadable`, the client went away).
 *
 * @example
 * ```ts
 * const body = limitBody(request.body, claims.maxBytes);
 * try {
 *   await storage.put(key, body, { contentType });
 * } catch (error) {
 *   if (error instanceof LimitedBodyError) return refuse(error.failure); // nothing stored
 *   throw error;
 * }
 * ```
 */
export function limitBody(
  source: ReadableStream<Uint8Array>,
  maxBytes: number,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let totalBytes = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        controller.error(new LimitedBodyError("unreadable"));
        return;
      }
      if (chunk.done) {
        if (totalBytes === 0) controller.error(new LimitedBodyError("empty"));
        else controller.close();
        return;
      }
      // A hand-built Request may stream strings or other values; only bytes count.
      if (!(chunk.value instanceof Uint8Array)) {
        await reader.cancel().catch(() => undefined);
        controller.error(new LimitedBodyError("unreadable"));
        return;
      }
      totalBytes += chunk.value.byteLength;
      if (totalBytes > maxBytes) {
        await reader.cancel().catch(() => undefined);
        controller.error(new LimitedBodyError("too_large"));
        return;
      }
      controller.enqueue(chunk.value);
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}
