// examples/typed/worker.ts
// Not run: a Cloudflare Workers module, run by workerd (the runtimes suite serves one).
import type { FetchHandler } from "reelkit/http";

// createMemoryPorts + createSimulatedProviders + createFetchHandler
declare function buildApi(): FetchHandler;

let api: FetchHandler | undefined;

export default {
  fetch(request: Request): Promise<Response> {
    api ??= buildApi();
    return api(request);
  },
};
