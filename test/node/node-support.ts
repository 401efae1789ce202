// Helpers for tests that talk to a real server over a socket on 127.0.0.1.
import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import type { FetchHandler } from "../../src/http/index.js";
import {
  type NodeListener,
  type NodeListenerOptions,
  toNodeListener,
} from "../../src/node/index.js";

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

export async function listen(listener: NodeListener): Promise<RunningServer> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Serves a handler through `toNodeListener` on a fresh server, closed after the test that
 * started it. Call once per test file, at its top level.
 */
export function servingPerTest(): (
  handler: FetchHandler,
  options?: NodeListenerOptions,
) => Promise<RunningServer> {
  const servers: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (handler, options = {}) => {
    const server = await listen(toNodeListener(handler, options));
    servers.push(server);
    return server;
  };
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

export interface RawRequest {
  readonly port: number;
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  /** Sent as given; an array is sent chunk by chunk with Transfer-Encoding: chunked. */
  readonly body?: string | readonly string[];
}

/** One request on a fresh connection, with full control over method, headers and body. */
export function rawRequest(options: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port: options.port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        incoming.on("error", reject);
        incoming.on("close", () => {
          if (!incoming.complete) reject(new Error("The server closed the response early."));
        });
      },
    );
    // The server may answer and close before the whole body is sent, which is the
    // behaviour under test: a write error then only fails the call if no response
    // arrives shortly after it.
    let answered = false;
    outgoing.on("response", () => {
      answered = true;
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      setTimeout(() => {
        if (!answered) reject(error);
      }, 50);
    });
    const body = options.body;
    if (typeof body === "string") outgoing.end(body);
    else if (body === undefined) outgoing.end();
    else {
      for (const chunk of body) outgoing.write(chunk);
      outgoing.end();
    }
  });
}
