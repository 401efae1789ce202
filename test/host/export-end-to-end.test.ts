import { afterEach, expect, it } from "vitest";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import {
  createTestSchema,
  type TestSchema,
  testDatabaseUrl,
} from "../postgres/support/database.js";
import { decodePng, describeRendering, near } from "../render/support/ffmpeg.js";
import { pngSize } from "../service/editor/export-and-frame-support.js";
import { probe } from "../support/ffprobe.js";
import {
  createRenderingProject,
  hostClient,
  instantJobsSetup,
} from "./support/rendering-project.js";

const KEY = "rk_test_export_e2e_key";

async function exportEndToEnd(host: RunningHost): Promise<void> {
  expect(host.rendering.available).toBe(true);
  // A clip the host itself produces (the simulated provider's 3-second MP4), a box and a
  // title over it.
  const client = hostClient(host, KEY);
  const { call, poll } = client;
  const { id } = await createRenderingProject(client, "E2E");
  const summary = (await call("GET", `/editor/videos/${id}`)).video.editor_summary;

  const queued = await call("POST", `/editor/videos/${id}/export`, { resolution: "480p" });
  expect(queued).toMatchObject({ status: "queued", width: 854, height: 480 });
  const video = await poll(`/videos/${id}`, ["queued", "generating"]);
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
    const host = await startHost({ port: 0, host: "127.0.0.1", setup: instantJobsSetup(KEY) });
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
      setup: instantJobsSetup(KEY),
      databaseUrl: url,
      databaseSchema: schema.name,
    });
    hosts.push(host);
    await exportEndToEnd(host);
  });
});
