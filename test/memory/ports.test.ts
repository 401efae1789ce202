import { createService } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMemoryPorts, MEMORY_STARTING_CREDITS_REFERENCE } from "reelkit/memory";
import { API_SCOPES } from "reelkit/schemas";
import { createSimulatedProviders, DEMO_CATALOG } from "reelkit/simulated";
import { afterEach, describe, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";

const KEY = "rk_test_embedded_key";
const ORIGIN = "https://api.example.com";
const stops: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

function embeddedApi(credits = 100) {
  const ports = createMemoryPorts({
    origin: ORIGIN,
    organizations: [{ id: 7, credits, apiKeys: [{ key: KEY, scopes: API_SCOPES }] }],
  });
  const service = createService({ ...ports, ...createSimulatedProviders(ports) });
  ports.queue.start(service.processJob);
  stops.push(() => ports.queue.stop());
  return { ports, handler: createFetchHandler(service.api) };
}

function call(path: string, init: RequestInit = {}): Request {
  return new Request(`${ORIGIN}/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${KEY}`,
      "content-type": "application/json",
      ...init.headers,
    },
  });
}

describe("createMemoryPorts with createSimulatedProviders", () => {
  it("serves the demo catalog without a key", async () => {
    const { handler } = embeddedApi();
    const response = await handler(new Request(`${ORIGIN}/v1/models`));
    expect(response.status).toBe(200);
    const catalog = await response.json();
    expect(catalog.object).toBe("catalog");
    expect(catalog.static_ads.map((ad: { slug: string }) => ad.slug)).toEqual(
      DEMO_CATALOG.static_ads.map((ad) => ad.slug),
    );
  });

  it("charges a paid request to the seeded organization and runs its job", async () => {
    const { ports, handler } = embeddedApi(100);
    const response = await handler(
      call("/generations", {
        method: "POST",
        headers: { "idempotency-key": "first" },
        body: JSON.stringify({ type: "static_ad", template_slug: "product-hero", prompt: "A can" }),
      }),
    );
    expect(response.status).toBe(200);
    const batch = await response.json();
    expect(batch).toMatchObject({ status: "queued", credits_deducted: 20, remaining_credits: 80 });
    await ports.queue.idle();
    const generation = await (
      await handler(call(`/generations/${batch.generations[0].id}`))
    ).json();
    expect(generation.status).toBe("completed");
    expect(generation.url.startsWith(`${ORIGIN}/files/`)).toBe(true);
    const ledger = await ports.credits.ledger(toOrganizationId(7));
    expect(ledger[0]).toMatchObject({ reference: MEMORY_STARTING_CREDITS_REFERENCE });
  });

  it("answers 401 to a key it was not given", async () => {
    const { handler } = embeddedApi();
    const response = await handler(
      new Request(`${ORIGIN}/v1/credits`, { headers: { authorization: "Bearer rk_other" } }),
    );
    expect(response.status).toBe(401);
  });

  it("refuses imports by URL with a message, when no fetcher is given", async () => {
    const { ports } = embeddedApi();
    const result = await ports.urlFetcher.fetch("https://cdn.example.com/clip.mp4");
    expect(result).toMatchObject({ ok: false, error: { reason: "network_error" } });
  });

  it("signs upload URLs and names the API at the origin", () => {
    const { ports } = embeddedApi();
    expect(ports.publicBaseUrl).toBe(`${ORIGIN}/v1`);
    expect(ports.mediaStorage.urlOf("a/b.png").startsWith(`${ORIGIN}/files/`)).toBe(true);
  });

  it("reports a seeding error through ready and to every request", async () => {
    const ports = createMemoryPorts({
      organizations: [{ id: 1, credits: 2.5, apiKeys: [{ key: KEY, scopes: API_SCOPES }] }],
    });
    await expect(ports.ready).rejects.toThrow();
    await expect(ports.accounts.organization(toOrganizationId(1))).rejects.toThrow();
  });
});
