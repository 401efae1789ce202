// examples/mount-hono.ts
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { FetchHandler } from "reelkit/http";

// Hono speaks Request and Response already: pass the raw request straight through.
export function mountOnHono(
  handler: FetchHandler,
  port = 8787,
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Hono();
  app.all("/v1/*", (context) => handler(context.req.raw));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, (info) =>
      resolve({
        url: `http://127.0.0.1:${info.port}/v1`,
        close: () => new Promise((closed) => server.close(() => closed())),
      }),
    );
  });
}
