/**
 * Prints how deep two requests run through `src/`: a POST /generations at the moment it
 * holds its credits, and a PATCH /editor/videos/{id} at the moment it saves the project.
 * The service runs over the in-memory ports; the credit store's `reserve` and the video
 * store's `commitRevision` are wrapped to take the stack there. Each request prints its
 * `src/` frames, innermost first, and how many distinct `src/` files they cross. V8
 * keeps an async caller's frame only while that caller awaits, so a function that
 * returns a promise without awaiting it is where the printed chain ends.
 * Usage: `npx tsx scripts/request-frames.ts`.
 *
 * @module
 */
import { relative } from "node:path";
import { createFetchHandler } from "../src/http/index.js";
import { createService } from "../src/index.js";
import { createMemoryPorts } from "../src/memory/index.js";
import { API_SCOPES } from "../src/schemas/index.js";
import { createSimulatedProviders } from "../src/simulated/index.js";

Error.stackTraceLimit = Number.POSITIVE_INFINITY;

const KEY = "rk_measure_frames";
const SOURCE_ROOT = new URL("../src/", import.meta.url).pathname;

// The `src/` frames of the current stack, innermost first, as `function (file:line)`.
function sourceFrames(): string[] {
  const lines = (new Error().stack ?? "").split("\n").slice(1);
  return lines.flatMap((line) => {
    const match = /at (?:async )?(?:(.*?) \()?(?:file:\/\/)?([^()]+?):(\d+):\d+\)?$/.exec(line);
    if (match === null || !match[2]?.startsWith(SOURCE_ROOT)) return [];
    return [`${match[1] ?? "<anonymous>"} (${relative(SOURCE_ROOT, match[2])}:${match[3]})`];
  });
}

function report(title: string, frames: readonly string[] | undefined): void {
  if (frames === undefined) throw new Error(`${title}: the wrapped port was never called.`);
  const files = new Set(frames.map((frame) => /\((.*):\d+\)$/.exec(frame)?.[1]));
  console.log(`${title}: ${frames.length} src/ frames, ${files.size} distinct src/ files`);
  for (const frame of frames) console.log(`  ${frame}`);
}

const ports = createMemoryPorts({
  organizations: [{ id: 1, credits: 100_000, apiKeys: [{ key: KEY, scopes: API_SCOPES }] }],
});
const captured: { hold?: string[]; save?: string[] } = {};
const reserve = ports.credits.reserve.bind(ports.credits);
ports.credits.reserve = (organizationId, holds) => {
  captured.hold ??= sourceFrames();
  return reserve(organizationId, holds);
};
const commitRevision = ports.stores.videos.commitRevision.bind(ports.stores.videos);
ports.stores.videos.commitRevision = (...args) => {
  captured.save ??= sourceFrames();
  return commitRevision(...args);
};
const service = createService({ ...ports, ...createSimulatedProviders(ports) });
const api = createFetchHandler(service.api);

async function call(method: string, path: string, body: unknown): Promise<unknown> {
  const response = await api(
    new Request(`http://reelkit.test/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${KEY}`,
        "content-type": "application/json",
        "idempotency-key": `frames-${method}-${path}`,
      },
      body: JSON.stringify(body),
    }),
  );
  const json = await response.json();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

await call("POST", "/generations", {
  type: "video_ad",
  template_slug: "unboxing",
  prompt: "A bottle on a desk",
});
report("POST /generations, credit hold", captured.hold);
const project = (await call("POST", "/editor/videos", { title: "Frames" })) as {
  video: { id: number };
};
await call("PATCH", `/editor/videos/${project.video.id}`, {
  operations: [{ type: "add_text", text: "Hello", left: 10, top: 10, duration_seconds: 2 }],
});
report("PATCH /editor/videos/{id}, project save", captured.save);
