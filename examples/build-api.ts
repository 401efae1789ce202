// examples/build-api.ts
import assert from "node:assert/strict";
import { createService } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMemoryPorts } from "reelkit/memory";
import { API_SCOPES } from "reelkit/schemas";
import { createSimulatedProviders } from "reelkit/simulated";

const apiKey = process.env.API_KEY ?? "rk_test_acme";
const ports = createMemoryPorts({
  origin: "https://api.example.com",
  organizations: [{ id: 1, credits: 1000, apiKeys: [{ key: apiKey, scopes: API_SCOPES }] }],
});
const service = createService({ ...ports, ...createSimulatedProviders(ports) });
ports.queue.start(service.processJob);
// (Request) => Promise<Response>; directUploads receives PUTs to signed upload URLs.
const api = createFetchHandler(service.api, { directUploads: service.directUploads });

// The API answers under <origin>/v1, and the URLs it hands out point at the origin.
const answer = await api(
  new Request("https://api.example.com/v1/editor/media/upload-url", {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ filename: "launch.mp4", content_type: "video/mp4", size_bytes: 1024 }),
  }),
);
assert.equal(answer.status, 200);
const { upload } = await answer.json();
assert.ok(upload.url.startsWith("https://api.example.com/"));
await ports.queue.stop();
