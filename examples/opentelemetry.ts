// examples/opentelemetry.ts
import assert from "node:assert/strict";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import {
  createService,
  instrumentCreditStore,
  instrumentJobProcessor,
  instrumentResourceStores,
} from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMemoryPorts } from "reelkit/memory";
import { createOpenTelemetry } from "reelkit/opentelemetry";
import { API_SCOPES } from "reelkit/schemas";
import { createSimulatedProviders } from "reelkit/simulated";

const spans = new InMemorySpanExporter(); // your application's SDK and exporter
const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const deps = createMemoryPorts({
  organizations: [{ id: 1, credits: 100, apiKeys: [{ key: "rk_test_acme", scopes: API_SCOPES }] }],
});
const queue = deps.queue;

// With a started SDK, createOpenTelemetry() takes the global tracer and meter.
const telemetry = createOpenTelemetry({ tracer: tracer.getTracer("reelkit") });
const service = createService({
  ...deps,
  ...createSimulatedProviders(deps),
  credits: instrumentCreditStore(deps.credits, telemetry),
  stores: instrumentResourceStores(deps.stores, telemetry),
});
const api = createFetchHandler(service.api, { telemetry });

await api(
  new Request("https://api.example.com/v1/generations", {
    method: "POST",
    headers: {
      authorization: "Bearer rk_test_acme",
      "content-type": "application/json",
      "idempotency-key": "traced-ad",
    },
    body: JSON.stringify({ type: "static_ad", template_slug: "product-hero", prompt: "Cold brew" }),
  }),
);
await queue.runPending(instrumentJobProcessor(service.processJob, telemetry)); // or queue.start(...)
const names = spans.getFinishedSpans().map((span) => span.name);
for (const name of ["POST /v1/generations", "credits.reserve", "job generation"]) {
  assert.ok(names.includes(name), `${name} in ${names.join(", ")}`);
}
