/**
 * Revision benchmarks: what an edit and a read of an editor project cost as the project
 * grows, through the real fetch handler behind a real socket (`toNodeListener` on
 * `node:http`), on the in-memory stores and on PostgreSQL in the same run.
 *
 * - PATCH `set_title` throughput on a 2,000-item project divided by the throughput on a
 *   20-item project: an edit should cost the same whatever the project's size.
 * - GET of a 2,000-item project through the handler divided by a bare `node:http` server
 *   that sends the same bytes: what the service adds to sending the answer.
 * - GET with `If-None-Match` naming the current revision (304), against the same bare
 *   server.
 *
 * Rates are taken with a fixed number of clients sending back to back (closed loop) over
 * keep-alive connections of one process; the server runs in the same process, so client
 * costs count on both sides of each ratio alike. The GET rates and the bare server's are
 * warmed up, then taken in alternating rounds, so the ratio compares the two servers and
 * not the moments they happened to be measured in.
 *
 * @module
 */

import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createService, toOrganizationId, type VideoRecord } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { toNodeListener } from "reelkit/node";
import { databaseUrl, postgresStorePorts } from "./service.js";
import {
  BENCH_KEY,
  benchDependencies,
  memoryStorePorts,
  type StorePorts,
} from "./support/paid-requests.js";
import type { ReportLine, ReportSection } from "./support/report.js";
import type { BenchOptions, BenchSuite } from "./support/suite.js";
import { buildTimeline } from "./support/timeline.js";

/** Clients sending at once. */
const CLIENTS = 8;
/** Alternating rounds the GET rates are measured in; a rate's time is split among them. */
const ROUNDS = 4;
const SMALL_ITEMS = 20;
const LARGE_ITEMS = 2_000;
const PATCH_TARGET = { postgres: 0.5, memory: 0.9 } as const;
const GET_TARGET = 0.7;

/** Sends one request; resolves with its status. */
type Send = () => Promise<number>;

// Servers listening, closed once a store's figures are taken: an open server would keep
// the process alive after the run.
const listening: Server[] = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  listening.push(server);
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

function closeServers(): void {
  for (const server of listening.splice(0)) {
    server.close();
    server.closeAllConnections();
  }
}

