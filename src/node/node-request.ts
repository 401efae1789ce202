/**
 * A Web `Request` built from Node's `IncomingMessage`: an absolute URL, the method, every
 * header as sent, the body as a stream, and a signal that aborts when the client leaves.
 *
 * @module
 */
import type { IncomingMessage } from "node:http";

/** How the Node adapter forms the URL of each request. */
export interface WebRequestOptions {
  /**
   * Fixed origin of every request URL, such as `https://api.example.com`, for hosts
   * behind a proxy that knows the public address. Default: `http` or `https` by the
   * socket, and the `Host` header.
   */
  readonly origin?: string;
}

// The fetch `RequestInit` type of the DOM library lacks `duplex`, which Node requires
// for a streamed body: the request body is sent while the response may already arrive.
interface StreamingRequestInit extends RequestInit {
  readonly duplex: "half";
}

// Host names, IPv4 and bracketed IPv6 literals with an optional port. Anything else in
// the header (a `/`, `?` or `@`) could shift the path of the URL, so it is not used.
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function originOf(incoming: IncomingMessage, options: WebRequestOptions): string {
  if (options.origin !== undefined) return new URL(options.origin).origin;
  const encrypted = "encrypted" in incoming.socket && incoming.socket.encrypted === true;
  const host = incoming.headers.host;
  const safeHost = host !== undefined && SAFE_HOST.test(host) ? host : "localhost";
  return `${encrypted ? "https" : "http"}://${safeHost}`;
}

function pathAndQueryOf(incoming: IncomingMessage): string {
  // Express and Connect strip a mount prefix from `url` and keep the original here, so
  // a handler mounted with `app.use("/v1", ...)` still sees its base path.
  const original = "originalUrl" in incoming ? incoming.originalUrl : undefined;
  const target = typeof original === "string" ? original : (incoming.url ?? "/");
  if (target.startsWith("/")) return target;
  // Absolute-form targets (`GET http://host/path`) keep only their path and query.
  const absolute = URL.canParse(target) ? new URL(target) : undefined;
  return absolute === undefined ? "/" : `${absolute.pathname}${absolute.search}`;
}

function headersOf(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index] ?? "";
    // HTTP/2 pseudo-headers (`:path`) are not headers of the request itself.
    if (name.startsWith(":")) continue;
    try {
      headers.append(name, raw[index + 1] ?? "");
    } catch {
      // Node accepts a few header bytes that fetch refuses; such a header is dropped
      // rather than failing the whole request.
    }
  }
  return headers;
}

/**
 * The request body as a web stream that reads from the socket only when the handler
 * pulls: nothing is read before the handler asks (a caller refused from its headers
 * costs no body), and a handler that stops reading (a body over its limit) leaves the
 * rest unread for the listener to close, without tearing down the socket its answer
 * still has to go out on. `Readable.toWeb` does neither: it reads ahead, destroys the
 * socket on cancel, and may throw from a late chunk after a cancel.
 */
function bodyStreamOf(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  incoming.pause();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        incoming.on("data", (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
        });
        incoming.once("end", () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        incoming.on("error", (error) => {
          if (settled) return;
          settled = true;
          controller.error(error);
        });
      },
      pull() {
        incoming.resume();
      },
      cancel() {
        settled = true;
        incoming.pause();
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * Builds a `Request` from an `IncomingMessage`. `GET` and `HEAD` never carry a body, as
 * fetch requires. Throws a `TypeError` for a request fetch cannot represent, such as the
 * methods `TRACE` and `CONNECT`.
 *
 * @example
 * ```ts
 * const request = toWebRequest(incoming, abortController.signal);
 * request.url; // "http://127.0.0.1:8787/v1/models"
 * ```
 */
export function toWebRequest(
  incoming: IncomingMessage,
  signal: AbortSignal,
  options: WebRequestOptions = {},
): Request {
  const method = incoming.method ?? "GET";
  const url = `${originOf(incoming, options)}${pathAndQueryOf(incoming)}`;
  const init: StreamingRequestInit = {
    method,
    headers: headersOf(incoming),
    signal,
    duplex: "half",
  };
  if (method === "GET" || method === "HEAD") return new Request(url, init);
  return new Request(url, { ...init, body: bodyStreamOf(incoming) });
}
