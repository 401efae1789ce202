import { afterEach, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { type HostSetup, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import {
  createTestSchema,
  type TestSchema,
  testDatabaseUrl,
} from "../postgres/support/database.js";
import { decodePng, describeRendering, near } from "../render/support/ffmpeg.js";
import { pngSize } from "../service/editor/export-and-frame-support.js";
import { probe } from "../support/ffprobe.js";

const KEY = "rk_test_export_e2e_key";

function setup(): HostSetup {
  const fixture = {
    organizations: [
      {
        id: 1,
        name: "Acme",
        credits: 1000,
        api_keys: [{ key: KEY, scopes: ["generations:read", "generations:write"] }],
      },
    ],
    simulator: { job_duration_ms: 0 },
  };
  const parsed = parseFixtureText(JSON.stringify(fixture), "test");
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  return setupOf(parsed.fixture);
}

async function call(host: RunningHost, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${host.origin}/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads JSON bodies by path.
  const json: any = await response.json();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads JSON bodies by path.
async function poll(host: RunningHost, path: string, running: readonly string[]): Promise<any> {
  for (;;) {
    const body = await call(host, "GET", path);
    if (!running.includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function exportEndToEnd(host: RunningHost): Promise<void> {
  expect(host.rendering.available).toBe(true);
  // A clip the host itself produces: the simulated provider's 3-second MP4.
  const batch = await call(host, "POST", "/generations", {
    type: "video_ad",
    template_slug: "unboxing",
    prompt: "Cold brew",
    aspect_ratio: "16:9",
  });
  const generation = await poll(host, `/generations/${batch.generations[0].id}`, ["generating"]);
  expect(generation.status).toBe("completed");

  const project = await call(host, "POST", "/editor/videos", {
    title: "E2E",
    aspect_ratio: "16:9",
  });
  const id = project.video.id;
  await call(host, "POST", `/editor/videos/${id}/media`, {
    url: generation.url,
    media_type: "video",
    duration_seconds: 3,
  });
  await call(host, "PATCH", `/editor/videos/${id}`, {
    operations: [
      {
        type: "add_solid",
        left: 0,
        top: 0,
        width: 480,
        height: 270,
        duration_seconds: 3,
        style: { color: "#ff0000" },
      },
      { type: "add_text", text: "Cold brew", from_seconds: 0.5, duration_seconds: 2 },
    ],
  });
  const summary = (await call(host, "GET", `/editor/videos/${id}`)).video.editor_summary;

  const queued = await call(host, "POST", `/editor/videos/${id}/export`, { resolution: "480p" });
  expect(queued).toMatchObject({ status: "queued", width: 854, height: 480 });
  const video = await poll(host, `/videos/${id}`, ["queued", "generating"]);
  expect(video).toMatchObject({ status: "completed", error: null });
  expect(video.url.startsWith(`${host.origin}/files/`)).toBe(true);
  const file = await fetch(video.url);
  expect(file.headers.get("content-type")).toBe("video/mp4");
  const mp4 = probe(new Uint8Array(await file.arrayBuffer()), "mp4");
  expect(Math.abs(mp4.durationSeconds - summary.totalDurationSeconds)).toBeLessThanOrEqual(1 / 30);
  expect(mp4.streams.map((stream) => stream.codec_name).sort()).toEqual(["aac", "h264"]);

  const frame = await fetch(`${host.origin}/v1/editor/videos/${id}/frame?at_seconds=1&width=320`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  expect(frame.status).toBe(200);
  expect(frame.headers.get("content-type")).toBe("image/png");
  const png = new Uint8Array(await frame.arrayBuffer());
  expect(pngSize(png)).toEqual({ width: 320, height: 180 });
  // The red box covers the top-left quarter, in front of the clip.
  expect(near(decodePng(png, 320, 180).at(40, 40), [255, 0, 0])).toBe(true);
}

describeRendering("the reference host exports end to end", () => {
  const hosts: RunningHost[] = [];
  const schemas: TestSchema[] = [];
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.stop()));
    await Promise.all(schemas.splice(0).map((schema) => schema.dispose()));
  });

  it("on in-memory stores: a generated clip, a box and a title, exported, downloaded and previewed", async () => {
    const host = await startHost({ port: 0, host: "127.0.0.1", setup: setup() });
    hosts.push(host);
    await exportEndToEnd(host);
  });

  it("on PostgreSQL (--database-url): the same walk", async () => {
    const url = testDatabaseUrl();
    if (url === undefined) return;
    const schema = await createTestSchema(url, { migrate: false });
    schemas.push(schema);
    const host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: setup(),
      databaseUrl: url,
      databaseSchema: schema.name,
    });
    hosts.push(host);
    await exportEndToEnd(host);
  });
});
