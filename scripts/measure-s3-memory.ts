/**
 * Measures the memory of storing and reading back one large stream through
 * `reelkit/s3`, against s3rver run in a child process (so the server's own buffers are
 * not counted). Prints the peak growth of RSS and of heap plus array buffers over each
 * phase, sampled every 10 ms. Usage: `npm run measure:s3-memory -- [MiB, default 200]`.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createS3MediaStorage } from "../src/s3/index.js";

const MIB = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const PORT = 45_681;
const BUCKET = "measure";
const SERVER_START_MILLISECONDS = 2000;

function generated(sizeBytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= sizeBytes) {
        controller.close();
        return;
      }
      const chunk = new Uint8Array(Math.min(CHUNK_BYTES, sizeBytes - sent)).fill(sent & 255);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

const inMib = (bytes: number): string => `${(bytes / MIB).toFixed(1)} MiB`;
const heapAndBuffers = (usage: NodeJS.MemoryUsage): number => usage.heapUsed + usage.arrayBuffers;

async function measure(name: string, run: () => Promise<unknown>): Promise<void> {
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = heapAndBuffers(base);
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, heapAndBuffers(usage));
  }, 10);
  const started = performance.now();
  await run();
  clearInterval(sampler);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const rss = inMib(peakRss - base.rss);
  const heap = inMib(peakHeap - heapAndBuffers(base));
  console.log(`${name}: ${seconds} s, peak growth: RSS ${rss}, heap and buffers ${heap}`);
}

const sizeBytes = Number(process.argv[2] ?? 200) * MIB;
const directory = mkdtempSync(join(tmpdir(), "reelkit-s3-measure-"));
const server = spawn(
  process.execPath,
  [
    join(import.meta.dirname, "..", "node_modules", "s3rver", "bin", "s3rver.js"),
    ...["-d", directory, "-a", "127.0.0.1", "-p", String(PORT), "-s"],
    ...["--configure-bucket", BUCKET],
  ],
  { stdio: "inherit" },
);
const storage = createS3MediaStorage({
  clientConfig: {
    endpoint: `http://127.0.0.1:${PORT}`,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  },
  bucket: BUCKET,
  baseUrl: "https://api.example.com/files",
  signingSecret: "a measurement secret of 32 bytes or more",
});
try {
  await sleep(SERVER_START_MILLISECONDS);
  // One small put first, so the SDK's own modules are loaded before measuring.
  await storage.put("warm-up", new Uint8Array(1), { contentType: "video/mp4" });
  console.log(`Storing and reading ${inMib(sizeBytes)} (parts of 8 MiB, 2 in flight).`);
  await measure("put", () =>
    storage.put("big.mp4", generated(sizeBytes), { contentType: "video/mp4" }),
  );
  await measure("read", async () => {
    const stream = (await storage.open("big.mp4"))?.stream();
    const chunks = stream?.getReader();
    let read = 0;
    for (let next = await chunks?.read(); next?.done === false; next = await chunks?.read()) {
      read += next.value.byteLength;
    }
    if (read !== sizeBytes) throw new Error(`Read ${read} bytes of ${sizeBytes}.`);
  });
} finally {
  storage.close();
  server.kill("SIGTERM");
  rmSync(directory, { recursive: true, force: true });
}
