/**
 * The reference host started as `npm start` starts it, with `--providers openai` and
 * `OPENAI_BASE_URL` pointing at a local server speaking OpenAI's wire format: its banner
 * says OpenAI serves the four ports, and a faceless video made through its API is written,
 * drawn, spoken and transcribed by that server and rendered into a playable MP4 whose
 * sound is the narration OpenAI spoke.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../src/host/host-setup.js";
import { type HostProcess, originOfFirstLine, spawnHost } from "../host/support/spawn-host.js";
import { describeRendering, rms, soundSamples } from "../render/support/ffmpeg.js";
import { decodeErrors, probe } from "../support/ffprobe.js";
import { FAKE_OPENAI_KEY, type FakeOpenAI, startFakeOpenAI } from "./support/fake-openai.js";

let fake: FakeOpenAI;
let host: HostProcess | undefined;

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(async () => {
  host?.child.kill("SIGTERM");
  await host?.exited;
  host = undefined;
});

async function eventually<T>(read: () => Promise<T | undefined>, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("the host never got there");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeRendering("the reference host on OpenAI", () => {
  it("makes a playable faceless video with every provider on OpenAI", async () => {
    host = spawnHost(["--port", "0", "--speech", "simulated"], {
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseURL,
      REELKIT_PROVIDERS: "openai",
    });
    const origin = originOfFirstLine(await host.firstLine);
    const banner = await eventually(
      async () => (host?.stdout().includes("  Transcription: OpenAI") ? host.stdout() : undefined),
      10,
    );
    for (const port of [
      "Scripts, scene plans and slide headlines",
      "Pictures of scenes and slides",
      "Speech",
    ]) {
      expect(banner).toContain(`  ${port}: OpenAI (${fake.baseURL})`);
    }
    expect(banner).not.toContain("Speech is simulated");
    expect(banner).not.toContain(FAKE_OPENAI_KEY);

    const api = (path: string, body?: unknown) =>
      fetch(`${origin}/v1${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${DEMO_API_KEY}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const created = await api("/faceless-videos", { prompt: "Octopuses", duration: 10 });
    expect(created.status).toBe(200);
    const video = await eventually(async () => {
      const polled = (await api(`/videos/${created.body.video_id}`)).body;
      if (polled.status === "error") throw new Error(JSON.stringify(polled.error));
      return polled.status === "completed" ? polled : undefined;
    }, 240);

    const paths = fake.requests.map((request) => request.path);
    expect(new Set(paths)).toEqual(
      new Set([
        "/v1/chat/completions",
        "/v1/images/generations",
        "/v1/audio/speech",
        "/v1/audio/transcriptions",
      ]),
    );
    expect(
      fake.requests.every((request) => request.authorization === `Bearer ${FAKE_OPENAI_KEY}`),
    ).toBe(true);

    // The MP4 plays: a picture and a sound stream that decode without errors, as long as
    // the narration, and the narration (OpenAI's tone) is heard in it.
    const mp4 = new Uint8Array(await (await fetch(video.url)).arrayBuffer());
    const probed = probe(mp4, "mp4");
    expect(probed.streams.map((stream) => stream.codec_type).sort()).toEqual(["audio", "video"]);
    expect(decodeErrors(mp4, "mp4")).toBe("");
    const path = join(mkdtempSync(join(tmpdir(), "reelkit-openai-")), "video.mp4");
    writeFileSync(path, mp4);
    expect(rms(soundSamples(path, 0.5, 2))).toBeGreaterThan(0.05);
  }, 300_000);
});
