/**
 * The fal work provider against a local server speaking fal's queue wire format: what it
 * sends (path, key, body fields), what a generation through the service ends as (a
 * stored, playable file; or each failure class of the job failure model, refunded once),
 * that a run again resumes the request it submitted, and that a large file streams.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Job, MediaStorage, WorkProvider } from "reelkit";
import {
  createFalWorkProvider,
  createStorageFalRequestLedger,
  FAL_ENDPOINTS_DEFAULT,
  type FalWorkProviderOptions,
} from "reelkit/fal";
import { createMemoryMediaStorage } from "reelkit/memory";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { FFMPEG_NEED } from "../render/support/ffmpeg.js";
import { get, post } from "../service/generations/support.js";
import { createHarness, type Harness, ORGS } from "../service/support/harness.js";
import { describeNeeding } from "../support/describe-needing.js";
import {
  CONTENT_POLICY_VIOLATION,
  FAKE_FAL_KEY,
  type FakeFal,
  RATE_LIMITED,
  RUNNER_DISCONNECTED,
  startFakeFal,
} from "./support/fake-fal.js";

let fake: FakeFal;
const waits: number[] = [];

function options(
  storage: MediaStorage,
  more: Partial<FalWorkProviderOptions> = {},
): FalWorkProviderOptions {
  return {
    credentials: FAKE_FAL_KEY,
    queueUrl: fake.queueUrl,
    storage,
    sleep: async (milliseconds) => {
      waits.push(milliseconds);
    },
    ...more,
  };
}

interface FalHarness {
  readonly harness: Harness;
  /** Creates a generation of sim-video's text-to-video variant; its id. */
  readonly generate: (prompt?: string) => Promise<string>;
}

async function falHarness(more: Partial<FalWorkProviderOptions> = {}): Promise<FalHarness> {
  let provider: WorkProvider | undefined;
  const harness = await createHarness({
    provider: { run: (job, runOptions) => (provider as WorkProvider).run(job, runOptions) },
  });
  provider = createFalWorkProvider(options(harness.storage, more));
  return {
    harness,
    async generate(prompt = "A lighthouse at dusk") {
      const created = await post(harness, "/generations", {
        type: "ai_model",
        model_slug: "sim-video",
        prompt,
        aspect_ratio: "9:16",
        duration: 5,
      });
      expect(created.body.generations).toHaveLength(1);
      return created.body.generations[0].id as string;
    },
  };
}

