import { createService } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMemoryMediaStorage, createMemoryPorts } from "reelkit/memory";
import { API_SCOPES } from "reelkit/schemas";
import {
  createSimulatedProviders,
  DEMO_CATALOG,
  SIMULATED_MEDIA_BASE_URL_DEFAULT,
  type SimulatedProvidersOptions,
} from "reelkit/simulated";
import { describe, expect, it } from "vitest";
import { sniffMedia } from "../../src/media/sniff.js";
import { readStored } from "../support/stored-object.js";

const KEY = "rk_test_acme";
const ORIGIN = "http://127.0.0.1:8787";

// The embedding one-liner of the README: memory ports, simulated providers, one handler.
function embedded(
  providers: (ports: ReturnType<typeof createMemoryPorts>) => SimulatedProvidersOptions | undefined,
) {
  const ports = createMemoryPorts({
    organizations: [{ id: 1, credits: 1000, apiKeys: [{ key: KEY, scopes: API_SCOPES }] }],
  });
  const service = createService({ ...ports, ...createSimulatedProviders(providers(ports)) });
  return { ports, service, api: createFetchHandler(service.api) };
}

function request(path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${KEY}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${ORIGIN}/v1${path}`, { ...init, headers });
}

// Queues one static ad, runs its job, and answers GET /generations/{id}.
async function generateStaticAd(
  setup: ReturnType<typeof embedded>,
): Promise<{ status: string; url: string | null }> {
  const queued = await setup.api(
    request("/generations", {
      method: "POST",
      headers: { "idempotency-key": "first-ad" },
      body: JSON.stringify({
        type: "static_ad",
        template_slug: "product-hero",
        prompt: "Cold brew",
      }),
    }),
  );
  expect(queued.status).toBe(200);
  const batch = (await queued.json()) as { generations: { id: string }[] };
  expect(await setup.ports.queue.runPending(setup.service.processJob)).toBe(1);
  const id = batch.generations[0]?.id;
  const answer = await setup.api(request(`/generations/${id}`));
  expect(answer.status).toBe(200);
  return (await answer.json()) as { status: string; url: string | null };
}

describe("createSimulatedProviders", () => {
  it("needs no argument: every provider port, over the demo workspace", async () => {
    const providers = createSimulatedProviders();
    expect(Object.keys(providers).sort()).toEqual(
      ["provider", "scriptWriter", "speech", "transcription", "visuals", "workspace"].sort(),
    );
    const setup = embedded(() => undefined);
    const models = await setup.api(request("/models"));
    expect(models.status).toBe(200);
    const catalog = (await models.json()) as { static_ads: { slug: string }[] };
    expect(catalog.static_ads.map((template) => template.slug)).toEqual(
      DEMO_CATALOG.static_ads.map((template) => template.slug),
    );
  });

  it("with no argument, completes a paid generation into its own storage at the default address", async () => {
    const generation = await generateStaticAd(embedded(() => undefined));
    expect(generation.status).toBe("completed");
    expect(generation.url?.startsWith(`${SIMULATED_MEDIA_BASE_URL_DEFAULT}/`)).toBe(true);
    expect(SIMULATED_MEDIA_BASE_URL_DEFAULT).toBe("http://127.0.0.1:8787/files");
  });

  it("given the ports, stores the outputs where the host serves them", async () => {
    const setup = embedded((ports) => ports);
    const generation = await generateStaticAd(setup);
    expect(generation.status).toBe("completed");
    const key = setup.ports.mediaStorage.objectKeyOf(generation.url ?? "");
    expect(key).toBeDefined();
    const stored = await readStored(setup.ports.mediaStorage, key ?? "");
    expect(stored && sniffMedia(stored.bytes)).toMatchObject({ value: { format: "png" } });
  });

  it("given another storage, stores the outputs there", async () => {
    const storage = createMemoryMediaStorage({ publicBaseUrl: "https://cdn.example.com/media" });
    const generation = await generateStaticAd(embedded(() => ({ mediaStorage: storage })));
    expect(generation.url?.startsWith("https://cdn.example.com/media/")).toBe(true);
  });
});
