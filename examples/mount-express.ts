// examples/mount-express.ts
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import type { FetchHandler } from "reelkit/http";
import { toNodeListener } from "reelkit/node";

// Express: mount the Node listener under /v1 and add no body parser in front of it;
// the handler reads, limits and parses bodies itself.
export async function mountOnExpress(
  handler: FetchHandler,
  port = 8787,
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.use("/v1", toNodeListener(handler));
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(port, "127.0.0.1", () => resolve(listening));
  });
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${boundPort}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
