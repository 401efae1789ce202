/**
 * Writing a Web `Response` to Node's `ServerResponse`: status, headers (each
 * `Set-Cookie` kept separate), and the body streamed with backpressure, stopping as soon
 * as the client goes away. Bytes the service already held (see `byte-bodies.ts`) are
 * handed to Node as they are, in one write, without reading the body.
 *
 * @module
 */

import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { heldBytesOf } from "../http/byte-bodies.js";

function nodeHeadersOf(response: Response): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}

/** Resolves when the socket can take more data, or when the response is closed. */
function writable(outgoing: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      outgoing.off("drain", done);
      outgoing.off("close", done);
      resolve();
    };
    outgoing.on("drain", done);
    outgoing.on("close", done);
  });
}

async function pipeBody(body: ReadableStream<Uint8Array>, outgoing: ServerResponse): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      if (outgoing.destroyed) {
        await reader.cancel();
        return;
      }
      const { done, value } = await reader.read();
      if (done) break;
      if (!outgoing.write(value)) await writable(outgoing);
    }
  } finally {
    reader.releaseLock();
  }
  outgoing.end();
}

/** Options of {@link writeWebResponse}. */
export interface WriteResponseOptions {
  /**
   * Send `Connection: close`. Set when the request body was not read to its end: the
   * rest of it would otherwise have to be read and discarded before the next request on
   * the connection.
   */
  readonly closeConnection?: boolean;
}

/**
 * Writes `response` to `outgoing`. Rejects when the body stream fails after the headers
 * are sent; the caller then destroys the socket, the only honest signal left.
 *
 * @example
 * ```ts
 * await writeWebResponse(await handler(request), outgoing);
 * ```
 */
export async function writeWebResponse(
  response: Response,
  outgoing: ServerResponse,
  options: WriteResponseOptions = {},
): Promise<void> {
  const headers = nodeHeadersOf(response);
  if (options.closeConnection === true) headers.connection = "close";
  outgoing.writeHead(response.status, headers);
  const held = heldBytesOf(response);
  if (held !== undefined) {
    outgoing.end(held);
    await response.body?.cancel();
    return;
  }
  if (response.body === null) {
    outgoing.end();
    return;
  }
  await pipeBody(response.body, outgoing);
}
