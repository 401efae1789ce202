/**
 * Measures what large request bodies without a valid key cost the reference host: it
 * starts `src/host/main.ts` (what `npm start` runs) in a child process on a free port,
 * sends concurrent POSTs with large bodies and no key (or a key without the scope) to
 * the largest-body endpoint and to the MCP endpoint, and samples the host's resident
 * memory while they run.
 *
 * Usage:
 *
 *   npx tsx bench/unauthenticated-bodies.ts [--concurrency N] [--mebibytes N] [--rounds N]
 *
 * Defaults: 4 concurrent requests of 150 MiB each, 2 rounds. Prints, per scenario, the
 * host's RSS before and at its peak, the answers, how many body bytes the client managed
 * to send before the host answered or closed the connection, and the time taken.
 *
 * This is a measurement, not a test: the figures depend on the machine. It exits 1 only
 * when the host cannot be started.
 *
 * @module
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { residentKibibytes, startHostProcess } from "./support/host-process.js";

const CHUNK_BYTES = 1024 * 1024;
const SAMPLE_EVERY_MILLISECONDS = 10;
const MEBIBYTE = 1024 * 1024;

interface Scenario {
  readonly name: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: "REST POST /v1/reference-inspirations, no key",
    path: "/v1/reference-inspirations",
    headers: { "content-type": "application/json" },
  },
  {
    name: "REST POST /v1/reference-inspirations, unknown key",
    path: "/v1/reference-inspirations",
    headers: { "content-type": "application/json", authorization: "Bearer rk_unknown_key_0000" },
  },
  {
    name: "REST POST /v1/reference-inspirations, read-only key (no write scope)",
    path: "/v1/reference-inspirations",
    headers: { "content-type": "application/json", authorization: "Bearer rk_bench_read_only" },
  },
  {
    name: "REST POST /v1/reference-inspirations, key of an organization without a subscription",
    path: "/v1/reference-inspirations",
    headers: { "content-type": "application/json", authorization: "Bearer rk_bench_lapsed_org" },
  },
  {
    name: "MCP POST /mcp, no key",
    path: "/mcp",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
  },
];

interface Answer {
  readonly status: number | string;
  readonly sentBytes: number;
}

// Keys for every way a caller can be turned away: no scope, no subscription.
const FIXTURE = {
  organizations: [
    {
      id: 1,
      name: "Bench",
      api_keys: [{ key: "rk_bench_read_only", scopes: ["generations:read"] }],
    },
    {
      id: 2,
      name: "Lapsed",
      subscription_active: false,
      api_keys: [{ key: "rk_bench_lapsed_org", scopes: ["generations:read", "generations:write"] }],
    },
  ],
};

function startHost(): Promise<{ child: ChildProcess; origin: string }> {
  const fixturePath = join(mkdtempSync(join(tmpdir(), "reelkit-bench-")), "fixture.json");
  writeFileSync(fixturePath, JSON.stringify(FIXTURE));
  return startHostProcess(["--fixture", fixturePath]);
}

// Streams `totalBytes` of JSON-looking filler, declaring its length, and reports how many
// bytes were written before the host answered or closed the connection.
function send(origin: string, scenario: Scenario, totalBytes: number): Promise<Answer> {
  const url = new URL(scenario.path, origin);
  const chunk = Buffer.alloc(CHUNK_BYTES, 0x20);
  return new Promise((resolve) => {
    let sentBytes = 0;
    let settled = false;
    const finish = (status: number | string): void => {
      if (settled) return;
      settled = true;
      resolve({ status, sentBytes });
    };
    const outgoing = request(url, {
      method: "POST",
      headers: { ...scenario.headers, "content-length": String(totalBytes) },
    });
    outgoing.on("response", (incoming) => {
      incoming.resume();
      incoming.on("end", () => finish(incoming.statusCode ?? 0));
      outgoing.destroy();
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? "error"));
    const pump = (): void => {
      while (sentBytes < totalBytes && !outgoing.destroyed) {
        const size = Math.min(CHUNK_BYTES, totalBytes - sentBytes);
        sentBytes += size;
        if (!outgoing.write(size === CHUNK_BYTES ? chunk : chunk.subarray(0, size))) {
          outgoing.once("drain", pump);
          return;
        }
      }
      if (!outgoing.destroyed) outgoing.end();
    };
    pump();
  });
}

async function measure(
  pid: number,
  origin: string,
  scenario: Scenario,
  concurrency: number,
  totalBytes: number,
): Promise<string> {
  const before = residentKibibytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentKibibytes(pid));
  }, SAMPLE_EVERY_MILLISECONDS);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: concurrency }, () => send(origin, scenario, totalBytes)),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, residentKibibytes(pid));
  const statuses = [...new Set(answers.map((answer) => String(answer.status)))].join(", ");
  const sent = Math.max(...answers.map((answer) => answer.sentBytes)) / MEBIBYTE;
  return [
    `${scenario.name}: ${concurrency} x ${totalBytes / MEBIBYTE} MiB`,
    `  RSS ${(before / 1024).toFixed(0)} MiB before, ${(peak / 1024).toFixed(0)} MiB peak (+${((peak - before) / 1024).toFixed(0)} MiB)`,
    `  answers ${statuses}; at most ${sent.toFixed(1)} MiB written per request; ${seconds.toFixed(2)} s`,
  ].join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      concurrency: { type: "string", default: "4" },
      mebibytes: { type: "string", default: "150" },
      rounds: { type: "string", default: "2" },
    },
  });
  const concurrency = Number(values.concurrency);
  const totalBytes = Number(values.mebibytes) * MEBIBYTE;
  const rounds = Number(values.rounds);
  const { child, origin } = await startHost();
  try {
    const pid = child.pid ?? 0;
    process.stdout.write(`host ${origin} (pid ${pid})\n`);
    for (let round = 1; round <= rounds; round += 1) {
      for (const scenario of SCENARIOS) {
        process.stdout.write(
          `round ${round}: ${await measure(pid, origin, scenario, concurrency, totalBytes)}\n`,
        );
      }
    }
  } finally {
    child.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
