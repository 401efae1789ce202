/**
 * A webhook receiver on 127.0.0.1 for the delivery tests: it records every request and
 * answers with the statuses it is given in turn (the last one repeats), or holds requests
 * open without answering, like a receiver that hangs.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the receiver got. */
export interface ReceivedWebhook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A running receiver. */
export interface Receiver {
  /** Where to send. */
  readonly url: string;
  /** Requests so far, in arrival order. */
  readonly received: ReceivedWebhook[];
  /** Resolves once `count` requests have arrived. */
  receivedCount(count: number): Promise<void>;
  /** Answers held requests with 200 and stops holding new ones. */
  release(): void;
  /** Stops the server. */
  close(): Promise<void>;
}

/** Starts a receiver answering `statuses` in turn, or holding every request when `hang`. */
export async function startReceiver(
  statuses: readonly number[] = [200],
  options: { readonly hang?: boolean } = {},
): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const held: ServerResponse[] = [];
  let hang = options.hang === true;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      for (const waiter of waiters.filter((each) => received.length >= each.count)) {
        waiter.resolve();
      }
      if (hang) {
        held.push(response);
        return;
      }
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    receivedCount(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    release() {
      hang = false;
      for (const response of held.splice(0)) response.writeHead(200).end();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
