// examples/work-provider.ts
import assert from "node:assert/strict";
import type { Job, ProviderOutcome, WorkProvider } from "reelkit";
import { createService } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMemoryPorts } from "reelkit/memory";
import { API_SCOPES } from "reelkit/schemas";
import { createSimulatedProviders } from "reelkit/simulated";

/** Your model service's client: here, one that refuses prompts about weapons. */
interface MyModelClient {
  render(
    kind: string,
    input: Job["input"],
  ): Promise<{ refused: boolean; reason: string; url: string }>;
}

export function createMyWorkProvider(client: MyModelClient): WorkProvider {
  return {
    async run(job: Job): Promise<ProviderOutcome> {
      // job.kind: "generation" | "reference_analysis"
      // job.input: the validated request fields, as plain JSON (prompt, template, ...)
      const answer = await client.render(job.kind, job.input);
      if (answer.refused) {
        return {
          ok: false,
          error: { category: "content_policy", message: answer.reason, retryable: false },
        };
      }
      return { ok: true, value: answer.url };
    },
  };
}

const client: MyModelClient = {
  render: async (_kind, input) => ({
    refused: String(input.prompt).includes("weapon"),
    reason: "The prompt asks for a weapon.",
    url: "https://cdn.example.com/ad.png",
  }),
};
const ports = createMemoryPorts({
  organizations: [{ id: 1, credits: 100, apiKeys: [{ key: "rk_test_acme", scopes: API_SCOPES }] }],
});
const service = createService({
  ...ports,
  ...createSimulatedProviders(ports),
  provider: createMyWorkProvider(client),
});
const api = createFetchHandler(service.api);
const headers = { authorization: "Bearer rk_test_acme", "content-type": "application/json" };

async function generate(prompt: string) {
  const created = await api(
    new Request("https://api.example.com/v1/generations", {
      method: "POST",
      headers: { ...headers, "idempotency-key": prompt },
      body: JSON.stringify({ type: "static_ad", template_slug: "product-hero", prompt }),
    }),
  );
  const id = (await created.json()).generations[0].id;
  await ports.queue.runPending(service.processJob);
  const read = await api(new Request(`https://api.example.com/v1/generations/${id}`, { headers }));
  return read.json();
}

const done = await generate("Cold brew");
assert.deepEqual([done.status, done.url], ["completed", "https://cdn.example.com/ad.png"]);
const refused = await generate("A weapon");
assert.deepEqual(
  [refused.status, refused.error.category, refused.error.credits_returned],
  ["error", "content_policy", true],
);
