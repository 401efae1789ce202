// examples/logging.ts
import assert from "node:assert/strict";
import pino from "pino";
import { createService, pinoLogger } from "reelkit";
import { createFetchHandler } from "reelkit/http";
import { createMcpHandler } from "reelkit/mcp";
import { createMemoryPorts } from "reelkit/memory";
import { createSimulatedProviders } from "reelkit/simulated";

const deps = createMemoryPorts({ origin: "https://api.example.com" });
const service = createService({ ...deps, ...createSimulatedProviders(deps) });
const lines: string[] = []; // pino writes to stdout unless given a destination
const logger = pinoLogger(pino({}, { write: (line: string) => lines.push(line) })); // or createJsonLinesLogger({ stream: process.stdout })
const api = createFetchHandler(service.api, { logger });
const mcp = createMcpHandler(service, { resourceUrl: "https://api.example.com/mcp", logger });

await api(
  new Request("https://api.example.com/v1/editor/videos/abc", {
    headers: { "x-request-id": "req-1" },
  }),
);
const line = JSON.parse(lines[0] ?? "{}");
// No API key: 401, logged with the route's template, never the raw path.
assert.deepEqual(
  { msg: line.msg, route: line.route, status: line.status, request_id: line.request_id },
  { msg: "request", route: "/v1/editor/videos/{id}", status: 401, request_id: "req-1" },
);
assert.equal(typeof mcp, "function");
