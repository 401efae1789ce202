/**
 * The reference host with `--providers fal`: the key it needs, what its banner says, and,
 * started as `npm start` starts it with `FAL_QUEUE_URL` pointing at a local server
 * speaking fal's queue wire format, an AI-model generation made through its API that
 * ends as a playable MP4 served from the host's own storage.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hostBanner } from "../../src/host/banner.js";
import { loadHostProviders } from "../../src/host/host-providers.js";
import { DEMO_API_KEY, DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import { type HostProcess, originOfFirstLine, spawnHost } from "../host/support/spawn-host.js";
import { describeRendering } from "../render/support/ffmpeg.js";
import { decodeErrors, probe } from "../support/ffprobe.js";
import { FAKE_FAL_KEY, type FakeFal, startFakeFal } from "./support/fake-fal.js";

describe("--providers fal", () => {
  it("refuses to start fal without its key, and reads its queue URL", async () => {
    await expect(loadHostProviders(["fal"], {})).rejects.toThrow(
      "--providers fal needs the FAL_KEY environment variable.",
    );
    const [fal] = await loadHostProviders(["fal"], {
      FAL_KEY: "k",
      FAL_QUEUE_URL: "http://127.0.0.1:9",
    });
    expect(fal).toMatchObject({
      name: "fal",
      description: "fal (http://127.0.0.1:9)",
      serves: ["provider"],
    });
    const [standard] = await loadHostProviders(["fal"], { FAL_KEY: "k" });
    expect(standard?.description).toBe("fal (https://queue.fal.run)");
  });

  it("says in the banner that fal serves the generations", () => {
    const text = hostBanner({
      origin: "http://127.0.0.1:8787",
      setup: setupOf(DEMO_FIXTURE),
      fixturePath: undefined,
      stores: { kind: "memory" },
      providers: [{ description: "fal (https://queue.fal.run)", serves: ["provider"] }],
    }).join("\n");
    expect(text).toContain(
      [
        "Model services (--providers) serve:",
        "  Generations (what it does not run goes to the service named before it, else simulated): fal (https://queue.fal.run)",
      ].join("\n"),
    );
  });
});

let fake: FakeFal;
let host: HostProcess | undefined;

async function eventually<T>(read: () => Promise<T | undefined>, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("the host never got there");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeRendering("the reference host on fal", () => {
  beforeAll(async () => {
    fake = await startFakeFal();
  });
  afterAll(() => fake.close());
  afterEach(async () => {
    host?.child.kill("SIGTERM");
    await host?.exited;
    host = undefined;
  });

  it("makes a playable AI-model video on fal and serves it from its own storage", async () => {
    host = spawnHost(["--port", "0", "--speech", "simulated", "--providers", "fal"], {
      FAL_KEY: FAKE_FAL_KEY,
      FAL_QUEUE_URL: fake.queueUrl,
    });
    const origin = originOfFirstLine(await host.firstLine);
    const banner = await eventually(
      async () => (host?.stdout().includes("  Generations") ? host.stdout() : undefined),
      10,
    );
    expect(banner).toContain(`: fal (${fake.queueUrl})`);
    expect(banner).not.toContain(FAKE_FAL_KEY);
    const api = (path: string, body?: unknown) =>
      fetch(`${origin}/v1${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${DEMO_API_KEY}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const created = await api("/generations", {
      type: "ai_model",
      model_slug: "sim-video",
      prompt: "Octopuses",
    });
    expect(created.status).toBe(200);
    const id = created.body.generations[0].id;
    const generation = await eventually(async () => {
      const polled = (await api(`/generations/${id}`)).body;
      if (polled.status === "error") throw new Error(JSON.stringify(polled.error));
      return polled.status === "completed" ? polled : undefined;
    }, 60);
    expect(generation.url.startsWith(origin)).toBe(true);
    expect(fake.requests[0]).toMatchObject({
      method: "POST",
      path: "/fal-ai/kling-video/v2.1/standard/text-to-video",
      authorization: `Key ${FAKE_FAL_KEY}`,
      body: { prompt: "Octopuses" },
    });
    const mp4 = new Uint8Array(await (await fetch(generation.url)).arrayBuffer());
    expect(probe(mp4, "mp4").streams.map((stream) => stream.codec_type)).toEqual(["video"]);
    expect(decodeErrors(mp4, "mp4")).toBe("");
  }, 120_000);
});
