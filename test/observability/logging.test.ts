/**
 * The pino adapter with a real pino instance, and the request lines of the MCP handler
 * as the reference host writes them.
 */
import { Writable } from "node:stream";
import pino from "pino";
import { type LogFields, pinoLogger } from "reelkit";
import { REQUEST_ID_HEADER } from "reelkit/http";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_API_KEY, DEMO_FIXTURE, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";

let host: RunningHost | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

describe("the pino adapter", () => {
  it("writes the fields as the event's own keys at the event's level", () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    const logger = pinoLogger(pino({ level: "info", base: undefined }, stream));
    logger.log("debug", "hidden");
    logger.log("warn", "request", { status: 404, route: "unmatched" });
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0] ?? "")).toMatchObject({
      level: 40,
      msg: "request",
      status: 404,
      route: "unmatched",
    });
  });
});

describe("request lines of the MCP endpoint", () => {
  it("logs the MCP route, the organization and the request id, and echoes the id", async () => {
    const lines: LogFields[] = [];
    host = await startHost({
      port: 0,
      host: "127.0.0.1",
      setup: setupOf(DEMO_FIXTURE),
      logger: { log: (_level, _message, fields = {}) => lines.push(fields) },
    });
    const response = await fetch(`${host.origin}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${DEMO_API_KEY}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "x-request-id": "mcp-call-1",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("mcp-call-1");
    const metadata = await fetch(`${host.origin}/.well-known/oauth-protected-resource/mcp`);
    expect(metadata.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      expect.objectContaining({
        method: "POST",
        route: "/mcp",
        status: 200,
        organization_id: 1,
        request_id: "mcp-call-1",
      }),
      expect.objectContaining({
        method: "GET",
        route: "/.well-known/oauth-protected-resource/mcp",
        status: 200,
        organization_id: null,
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain(DEMO_API_KEY);
  });
});
