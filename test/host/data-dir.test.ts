import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY, DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { placeholderMp4 } from "../../src/simulated/placeholder-video.js";

// With --data-dir, stored files live on disk: a file uploaded through the API is still
// served at the same URL after the host restarts on the same directory and origin.

let running: RunningHost | undefined;
const directories: string[] = [];
afterEach(async () => {
  await running?.stop();
  running = undefined;
  for (const directory of directories.splice(0))
    await rm(directory, { recursive: true, force: true });
});

async function start(port: number, dataDirectory: string): Promise<RunningHost> {
  const setup = setupOf(DEMO_FIXTURE);
  running = await startHost({ port, host: "127.0.0.1", setup, dataDirectory });
  return running;
}

async function call(host: RunningHost, path: string, body: unknown) {
  const response = await fetch(`${host.origin}/v1${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${DEMO_API_KEY}`,
      "content-type": "application/json",
      "idempotency-key": `${path}-${Math.random()}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function uploadVideo(host: RunningHost, bytes: Uint8Array) {
  const prepared = await call(host, "/editor/media/upload-url", {
    filename: "clip.mp4",
    content_type: "video/mp4",
    size_bytes: bytes.length,
  });
  expect(prepared.status).toBe(200);
  const put = await fetch(prepared.body.upload.url, {
    method: "PUT",
    headers: { "content-type": "video/mp4" },
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return prepared.body as { source_url: string; upload: { url: string } };
}

describe("the reference host with --data-dir", () => {
  it("still serves an uploaded and imported file after a restart", async () => {
    const directory = await mkdtemp(join(tmpdir(), "reelkit-host-data-"));
    directories.push(directory);
    const video = placeholderMp4("16:9");
    const first = await start(0, directory);
    const port = Number(new URL(first.origin).port);
    const prepared = await uploadVideo(first, video);
    const imported = await call(first, "/editor/media", { source_url: prepared.source_url });
    expect(imported.status).toBe(200);
    const url: string = imported.body.media.url;
    expect(url.startsWith(`${first.origin}/files/`)).toBe(true);
    expect(imported.body.media.metadata).toMatchObject({
      content_type: "video/mp4",
      size_bytes: video.length,
      source: "direct_upload",
    });
    await first.stop();
    running = undefined;

    const second = await start(port, directory);
    expect(second.origin).toBe(first.origin);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([...video]);
    const ranged = await fetch(url, { headers: { range: "bytes=4-7" } });
    expect(ranged.status).toBe(206);
    expect(new TextDecoder().decode(await ranged.arrayBuffer())).toBe("ftyp");
    // The upload URL's secret is kept too: the upload made before the restart imports.
    const again = await call(second, "/editor/media", { source_url: prepared.source_url });
    expect(again.status).toBe(200);
    expect(again.body.media.metadata.size_bytes).toBe(video.length);
  });

  it("refuses a streamed upload past its size without storing it", async () => {
    const directory = await mkdtemp(join(tmpdir(), "reelkit-host-data-"));
    directories.push(directory);
    const host = await start(0, directory);
    const video = placeholderMp4("16:9");
    const prepared = await call(host, "/editor/media/upload-url", {
      filename: "clip.mp4",
      content_type: "video/mp4",
      size_bytes: video.length,
    });
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += video.length;
        if (sent > video.length * 3) controller.close();
        else controller.enqueue(video.slice());
      },
    });
    const put = await fetch(prepared.body.upload.url, {
      method: "PUT",
      headers: { "content-type": "video/mp4" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(put.status).toBe(413);
    // The refusal is answered once the partial file is gone, not while it closes.
    await host.media;
    expect(await readdir(join(directory, "tmp"))).toEqual([]);
    expect((await put.json()).error.context).toEqual({
      reason: "body_too_large",
      max_bytes: video.length,
    });
    const imported = await call(host, "/editor/media", { source_url: prepared.body.source_url });
    expect(imported.status).toBe(400);
    expect(imported.body.error.context.reason).toBe("upload_not_received");
  });

  it("stops with no file half written, even right after it started", async () => {
    const directory = await mkdtemp(join(tmpdir(), "reelkit-host-data-"));
    directories.push(directory);
    const host = await start(0, directory);
    // The demo sounds are still being stored while the host already listens.
    await host.stop();
    running = undefined;
    expect(await readdir(join(directory, "tmp"))).toEqual([]);
  });
});
