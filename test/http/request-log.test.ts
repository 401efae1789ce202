/**
 * One log line per request from the fetch handler, through the public options: what it
 * names (method, route template, status, duration, organization, request id), what it
 * never carries (keys, other headers, bodies), and the `X-Request-Id` echoed on every
 * answer, errors and 304s included, but never in a body.
 */
import { createJsonLinesLogger, type LogFields, type Logger, type LogLevel } from "reelkit";
import {
  createFetchHandler,
  type FetchHandler,
  REQUEST_ID_HEADER,
  REQUEST_ID_MAX_LENGTH,
} from "reelkit/http";
import { beforeEach, describe, expect, it } from "vitest";
import { createProject } from "../service/editor/editor-support.js";
import { BASE_URL, createHarness, type Harness, KEYS, ORGS } from "../service/support/harness.js";

interface Logged {
  readonly level: LogLevel;
  readonly message: string;
  readonly fields: LogFields;
}

function recordingLogger(): { logger: Logger; lines: Logged[] } {
  const lines: Logged[] = [];
  return {
    lines,
    logger: { log: (level, message, fields = {}) => lines.push({ level, message, fields }) },
  };
}

let harness: Harness;
let handler: FetchHandler;
let lines: Logged[];

beforeEach(async () => {
  harness = await createHarness();
  const recording = recordingLogger();
  lines = recording.lines;
  handler = createFetchHandler(harness.service.api, { logger: recording.logger });
});

function send(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  return handler(new Request(`${BASE_URL}${path}`, init));
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe("request log lines of the fetch handler", () => {
  it("logs the route template, status, organization and request id of an admitted call", async () => {
    const id = await createProject(harness);
    const response = await send("GET", `/editor/videos/${id}`, {
      ...bearer(KEYS.acme),
      "x-request-id": "trace-0001",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("trace-0001");
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line?.level).toBe("info");
    expect(line?.message).toBe("request");
    expect(line?.fields).toMatchObject({
      method: "GET",
      route: "/v1/editor/videos/{id}",
      status: 200,
      organization_id: ORGS.acme,
      request_id: "trace-0001",
    });
    expect(Object.keys(line?.fields ?? {}).sort()).toEqual(
      ["duration_ms", "method", "organization_id", "request_id", "route", "status"].sort(),
    );
    expect(line?.fields.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("never writes the key, another header or the body into the line", async () => {
    await send(
      "POST",
      "/editor/videos",
      { ...bearer(KEYS.acme), "x-secret-header": "hush-hush", "idempotency-key": "idem-42" },
      { title: "Private title" },
    );
    const text = JSON.stringify(lines);
    for (const secret of [KEYS.acme, "hush-hush", "idem-42", "Private title"]) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]?.fields.route).toBe("/v1/editor/videos");
  });

  it("logs refusals at warn without an organization, and keeps the id out of error bodies", async () => {
    const response = await send("GET", "/editor/videos/7", { "x-request-id": "refused-1" });
    expect(response.status).toBe(401);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("refused-1");
    expect(await response.text()).not.toContain("refused-1");
    expect(lines[0]).toMatchObject({
      level: "warn",
      fields: { status: 401, organization_id: null, route: "/v1/editor/videos/{id}" },
    });
  });

  it("echoes the id on a 304 without a body", async () => {
    const id = await createProject(harness);
    const response = await send("GET", `/editor/videos/${id}`, {
      ...bearer(KEYS.acme),
      "if-none-match": '"rev-0"',
      "x-request-id": "cached-1",
    });
    expect(response.status).toBe(304);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("cached-1");
    expect(lines.at(-1)?.fields).toMatchObject({ status: 304, request_id: "cached-1" });
  });

  it("names no path of an unknown route, and the template of a method not allowed", async () => {
    await send("GET", "/no/such/place/42");
    await send("DELETE", "/models");
    await send("OPTIONS", "/editor/videos/9");
    expect(lines.map((line) => [line.fields.status, line.fields.route])).toEqual([
      [404, "unmatched"],
      [405, "/v1/models"],
      [204, "/v1/editor/videos/{id}"],
    ]);
  });

  it("logs a 500 at error with the id echoed, when the service throws", async () => {
    const recording = recordingLogger();
    const logged = createFetchHandler(
      { ...harness.service.api, admit: () => Promise.reject(new Error("boom")) },
      { logger: recording.logger, onError: () => undefined },
    );
    const response = await logged(
      new Request(`${BASE_URL}/models`, { headers: { "x-request-id": "oops-1" } }),
    );
    expect(response.status).toBe(500);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("oops-1");
    expect(recording.lines[0]).toMatchObject({
      level: "error",
      fields: { status: 500, route: "/v1/models" },
    });
  });

  it("still answers when the logger throws", async () => {
    const throwing = createFetchHandler(harness.service.api, {
      logger: {
        log: () => {
          throw new Error("disk full");
        },
      },
    });
    expect((await throwing(new Request(`${BASE_URL}/models`))).status).toBe(200);
  });
});

describe("X-Request-Id", () => {
  const idOf = async (sent: string) =>
    (await send("GET", "/models", { "x-request-id": sent })).headers.get(REQUEST_ID_HEADER);

  it(`keeps an id of ${REQUEST_ID_MAX_LENGTH} safe characters and replaces one of ${REQUEST_ID_MAX_LENGTH + 1}`, async () => {
    const longest = "a".repeat(REQUEST_ID_MAX_LENGTH);
    expect(await idOf(longest)).toBe(longest);
    const tooLong = "a".repeat(REQUEST_ID_MAX_LENGTH + 1);
    expect(await idOf(tooLong)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the punctuation of trace and load-balancer ids", async () => {
    for (const id of [
      "Root=1-67891233-abcdef012345678912345678",
      "00-4bf92f35-01",
      "a.b_c:d+e/f",
    ]) {
      expect(await idOf(id)).toBe(id);
    }
  });

  it("replaces an id with spaces, quotes, control characters or non-ASCII letters", async () => {
    for (const id of ["a b", 'a"b', "a\tb", "café", "<script>"]) {
      const echoed = await idOf(id);
      expect(echoed).not.toBe(id);
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("generates a distinct id for each request without one", async () => {
    const first = (await send("GET", "/models")).headers.get(REQUEST_ID_HEADER);
    const second = (await send("GET", "/models")).headers.get(REQUEST_ID_HEADER);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(lines.map((line) => line.fields.request_id)).toEqual([first, second]);
  });
});

describe("the JSON-lines logger", () => {
  it("writes one JSON object per line at or above its level, fields after time, level and msg", () => {
    const written: string[] = [];
    const logger = createJsonLinesLogger({
      stream: { write: (text: string) => written.push(text) },
      minimumLevel: "info",
      clock: { now: () => Date.parse("2026-11-24T12:00:00.000Z") },
    });
    logger.log("debug", "hidden", { a: 1 });
    logger.log("warn", "request", { status: 404, level: "spoofed", route: "unmatched" });
    expect(written).toEqual([
      '{"time":"2026-11-24T12:00:00.000Z","level":"warn","msg":"request","status":404,"route":"unmatched"}\n',
    ]);
  });
});
