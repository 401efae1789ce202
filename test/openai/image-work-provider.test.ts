/**
 * Static ads and AI-model image variants drawn on OpenAI's Images API, through the
 * service, against a local server speaking OpenAI's wire format: what is sent, what is
 * stored, and what each failure class ends as, refunded exactly once.
 */
import type { Job, WorkProvider } from "reelkit";
import { createOpenAIImageWorkProvider, type OpenAIImageWorkProviderOptions } from "reelkit/openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { get, post, staticAd } from "../service/generations/support.js";
import { createHarness, type Harness, ORGS } from "../service/support/harness.js";
import {
  FAKE_OPENAI_KEY,
  type FakeOpenAI,
  MODERATION_BLOCKED,
  RATE_LIMITED,
  SERVER_ERROR,
  startFakeOpenAI,
} from "./support/fake-openai.js";

let fake: FakeOpenAI;
const waits: number[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.requests.length = 0;
  waits.length = 0;
});

async function imageHarness(more: Partial<OpenAIImageWorkProviderOptions> = {}): Promise<Harness> {
  let provider: WorkProvider | undefined;
  const harness = await createHarness({
    provider: { run: (job, runOptions) => (provider as WorkProvider).run(job, runOptions) },
  });
  provider = createOpenAIImageWorkProvider({
    apiKey: FAKE_OPENAI_KEY,
    baseURL: fake.baseURL,
    storage: harness.storage,
    sleep: async (milliseconds) => {
      waits.push(milliseconds);
    },
    ...more,
  });
  return harness;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("OpenAI's Images API as the work provider of still images", () => {
  it("draws a static ad at the size of its shape and stores the picture", async () => {
    const harness = await imageHarness();
    const created = await post(harness, "/generations", staticAd("Cold brew on ice"));
    const id: string = created.body.generations[0].id;
    await harness.runJobs();
    const done = await get(harness, `/generations/${id}`);
    const key = `generated/${ORGS.acme}/generation/${id}.png`;
    expect(done.body).toMatchObject({ status: "completed", url: harness.storage.urlOf(key) });
    const reader = await harness.storage.open(key);
    const bytes = new Uint8Array(await new Response(reader?.stream()).arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(fake.requests).toEqual([
      {
        method: "POST",
        path: "/v1/images/generations",
        authorization: `Bearer ${FAKE_OPENAI_KEY}`,
        body: { model: "gpt-image-1", prompt: "Cold brew on ice", n: 1, size: "1024x1024" },
      },
    ]);
    expect(await harness.available()).toBe(5000 - 20);
  });

  it("draws an AI-model image variant in portrait for 9:16", async () => {
    const harness = await imageHarness();
    const created = await post(harness, "/generations", {
      type: "ai_model",
      model_slug: "sim-image",
      prompt: "A fox",
      aspect_ratio: "9:16",
    });
    await harness.runJobs();
    const done = await get(harness, `/generations/${created.body.generations[0].id}`);
    expect(done.body.status).toBe("completed");
    expect(fake.requests[0]?.body).toMatchObject({ prompt: "A fox", size: "1024x1536" });
  });

  async function failedThrough(setup: () => void, more = {}) {
    const harness = await imageHarness(more);
    const created = await post(harness, "/generations", staticAd("Cold brew"));
    const [job] = harness.queue.pending();
    setup();
    await harness.runJobs();
    const failed = await get(harness, `/generations/${created.body.generations[0].id}`);
    expect(failed.body.status).toBe("error");
    expect(await harness.available()).toBe(5000);
    await harness.service.processJob({ ...(job as Job) });
    expect(await harness.available()).toBe(5000);
    const ledger = await harness.deps.credits.ledger(toOrganizationId(1));
    expect(ledger.filter((entry) => entry.kind === "release")).toHaveLength(1);
    return failed.body.error;
  }

  it("ends a moderation refusal as content_policy, not retryable, refunded once", async () => {
    const error = await failedThrough(() =>
      fake.script("/v1/images/generations", { status: 400, body: MODERATION_BLOCKED }),
    );
    expect(error).toMatchObject({ category: "content_policy", retryable: false });
  });

  it("ends a 429 whose retry-after is too long as rate_limited, retryable", async () => {
    const error = await failedThrough(() =>
      fake.script("/v1/images/generations", {
        status: 429,
        body: RATE_LIMITED,
        headers: { "retry-after": "60" },
      }),
    );
    expect(error).toMatchObject({ category: "rate_limited", retryable: true });
    expect(waits).toEqual([]);
  });

  it("tries a 500 again within bounds, then ends it as provider_unavailable", async () => {
    const outage = { status: 500, body: SERVER_ERROR };
    const error = await failedThrough(() =>
      fake.script("/v1/images/generations", outage, outage, outage),
    );
    expect(error).toMatchObject({ category: "provider_unavailable", retryable: true });
    expect(waits).toEqual([500, 1000]);
  });

  it("bounds a request that never answers, as a retryable provider_timeout", async () => {
    const error = await failedThrough(() => fake.script("/v1/images/generations", "hang"), {
      limits: { timeoutSeconds: 0.2, attempts: 1 },
    });
    expect(error).toMatchObject({ category: "provider_timeout", retryable: true });
  });

  it("ends a picture whose URL cannot be downloaded as provider_unavailable, retryable", async () => {
    // A model that answers a URL; the fake serves no file there.
    const byUrl = {
      status: 200,
      body: { created: 1, data: [{ url: `${fake.baseURL}/gone.png` }] },
    };
    const error = await failedThrough(() =>
      fake.script("/v1/images/generations", byUrl, byUrl, byUrl),
    );
    expect(error).toMatchObject({ category: "provider_unavailable", retryable: true });
    expect(fake.requests.filter((seen) => seen.path === "/v1/gone.png")).toHaveLength(3);
  });

  it("passes videos and analyses to the fallback, or refuses them without one", async () => {
    const job: Job = {
      id: "job-1",
      kind: "generation",
      organizationId: toOrganizationId(1),
      resourceId: "gen-1",
      holdId: "hold-1",
      input: { type: "ai_model", model_slug: "sim-video", input_mode: "text_to_video" },
    };
    const storage = (await createHarness()).storage;
    const fallback: WorkProvider = {
      run: async () => ({ ok: true, value: "http://x.test/v.mp4" }),
    };
    const base = { apiKey: FAKE_OPENAI_KEY, baseURL: fake.baseURL, storage };
    const routed = createOpenAIImageWorkProvider({ ...base, fallback });
    expect(await routed.run(job)).toEqual({ ok: true, value: "http://x.test/v.mp4" });
    expect(await routed.run({ ...job, input: { type: "video_ad" } })).toMatchObject({ ok: true });
    expect(await createOpenAIImageWorkProvider(base).run(job)).toMatchObject({
      ok: false,
      error: { category: "unsupported_by_provider", retryable: false },
    });
    expect(fake.requests).toEqual([]);
  });
});
