/**
 * The Node adapter: a `node:http` request listener around a {@link FetchHandler}, so the
 * same handler serves Node's own server, Express, Fastify and anything else that hands
 * out `IncomingMessage` and `ServerResponse`.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FetchHandler } from "../http/fetch-handler.js";
import { rejectionResponse, serverErrorResponse } from "../http/responses.js";
import { toWebRequest, type WebRequestOptions } from "./node-request.js";
import { writeWebResponse } from "./node-response.js";

/** A `node:http` request listener. */
export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void;

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions extends WebRequestOptions {
  /**
   * Called when the adapter itself fails, such as a response body that breaks while
   * streaming. Client disconnects are not errors and are not reported. Default:
   * `console.error`. An `onError` that throws is ignored.
   */
  readonly onError?: (error: unknown) => void;
}

function report(options: NodeListenerOptions, error: unknown): void {
  try {
    (options.onError ?? ((cause) => console.error("reelkit: node adapter failed:", cause)))(error);
  } catch {
    // A failing logger must not escape the listener and crash the process.
  }
}

function requestFor(
  incoming: IncomingMessage,
  signal: AbortSignal,
  options: NodeListenerOptions,
): Request | Response {
  try {
    return toWebRequest(incoming, signal, options);
  } catch {
    return rejectionResponse({
      reason: "malformed_request",
      message: "The request cannot be served: its method or target is not supported.",
    });
  }
}

// One request Node hands the listener, with the response it is answered on.
interface Exchange {
  readonly incoming: IncomingMessage;
  readonly outgoing: ServerResponse;
}

async function serve(
  handler: FetchHandler,
  { incoming, outgoing }: Exchange,
  options: NodeListenerOptions,
): Promise<void> {
  const disconnected = new AbortController();
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) disconnected.abort();
  });
  const request = requestFor(incoming, disconnected.signal, options);
  const response = request instanceof Response ? request : await handler(request);
  if (disconnected.signal.aborted) {
    await response.body?.cancel();
    return;
  }
  await writeWebResponse(response, outgoing, { closeConnection: !incoming.complete });
}

function fail(outgoing: ServerResponse, error: unknown, options: NodeListenerOptions): void {
  if (outgoing.destroyed) return;
  report(options, error);
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  const fallback = serverErrorResponse();
  void writeWebResponse(fallback, outgoing, { closeConnection: true }).catch(() =>
    outgoing.destroy(),
  );
}

/**
 * Wraps a fetch handler as a `node:http` listener. The listener never throws: a failure
 * before the headers answers 500, a failure while streaming the body destroys the
 * socket, and a client that disconnects aborts `request.signal` and stops the write.
 *
 * The URL's origin comes from `options.origin`, or from the socket and a well-formed
 * `Host` header; the path is `originalUrl` when Express or Connect set one, else `url`.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * import { createFetchHandler } from "reelkit/http";
 * import { toNodeListener } from "reelkit/node";
 *
 * createServer(toNodeListener(createFetchHandler(service))).listen(8787, "127.0.0.1");
 * ```
 */
export function toNodeListener(
  handler: FetchHandler,
  options: NodeListenerOptions = {},
): NodeListener {
  return (incoming, outgoing) => {
    // Writing to a socket the client has reset emits an error; without a listener Node
    // would treat it as unhandled and crash the process.
    outgoing.on("error", () => undefined);
    serve(handler, { incoming, outgoing }, options).catch((error: unknown) =>
      fail(outgoing, error, options),
    );
  };
}
