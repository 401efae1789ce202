// examples/mount-fastify.ts
import Fastify from "fastify";
import type { FetchHandler } from "reelkit/http";
import { toNodeListener } from "reelkit/node";

// Fastify: leave every body unread for the handler, then hand the raw request and
// response of /v1/* to the Node listener.
export async function mountOnFastify(
  handler: FetchHandler,
  port = 8787,
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  const listener = toNodeListener(handler);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  app.all("/v1/*", (request, reply) => {
    reply.hijack();
    listener(request.raw, reply.raw);
  });
  const address = await app.listen({ port, host: "127.0.0.1" });
  return { url: `${address}/v1`, close: () => app.close() };
}
