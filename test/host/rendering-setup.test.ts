import { afterEach, describe, expect, it } from "vitest";
import { FFMPEG_PATH_VARIABLE, HOST_USAGE, parseHostArguments } from "../../src/host/arguments.js";
import { hostBanner } from "../../src/host/banner.js";
import { DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";

const DEMO_KEY = "rk_demo_local_key";

function ffmpegPathOf(result: ReturnType<typeof parseHostArguments>) {
  return result.kind === "run" ? result.options.ffmpegPath : result;
}

describe("choosing ffmpeg", () => {
  it("takes --ffmpeg-path, else REELKIT_FFMPEG_PATH, else ffmpeg on PATH", () => {
    const env = { [FFMPEG_PATH_VARIABLE]: "/opt/ffmpeg/bin/ffmpeg" };
    expect(ffmpegPathOf(parseHostArguments(["--ffmpeg-path", "/usr/bin/ffmpeg"], env))).toBe(
      "/usr/bin/ffmpeg",
    );
    expect(ffmpegPathOf(parseHostArguments([], env))).toBe("/opt/ffmpeg/bin/ffmpeg");
    expect(ffmpegPathOf(parseHostArguments([], { [FFMPEG_PATH_VARIABLE]: "" }))).toBeUndefined();
    expect(ffmpegPathOf(parseHostArguments([]))).toBeUndefined();
    expect(HOST_USAGE).toContain("--ffmpeg-path PATH");
    expect(HOST_USAGE).toContain(FFMPEG_PATH_VARIABLE);
  });

  it("says in the banner whether rendering is available", () => {
    const facts = {
      origin: "http://127.0.0.1:8787",
      setup: setupOf(DEMO_FIXTURE),
      fixturePath: undefined,
      stores: { kind: "memory" } as const,
    };
    const available = hostBanner({ ...facts, rendering: { available: true, program: "ffmpeg" } });
    expect(available.join("\n")).toContain("Rendering is available (ffmpeg)");
    const missing = hostBanner({
      ...facts,
      rendering: {
        available: false,
        program: "nope",
        reason: 'ffmpeg was not found (looked for "nope").',
      },
    }).join("\n");
    expect(missing).toContain(
      'Rendering is unavailable: ffmpeg was not found (looked for "nope").',
    );
    expect(missing).toContain("--ffmpeg-path");
  });
});

describe("a host without ffmpeg", () => {
  let host: RunningHost | undefined;
  afterEach(async () => {
    await host?.stop();
  });

  it("starts, says rendering is unavailable, refuses previews and exports naming ffmpeg, and serves the rest", async () => {
    host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: setupOf(DEMO_FIXTURE),
      ffmpegPath: "/nonexistent/reelkit-test/ffmpeg",
    });
    expect(host.rendering).toMatchObject({ available: false });
    const headers = { authorization: `Bearer ${DEMO_KEY}`, "content-type": "application/json" };
    const created = await fetch(`${host.origin}/v1/editor/videos`, {
      method: "POST",
      headers,
      body: JSON.stringify({ aspect_ratio: "1:1" }),
    });
    expect(created.status).toBe(200);
    const id = (await created.json()).video.id;
    await fetch(`${host.origin}/v1/editor/videos/${id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ operations: [{ type: "add_solid", duration_seconds: 2 }] }),
    });
    const frame = await fetch(`${host.origin}/v1/editor/videos/${id}/frame?at_seconds=1`, {
      headers,
    });
    expect(frame.status).toBe(400);
    expect(frame.headers.get("content-type")).toContain("application/json");
    expect((await frame.json()).error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: { reason: "renderer_unavailable", missing: "ffmpeg" },
    });
    const credits = async () =>
      (await (await fetch(`${host?.origin}/v1/credits`, { headers })).json()).available;
    const before = await credits();
    const exported = await fetch(`${host.origin}/v1/editor/videos/${id}/export`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": "export-without-ffmpeg" },
      body: JSON.stringify({ resolution: "480p" }),
    });
    expect(exported.status).toBe(400);
    expect((await exported.json()).error).toMatchObject({
      code: "bad_request",
      retryable: false,
      context: { reason: "renderer_unavailable", missing: "ffmpeg" },
    });
    expect(await credits()).toBe(before);
    const video = await (await fetch(`${host.origin}/v1/videos/${id}`, { headers })).json();
    expect(video.status).toBe("ready");
    const project = await fetch(`${host.origin}/v1/editor/videos/${id}`, { headers });
    expect(project.status).toBe(200);
  });
});
