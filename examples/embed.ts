// examples/embed.ts
import assert from "node:assert/strict";
import { createService } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMemoryPorts } from "reelkit/memory";
import { API_SCOPES } from "reelkit/schemas";
import { createSimulatedProviders } from "reelkit/simulated";

const ports = createMemoryPorts({
  organizations: [{ id: 1, credits: 1000, apiKeys: [{ key: "rk_test_acme", scopes: API_SCOPES }] }],
});
const service = createService({ ...ports, ...createSimulatedProviders(ports) });
ports.queue.start(service.processJob);
// (Request) => Promise<Response>: mount it on Bun.serve, Deno.serve, a Worker or Node.
const api = createFetchHandler(service.api);

const paid = await api(
  new Request("http://127.0.0.1:8787/v1/generations", {
    method: "POST",
    headers: {
      authorization: "Bearer rk_test_acme",
      "content-type": "application/json",
      "idempotency-key": "first-ad",
    },
    body: JSON.stringify({ type: "static_ad", template_slug: "product-hero", prompt: "Cold brew" }),
  }),
);
assert.equal((await paid.json()).remaining_credits, 980);
await ports.queue.stop();
