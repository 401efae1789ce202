import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { type AddressInfo, createServer as createTcpServer, type Socket } from "node:net";

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface LocalServer {
  readonly port: number;
  /** Requests received, by path, in order. */
  readonly requests: IncomingMessage[];
  close(): Promise<void>;
}

async function listen(server: Server, requests: IncomingMessage[]): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An HTTP server on 127.0.0.1 that routes by path; unknown paths answer 404. */
export function startHttpServer(routes: Record<string, Handler>): Promise<LocalServer> {
  const requests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    requests.push(request);
    const handler = routes[new URL(request.url ?? "/", "http://x").pathname];
    if (handler === undefined) response.writeHead(404).end();
    else handler(request, response);
  });
  return listen(server, requests);
}

/** An HTTPS server on 127.0.0.1 with the given certificate. */
export function startHttpsServer(
  cert: string,
  key: string,
  handler: Handler,
): Promise<LocalServer> {
  const requests: IncomingMessage[] = [];
  const server = createTlsServer({ cert, key }, (request, response) => {
    requests.push(request);
    handler(request, response);
  });
  return listen(server, requests);
}

/** A TCP server that answers every connection with raw bytes, for responses HTTP servers refuse to send. */
export async function startRawServer(
  answer: (socket: Socket) => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.once("data", () => answer(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