async function rate(send: Send, expected: number, milliseconds: number): Promise<number> {
  const started = performance.now();
  let completed = 0;
  const client = async (): Promise<void> => {
    while (performance.now() - started < milliseconds) {
      const status = await send();
      if (status !== expected) throw new Error(`A request answered ${status}, not ${expected}.`);
      completed += 1;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return completed / ((performance.now() - started) / 1000);
}

/** A sender and the status each of its answers must have. */
interface Sender {
  readonly send: Send;
  readonly expected: number;
}

// Rates of several senders, each warmed up first and then measured in alternating rounds,
// so that JIT warm-up and drift in what the machine has to spare (PostgreSQL's background
// work after a run of PATCHes, the CPU's clock) fall on all of them alike instead of on
// whichever happens to run first.
async function interleavedRates<Name extends string>(
  senders: Readonly<Record<Name, Sender>>,
  milliseconds: number,
): Promise<Record<Name, number>> {
  const names = Object.keys(senders) as Name[];
  const roundMilliseconds = milliseconds / ROUNDS;
  const totals = {} as Record<Name, number>;
  for (const name of names) {
    await rate(senders[name].send, senders[name].expected, roundMilliseconds);
    totals[name] = 0;
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of names) {
      totals[name] += await rate(senders[name].send, senders[name].expected, roundMilliseconds);
    }
  }
  for (const name of names) totals[name] /= ROUNDS;
  return totals;
}

// A project of `itemCount` items put straight into the store at revision 0.
async function insertProject(ports: StorePorts, itemCount: number): Promise<number> {
  const editor = buildTimeline(itemCount);
  const id = await ports.stores.videos.nextId(toOrganizationId(1));
  const now = new Date().toISOString();
  const record: VideoRecord = {
    id,
    organizationId: toOrganizationId(1),
    createdAt: now,
    updatedAt: now,
    kind: "editor",
    status: "ready",
    title: editor.title,
    url: null,
    failure: null,
    holdId: null,
    aspectRatio: "9:16",
    script: null,
    editor,
    instructions: [],
    version: 0,
  };
  await ports.stores.videos.insert([record]);
  return id;
}

const AUTHORIZATION = { authorization: `Bearer ${BENCH_KEY}` };

function patchTitle(origin: string, id: number): Send {
  return async () => {
    const response = await fetch(`${origin}/v1/editor/videos/${id}`, {
      method: "PATCH",
      headers: { ...AUTHORIZATION, "content-type": "application/json" },
      body: JSON.stringify({ operations: [{ type: "set_title", title: randomUUID() }] }),
    });
    await response.arrayBuffer();
    return response.status;
  };
}

function getProject(origin: string, id: number, headers: Record<string, string> = {}): Send {
  return async () => {
    const response = await fetch(`${origin}/v1/editor/videos/${id}`, {
      headers: { ...AUTHORIZATION, ...headers },
    });
    await response.arrayBuffer();
    return response.status;
  };
}

// A server that answers every request with `body`, as the handler answers the GET.
async function bareServer(body: Uint8Array, contentType: string): Promise<Send> {
  const origin = await listen(
    createServer((_request, response) => {
      response.writeHead(200, { "content-type": contentType, "content-length": body.byteLength });
      response.end(body);
    }),
  );
  return async () => {
    const response = await fetch(`${origin}/bare`);
    await response.arrayBuffer();
    return response.status;
  };
}

interface StoreFigures {
  readonly label: string;
  readonly target: number;
  readonly patchSmall: number;
  readonly patchLarge: number;
  readonly get: number;
  readonly bare: number;
  readonly notModified: number;
  readonly bytes: number;
}

async function measureStore(
  label: string,
  ports: StorePorts,
  target: number,
  milliseconds: number,
): Promise<StoreFigures> {
  const handler = createFetchHandler(createService(benchDependencies(ports)).api);
  const origin = await listen(createServer(toNodeListener(handler)));
  const small = await insertProject(ports, SMALL_ITEMS);
  const large = await insertProject(ports, LARGE_ITEMS);
  // Warm both projects (and each host cache) before anything is timed.
  for (const id of [small, large]) await patchTitle(origin, id)();
  const patchSmall = await rate(patchTitle(origin, small), 200, milliseconds);
  const patchLarge = await rate(patchTitle(origin, large), 200, milliseconds);
  const first = await fetch(`${origin}/v1/editor/videos/${large}`, { headers: AUTHORIZATION });
  const bytes = new Uint8Array(await first.arrayBuffer());
  const etag = first.headers.get("etag") ?? "";
  const { bare, get, notModified } = await interleavedRates(
    {
      bare: {
        send: await bareServer(bytes, first.headers.get("content-type") ?? ""),
        expected: 200,
      },
      get: { send: getProject(origin, large), expected: 200 },
      notModified: { send: getProject(origin, large, { "if-none-match": etag }), expected: 304 },
    },
    milliseconds,
  );
  closeServers();
  const figures = {
    label,
    target,
    patchSmall,
    patchLarge,
    get,
    bare,
    notModified,
    bytes: bytes.byteLength,
  };
  console.log(
    `revisions: ${label}: PATCH set_title ${patchSmall.toFixed(0)}/s (${SMALL_ITEMS} items), ${patchLarge.toFixed(0)}/s (${LARGE_ITEMS} items); GET ${get.toFixed(0)}/s, bare server ${bare.toFixed(0)}/s, 304 ${notModified.toFixed(0)}/s (${(bytes.byteLength / 1024).toFixed(0)} KiB).`,
  );
  return figures;
}

function linesOf(figures: StoreFigures): ReportLine[] {
  const { label } = figures;
  return [
    {
      kind: "figure",
      label: `${label}: PATCH set_title, ${LARGE_ITEMS} items / ${SMALL_ITEMS} items`,
      text: `${(figures.patchLarge / figures.patchSmall).toFixed(2)}x (${figures.patchLarge.toFixed(0)}/s vs ${figures.patchSmall.toFixed(0)}/s)`,
      value: figures.patchLarge / figures.patchSmall,
      target: { comparison: "at-least", value: figures.target },
    },
    {
      kind: "figure",
      label: `${label}: GET ${LARGE_ITEMS} items through the handler / bare node:http`,
      text: `${(figures.get / figures.bare).toFixed(2)}x (${figures.get.toFixed(0)}/s vs ${figures.bare.toFixed(0)}/s, ${(figures.bytes / 1024).toFixed(0)} KiB)`,
      value: figures.get / figures.bare,
      target: { comparison: "at-least", value: GET_TARGET },
    },
    {
      kind: "figure",
      label: `${label}: GET answered 304 / bare node:http sending the project`,
      text: `${(figures.notModified / figures.bare).toFixed(2)}x (${figures.notModified.toFixed(0)}/s)`,
      value: figures.notModified / figures.bare,
      target: { comparison: "at-least", value: 1 },
    },
  ];
}

/** The revisions suite. */
export const revisionsSuite: BenchSuite = {
  name: "revisions",
  async register(options: BenchOptions): Promise<ReportSection> {
    const milliseconds = options.quick ? 500 : 2_000;
    const lines: ReportLine[] = [];
    const memory = await measureStore(
      "in memory",
      await memoryStorePorts(),
      PATCH_TARGET.memory,
      milliseconds,
    );
    lines.push(...linesOf(memory));
    const url = databaseUrl();
    if (url === undefined) {
      console.log("revisions: PostgreSQL skipped: no database URL (see bench/service.ts).");
    } else {
      const ports = await postgresStorePorts(url);
      lines.push(
        ...linesOf(await measureStore("PostgreSQL", ports, PATCH_TARGET.postgres, milliseconds)),
      );
    }
    return { title: "revisions (editor projects through a real socket)", lines };
  },
};
