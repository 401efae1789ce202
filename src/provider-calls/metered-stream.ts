/**
 * A download passed on to storage chunk by chunk, never whole: counted as it goes, cut
 * off past a size limit, its first bytes kept for the caller to read a header from.
 *
 * @module
 */
import { ProviderError } from "../ports/provider-error.js";

/** What passed through a {@link meteredStream}, known once the stream is consumed. */
export interface StreamMeter {
  /** Bytes passed so far. */
  readonly bytes: () => number;
  /** The first `headBytes` bytes (fewer when the stream was shorter). */
  readonly head: () => Uint8Array;
}

/** A stream and its meter. */
export interface MeteredStream {
  readonly stream: ReadableStream<Uint8Array>;
  readonly meter: StreamMeter;
}

/**
 * `body` passed on unchanged, failing with `output_too_large` (not retryable) once more
 * than `maxBytes` have passed, and keeping its first `headBytes` bytes.
 *
 * @example
 * ```ts
 * const { stream, meter } = meteredStream(response.body, { maxBytes: 1 << 26, headBytes: 64 });
 * await storage.put(key, stream, { contentType: "audio/wav" });
 * meter.bytes(); // the stored size
 * ```
 */
export function meteredStream(
  body: ReadableStream<Uint8Array>,
  limits: { readonly maxBytes: number; readonly headBytes: number },
): MeteredStream {
  let passed = 0;
  const head = new Uint8Array(limits.headBytes);
  let headLength = 0;
  const transform = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      passed += chunk.byteLength;
      if (passed > limits.maxBytes) {
        controller.error(
          new ProviderError({
            category: "output_too_large",
            message: `The provider's file is larger than the ${limits.maxBytes} bytes allowed.`,
            retryable: false,
          }),
        );
        return;
      }
      if (headLength < head.byteLength) {
        const part = chunk.subarray(0, head.byteLength - headLength);
        head.set(part, headLength);
        headLength += part.byteLength;
      }
      controller.enqueue(chunk);
    },
  });
  return {
    stream: body.pipeThrough(transform),
    meter: { bytes: () => passed, head: () => head.slice(0, headLength) },
  };
}
