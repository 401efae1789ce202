/**
 * Decompressing a zlib stream to check it, without keeping what it decompresses to: the
 * bytes are counted and handed to an inspector as they come, and the stream is stopped
 * the moment it gives more than expected, so a small file that inflates to gigabytes
 * costs no more than the picture its header declares.
 *
 * @module
 */

/** Looks at decompressed bytes as they come; answers a problem to stop at. */
export type InflateInspector = (bytes: Uint8Array) => string | undefined;

/** A running check of one zlib stream. */
export interface InflateCheck {
  /** Feeds compressed bytes. */
  write(bytes: Uint8Array<ArrayBuffer>): Promise<void>;
  /** Ends the stream; the problem found, or undefined when it gave exactly what was expected. */
  finish(): Promise<string | undefined>;
}

/**
 * Starts checking a zlib stream (RFC 1950) that must decompress to exactly
 * `expectedBytes`, each piece shown to `inspect` on the way.
 */
export function startInflateCheck(expectedBytes: number, inspect: InflateInspector): InflateCheck {
  const stream = new DecompressionStream("deflate");
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let totalBytes = 0;
  let problem: string | undefined;
  const stop = (found: string) => {
    problem ??= found;
    // Cancelling the readable side errors the writable side, so no write waits forever.
    void reader.cancel().catch(() => undefined);
  };
  const consumed = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || problem !== undefined) return;
      totalBytes += value.byteLength;
      if (totalBytes > expectedBytes) {
        stop("its image data decompresses to more than its size allows");
        return;
      }
      const found = inspect(value);
      if (found !== undefined) {
        stop(found);
        return;
      }
    }
  })().catch(() => {
    problem ??= "its image data does not decompress";
  });
  return {
    async write(bytes) {
      if (problem !== undefined) return;
      await writer.write(bytes).catch(() => {
        problem ??= "its image data does not decompress";
      });
    },
    async finish() {
      if (problem === undefined) {
        await writer.close().catch(() => {
          problem ??= "its image data does not decompress";
        });
      } else {
        await writer.abort().catch(() => undefined);
      }
      await consumed;
      if (problem !== undefined) return problem;
      return totalBytes === expectedBytes
        ? undefined
        : `its image data holds ${totalBytes} of the ${expectedBytes} bytes its size needs`;
    },
  };
}
