// examples/mount-node.ts
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { FetchHandler } from "reelkit/http";
import { toNodeListener } from "reelkit/node";

// Node's own server: toNodeListener turns each IncomingMessage into a Request and
// writes the Response back, streaming both bodies.
export async function mountOnNodeHttp(
  handler: FetchHandler,
  port = 8787,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${boundPort}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
