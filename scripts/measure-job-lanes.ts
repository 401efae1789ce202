/**
 * Measures how long another organization's short generation takes while one
 * organization runs four long exports, on the reference host as `npm start` runs it:
 * organization 1 exports four one-hour timelines (each render would run for many
 * minutes), then organization 2 asks for a generation whose simulated work lasts 0.5 s,
 * and the time until it is `completed` is printed, with the exports rendering then.
 * Usage: `npx tsx scripts/measure-job-lanes.ts [-- --database-url URL]`; it gives up
 * waiting after 90 s.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const GIVE_UP_MILLISECONDS = 90_000;
const EXPORTS = 4;
const EXPORT_SECONDS = 3600;
const KEYS = { busy: "rk_measure_busy_key", quiet: "rk_measure_quiet_key" };
const SCOPES = ["generations:read", "generations:write"];

function fixturePath(): string {
  const directory = mkdtempSync(join(tmpdir(), "reelkit-lanes-"));
  const path = join(directory, "fixture.json");
  writeFileSync(
    path,
    JSON.stringify({
      organizations: [
        { id: 1, name: "Busy", credits: 100_000, api_keys: [{ key: KEYS.busy, scopes: SCOPES }] },
        { id: 2, name: "Quiet", credits: 100_000, api_keys: [{ key: KEYS.quiet, scopes: SCOPES }] },
      ],
      simulator: { job_duration_ms: 500 },
    }),
  );
  return path;
}

// biome-ignore lint/suspicious/noExplicitAny: the script reads JSON bodies by path.
type Json = any;

async function call(
  origin: string,
  key: string,
  request: { method: string; path: string; body?: unknown },
) {
  const response = await fetch(`${origin}/v1${request.path}`, {
    method: request.method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const json: Json = await response.json();
  if (response.status !== 200) throw new Error(`${request.path}: ${JSON.stringify(json)}`);
  return json;
}

async function startLongExports(origin: string): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < EXPORTS; index += 1) {
    const project = await call(origin, KEYS.busy, {
      method: "POST",
      path: "/editor/videos",
      body: { title: `Long ${index + 1}`, aspect_ratio: "16:9" },
    });
    const id: number = project.video.id;
    const solid = { type: "add_solid", left: 0, top: 0, width: 1920, height: 1080 };
    await call(origin, KEYS.busy, {
      method: "PATCH",
      path: `/editor/videos/${id}`,
      body: {
        operations: [{ ...solid, duration_seconds: EXPORT_SECONDS, style: { color: "#ff0000" } }],
      },
    });
    await call(origin, KEYS.busy, {
      method: "POST",
      path: `/editor/videos/${id}/export`,
      body: { resolution: "480p" },
    });
    ids.push(id);
  }
  return ids;
}

async function generating(origin: string, ids: readonly number[]): Promise<number> {
  const videos = await Promise.all(
    ids.map((id) => call(origin, KEYS.busy, { method: "GET", path: `/videos/${id}` })),
  );
  return videos.filter((video) => video.status === "generating").length;
}

async function measure(origin: string): Promise<void> {
  const exports = await startLongExports(origin);
  while ((await generating(origin, exports)) === 0) await sleep(50);
  await sleep(1000);
  const started = performance.now();
  const batch = await call(origin, KEYS.quiet, {
    method: "POST",
    path: "/generations",
    body: { type: "static_ad", template_slug: "product-hero", prompt: "Cold brew" },
  });
  const id: string = batch.generations[0].id;
  let status = "generating";
  while (status === "generating" && performance.now() - started < GIVE_UP_MILLISECONDS) {
    await sleep(20);
    status = (await call(origin, KEYS.quiet, { method: "GET", path: `/generations/${id}` })).status;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const rendering = await generating(origin, exports);
  console.log(
    status === "completed"
      ? `generation of organization 2 completed in ${seconds} s; exports of organization 1 rendering then: ${rendering} of ${EXPORTS}`
      : `generation of organization 2 still ${status} after ${seconds} s; exports of organization 1 rendering: ${rendering} of ${EXPORTS}`,
  );
}

async function main(): Promise<void> {
  const flags = ["--port", "0", "--fixture", fixturePath(), "--shutdown-timeout", "0"];
  const urlIndex = process.argv.indexOf("--database-url");
  if (urlIndex >= 0) flags.push("--database-url", process.argv[urlIndex + 1] ?? "");
  // Its own process group, so every ffmpeg it starts ends with it, whatever its version does.
  const child = spawn(process.execPath, ["--import", "tsx", "src/host/main.ts", ...flags], {
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const found = /listening on (http:\/\/\S+)/.exec(text)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.once("exit", (code) => reject(new Error(`The host exited with ${code}.`)));
  });
  try {
    await measure(origin);
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  }
}

await main();
