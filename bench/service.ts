/**
 * Service benchmarks: paid requests per second through the real fetch handler, on the
 * in-memory stores and on PostgreSQL, measured in the same run.
 *
 * A paid request resolves and claims its idempotency key, counts the rate limit, holds
 * credits, stores the generation, queues its job and stores the response for replay:
 * every store port is on the path. Throughput is taken with a fixed number of clients
 * sending back to back (closed loop); mitata then times a single request's latency.
 *
 * The PostgreSQL half needs a server: `REELKIT_BENCH_DATABASE_URL`,
 * `REELKIT_TEST_DATABASE_URL` or `DATABASE_URL` (start a throw-away one with
 * `eval "$(.ci/postgres.sh start)"`); without one it is skipped, saying so. It works in
 * a schema of its own, dropped once every benchmark has run.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { bench, group, summary } from "mitata";
import pg from "pg";
import { createPostgresPorts, migrate, seedOrganizations } from "reelkit/postgres";
import {
  BENCH_CREDITS,
  BENCH_KEY,
  memoryStorePorts,
  type PaidRequest,
  paidRequestOver,
  requestsPerSecond,
  type StorePorts,
} from "./support/paid-requests.js";
import type { ReportLine, ReportSection } from "./support/report.js";
import type { BenchOptions, BenchSuite } from "./support/suite.js";

/** Clients sending at once in the throughput measurement, as a busy host would see. */
const CLIENTS = 16;

/** The database the PostgreSQL halves of the benchmarks use, if one is configured. */
export function databaseUrl(): string | undefined {
  const env = process.env;
  return (
    env.REELKIT_BENCH_DATABASE_URL || env.REELKIT_TEST_DATABASE_URL || env.DATABASE_URL || undefined
  );
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// The schemas the suites built, with what holds them open; dropped by `dropBenchSchemas`
// once every benchmark has run (mitata runs the registered ones after all suites).
const opened: { url: string; schema: string; pool: pg.Pool; close: () => Promise<void> }[] = [];

/** Closes the ports and pools of {@link postgresStorePorts} and drops their schemas. */
export async function dropBenchSchemas(): Promise<void> {
  for (const { url, schema, pool, close } of opened.splice(0)) {
    await close();
    await pool.end();
    await withClient(url, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
  }
}

/**
 * Store ports on a fresh, migrated and seeded schema of `url`, set up as the reference
 * host sets them up (API keys cached while listening for changes); dropped by
 * {@link dropBenchSchemas}.
 */
export async function postgresStorePorts(url: string): Promise<StorePorts> {
  const schema = `bench_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  // Idle connections stay open as long as a host's would (pg's default idle timeout):
  // closing them sooner made the measured requests pay for reconnecting whenever fewer
  // of them were in flight.
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
  await migrate(pool, { schema });
  await seedOrganizations(
    pool,
    [
      {
        id: 1,
        name: "Bench",
        subscriptionActive: true,
        credits: BENCH_CREDITS,
        apiKeys: [{ key: BENCH_KEY, scopes: ["generations:read", "generations:write"] }],
      },
    ],
    { schema },
  );
  const ports = createPostgresPorts(pool, {
    schema,
    rateLimit: { maxRequests: 1_000_000_000, windowSeconds: 60 },
    apiKeyCache: {},
  });
  opened.push({ url, schema, pool, close: () => ports.close() });
  await ports.accounts.ready;
  return ports;
}

interface Measured {
  readonly label: string;
  readonly send: PaidRequest;
  readonly rate: number;
}

const benchName = (label: string): string => `paid request, ${label}`;

function reportLines(measured: readonly Measured[]): ReportLine[] {
  const lines: ReportLine[] = measured.map(({ label, rate }) => ({
    kind: "time",
    label: `${label}: ${rate.toFixed(0)} paid requests/s with ${CLIENTS} clients; one request alone`,
    bench: benchName(label),
  }));
  if (measured.length > 1) {
    lines.push({
      kind: "ratio",
      label: "one request, PostgreSQL / in memory",
      numerator: benchName("PostgreSQL"),
      denominator: benchName("in memory"),
    });
  }
  return lines;
}

/** The service suite. */
export const serviceSuite: BenchSuite = {
  name: "service",
  async register(options: BenchOptions): Promise<ReportSection> {
    const milliseconds = options.quick ? 1_000 : 3_000;
    const stores = [{ label: "in memory", send: paidRequestOver(await memoryStorePorts()) }];
    const url = databaseUrl();
    if (url === undefined) {
      console.log("service: PostgreSQL skipped: no database URL (see bench/service.ts).");
    } else {
      stores.push({ label: "PostgreSQL", send: paidRequestOver(await postgresStorePorts(url)) });
    }
    const measured: Measured[] = [];
    for (const store of stores) {
      const rate = await requestsPerSecond(store.send, CLIENTS, milliseconds);
      console.log(
        `service: ${store.label}: ${rate.toFixed(0)} paid requests/s with ${CLIENTS} clients.`,
      );
      measured.push({ ...store, rate });
    }
    group("paid requests (POST /generations), one at a time", () => {
      summary(() => {
        for (const { label, send } of measured) {
          bench(benchName(label), async () => {
            await send();
          });
        }
      });
    });
    return {
      title: "service (paid requests through the fetch handler)",
      lines: reportLines(measured),
    };
  },
};