function probe(bytes: Uint8Array): { codec: string; width: number; duration: number } {
  const folder = mkdtempSync(join(tmpdir(), "fal-probe-"));
  try {
    const path = join(folder, "stored.mp4");
    writeFileSync(path, bytes);
    const result = spawnSync(
      "ffprobe",
      [
        "-v",
        "error",
        "-show_entries",
        "stream=codec_name,width:format=duration",
        "-of",
        "json",
        path,
      ],
      { encoding: "utf8" },
    );
    const parsed = JSON.parse(result.stdout);
    return {
      codec: parsed.streams[0].codec_name,
      width: parsed.streams[0].width,
      duration: Number(parsed.format.duration),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const SUBMIT_PATH = "/fal-ai/kling-video/v2.1/standard/text-to-video";

describeNeeding("reelkit/fal: the work provider on fal's queue", [FFMPEG_NEED], () => {
  beforeAll(async () => {
    fake = await startFakeFal();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.reset();
    waits.length = 0;
  });

  describe("a generation through the service", () => {
    it("submits to the mapped endpoint with the key, polls, and stores a playable file", async () => {
      const { harness, generate } = await falHarness();
      const id = await generate();
      expect(await harness.available()).toBe(5000 - 90);
      expect(await harness.runJobs()).toBe(1);
      const done = await get(harness, `/generations/${id}`);
      const key = `generated/${ORGS.acme}/generation/${id}.mp4`;
      expect(done.body).toMatchObject({ status: "completed", url: harness.storage.urlOf(key) });
      expect(done.body.url).not.toContain(fake.queueUrl);
      const reader = await harness.storage.open(key);
      expect(reader?.contentType).toBe("video/mp4");
      const bytes = new Uint8Array(await new Response(reader?.stream()).arrayBuffer());
      expect(probe(bytes)).toEqual({ codec: "h264", width: 64, duration: 1 });
      expect(await harness.available()).toBe(5000 - 90);
      const [submit, ...rest] = fake.requests;
      expect(submit).toEqual({
        method: "POST",
        path: SUBMIT_PATH,
        authorization: `Key ${FAKE_FAL_KEY}`,
        body: {
          prompt: "A lighthouse at dusk",
          aspect_ratio: "9:16",
          duration: "5",
          generate_audio: true,
        },
      });
      expect(rest.map((request) => `${request.method} ${request.path}`)).toEqual([
        "GET /fal-ai/kling-video/requests/req-1/status",
        "GET /fal-ai/kling-video/requests/req-1/status",
        "GET /fal-ai/kling-video/requests/req-1",
        "GET /files/req-1.mp4",
      ]);
      expect(rest.slice(0, 3).every((r) => r.authorization === `Key ${FAKE_FAL_KEY}`)).toBe(true);
      // One poll interval waited between the two status requests; the ledger is emptied.
      expect(waits).toEqual([2000]);
      expect(await harness.storage.open(`generated/${ORGS.acme}/fal-requests/`)).toBeUndefined();
      expect(harness.serverErrors).toEqual([]);
    });

    async function failedThrough(setup: () => void, more: Partial<FalWorkProviderOptions> = {}) {
      const { harness, generate } = await falHarness(more);
      const id = await generate();
      const [job] = harness.queue.pending();
      setup();
      await harness.runJobs();
      const failed = await get(harness, `/generations/${id}`);
      expect(failed.body.status).toBe("error");
      expect(await harness.available()).toBe(5000);
      // Run again (a redelivery): nothing more is refunded and the record stays.
      await harness.service.processJob({ ...(job as Job) });
      expect(await harness.available()).toBe(5000);
      const ledger = await harness.deps.credits.ledger(toOrganizationId(1));
      expect(ledger.filter((entry) => entry.kind === "release")).toHaveLength(1);
      return failed.body.error;
    }

    it("ends a content-policy refusal as content_policy, not retryable, refunded once", async () => {
      const error = await failedThrough(() =>
        fake.script("result", { status: 422, body: CONTENT_POLICY_VIOLATION }),
      );
      expect(error).toMatchObject({
        code: "generation_failed",
        category: "content_policy",
        retryable: false,
        credits_returned: true,
      });
      expect(waits).toEqual([2000]);
    });

    it("ends a picture the model's checker flagged as content_policy", async () => {
      const error = await failedThrough(() => {
        fake.output = "image";
        fake.resultExtras = { has_nsfw_concepts: [true] };
      });
      expect(error).toMatchObject({ category: "content_policy", retryable: false });
    });

    it("waits out a short retry-after of a 429 and completes", async () => {
      const { harness, generate } = await falHarness();
      const id = await generate();
      fake.script("submit", { status: 429, body: RATE_LIMITED, headers: { "retry-after": "3" } });
      await harness.runJobs();
      expect((await get(harness, `/generations/${id}`)).body.status).toBe("completed");
      expect(waits).toEqual([3000, 2000]);
      expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(2);
    });

    it("ends a 429 whose retry-after is too long as rate_limited, retryable, refunded", async () => {
      const error = await failedThrough(() =>
        fake.script("submit", {
          status: 429,
          body: RATE_LIMITED,
          headers: { "retry-after": "60" },
        }),
      );
      expect(error).toMatchObject({ category: "rate_limited", retryable: true });
      expect(waits).toEqual([]);
    });

    it("tries a 5xx again within bounds, then ends it as provider_unavailable", async () => {
      const outage = { status: 503, body: RUNNER_DISCONNECTED };
      const error = await failedThrough(() => fake.script("status", outage, outage, outage));
      expect(error).toMatchObject({ category: "provider_unavailable", retryable: true });
      expect(waits).toEqual([500, 1000]);
      // The abandoned request is cancelled at fal, so it is not paid for.
      expect(fake.requests.filter((r) => r.method === "PUT").map((r) => r.path)).toEqual([
        "/fal-ai/kling-video/requests/req-1/cancel",
      ]);
    });

    it("bounds a request that never answers, as a retryable provider_timeout", async () => {
      const error = await failedThrough(() => fake.script("status", "hang"), {
        limits: { timeoutSeconds: 0.2, attempts: 1 },
      });
      expect(error).toMatchObject({ category: "provider_timeout", retryable: true });
    });

    it("bounds a generation fal never finishes, as a retryable provider_timeout", async () => {
      const error = await failedThrough(
        () => {
          fake.pollsBeforeDone = 1000;
        },
        { limits: { maxWaitSeconds: 6, pollIntervalSeconds: 2 } },
      );
      expect(error).toMatchObject({ category: "provider_timeout", retryable: true });
      expect(waits).toEqual([2000, 2000, 2000]);
    });

    it("never calls an unknown refusal a content-policy rejection", async () => {
      const error = await failedThrough(() =>
        fake.script("submit", {
          status: 422,
          body: { detail: [{ type: "image_too_large", loc: [], msg: "" }] },
        }),
      );
      expect(error).toMatchObject({ category: "provider_refused", retryable: false });
      expect(error.message).toContain("image_too_large");
    });

    it("names a wrong key as provider_unauthorized", async () => {
      const error = await failedThrough(() => undefined, { credentials: "wrong" });
      expect(error).toMatchObject({ category: "provider_unauthorized", retryable: false });
    });
  });

  describe("the job's idempotency", () => {
    const job: Job = {
      id: "job-7",
      kind: "generation",
      organizationId: toOrganizationId(1),
      resourceId: "gen-7",
      holdId: "hold-7",
      input: {
        type: "ai_model",
        model_slug: "sim-video",
        variant_id: "text-to-video",
        prompt: "A",
      },
    };

    it("resumes the request a job already submitted instead of submitting again", async () => {
      const storage = createMemoryMediaStorage({ publicBaseUrl: "http://files.test/files" });
      const stored = createStorageFalRequestLedger(storage);
      const first = new AbortController();
      // The worker stops right after the submit is remembered.
      const ledger = {
        ...stored,
        async put(...args: Parameters<typeof stored.put>) {
          await stored.put(...args);
          first.abort({ kind: "interrupted", resumed: true });
        },
      };
      const provider = createFalWorkProvider(options(storage, { ledger }));
      fake.pollsBeforeDone = 0;
      // The first run submits, then stops with its worker: its request is kept.
      await expect(provider.run(job, { signal: first.signal })).rejects.toBeDefined();
      expect(await ledger.get(job)).toEqual({
        endpoint: "fal-ai/kling-video/v2.1/standard/text-to-video",
        requestId: "req-1",
      });
      const outcome = await provider.run(job);
      expect(outcome).toEqual({
        ok: true,
        value: storage.urlOf("generated/1/generation/gen-7.mp4"),
      });
      expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      expect(await ledger.get(job)).toBeUndefined();
    });

    it("passes what no route names to the fallback", async () => {
      const storage = createMemoryMediaStorage({ publicBaseUrl: "http://files.test/files" });
      const seen: string[] = [];
      const fallback: WorkProvider = {
        run: async (fallen) => {
          seen.push(fallen.kind);
          return { ok: true, value: "http://files.test/fallback" };
        },
      };
      const provider = createFalWorkProvider(options(storage, { fallback, endpoints: {} }));
      expect(await provider.run(job)).toEqual({ ok: true, value: "http://files.test/fallback" });
      expect(await provider.run({ ...job, kind: "reference_analysis" })).toMatchObject({
        ok: true,
      });
      expect(seen).toEqual(["generation", "reference_analysis"]);
      const alone = createFalWorkProvider(options(storage, { endpoints: {} }));
      expect(await alone.run(job)).toMatchObject({
        ok: false,
        error: { category: "unsupported_by_provider", retryable: false },
      });
      expect(fake.requests).toEqual([]);
      expect(Object.keys(FAL_ENDPOINTS_DEFAULT)).toContain("ai_model/motion_control");
    });
  });

  describe("a large file", () => {
    it("streams into storage chunk by chunk, never whole", async () => {
      const size = 48 * 1024 * 1024;
      fake.fileBytes = size;
      const chunks: number[] = [];
      const inner = createMemoryMediaStorage({ publicBaseUrl: "http://files.test/files" });
      const counting: MediaStorage = {
        ...inner,
        async put(objectKey, body, putOptions) {
          if (body instanceof Uint8Array) return inner.put(objectKey, body, putOptions);
          const reader = body.getReader();
          for (let read = await reader.read(); !read.done; read = await reader.read()) {
            chunks.push(read.value.byteLength);
          }
          return {
            objectKey,
            url: inner.urlOf(objectKey),
            sizeBytes: size,
            contentType: putOptions.contentType,
          };
        },
      };
      fake.pollsBeforeDone = 0;
      const provider = createFalWorkProvider(options(counting));
      const job: Job = {
        id: "job-large",
        kind: "generation",
        organizationId: toOrganizationId(1),
        resourceId: "gen-large",
        holdId: "hold-large",
        input: { type: "video_ad", template_slug: "unboxing", prompt: "A big one" },
      };
      expect(await provider.run(job)).toMatchObject({ ok: true });
      expect(chunks.reduce((sum, bytes) => sum + bytes, 0)).toBe(size);
      expect(chunks.length).toBeGreaterThan(100);
      expect(Math.max(...chunks)).toBeLessThanOrEqual(1024 * 1024);
      expect(fake.requests[0]?.path).toBe("/fal-ai/kling-video/v2.1/master/text-to-video");
    });

    it("cuts off a file past the size limit as output_too_large", async () => {
      fake.fileBytes = 4 * 1024 * 1024;
      fake.pollsBeforeDone = 0;
      const storage = createMemoryMediaStorage({ publicBaseUrl: "http://files.test/files" });
      const provider = createFalWorkProvider(
        options(storage, { limits: { maxOutputBytes: 1024 * 1024 } }),
      );
      const job: Job = {
        id: "job-cut",
        kind: "generation",
        organizationId: toOrganizationId(1),
        resourceId: "gen-cut",
        holdId: "hold-cut",
        input: { type: "video_ad", prompt: "Too big" },
      };
      await expect(provider.run(job)).rejects.toMatchObject({
        category: "output_too_large",
        retryable: false,
      });
      expect(await storage.open("generated/1/generation/gen-cut.mp4")).toBeUndefined();
    });
  });
});
