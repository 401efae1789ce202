import { describe, expect, it } from "vitest";
import {
  compileRouteTable,
  createFetchHandler,
  matchRoute,
  normalizeBasePath,
} from "../../src/http/index.js";
import { ENDPOINTS } from "../../src/schemas/endpoints.js";
import { BASE, createFakeService, errorOf, handlerWithFake } from "./fake-service.js";

const SAMPLE_PARAMS: Record<string, string> = { id: "42" };

function concretePath(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? "x");
}

function requestFor(method: string, path: string): Request {
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(`${BASE}${path}`, {
    method,
    ...(hasBody ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
  });
}

describe("routing every endpoint of the table", () => {
  it.each(ENDPOINTS.map((endpoint) => [endpoint.method, endpoint.path, endpoint.operationId]))(
    "%s %s calls %s",
    async (method, template, operationId) => {
      const { fake, handler } = handlerWithFake();
      const response = await handler(requestFor(method, concretePath(template)));
      expect(response.status).toBe(200);
      expect(fake.calls).toHaveLength(1);
      expect(fake.lastCall().operationId).toBe(operationId);
      const expectedParams = template.includes("{id}") ? { id: "42" } : {};
      expect(fake.lastCall().request.pathParams).toEqual(expectedParams);
    },
  );

  it("percent-decodes path parameters", async () => {
    const { fake, handler } = handlerWithFake();
    await handler(new Request(`${BASE}/generations/a%20b%2Fc`));
    expect(fake.lastCall().request.pathParams).toEqual({ id: "a b/c" });
  });

  it("answers 400 malformed_path for broken percent-encoding in a parameter", async () => {
    const { fake, handler } = handlerWithFake();
    const response = await handler(new Request(`${BASE}/generations/%E0%A4%A`));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).context).toEqual({ reason: "malformed_path" });
    expect(fake.calls).toHaveLength(0);
  });
});

describe("base path", () => {
  it("serves under /v1 by default and nowhere else", async () => {
    const { fake, handler } = handlerWithFake();
    expect((await handler(new Request("http://api.test/v1/models"))).status).toBe(200);
    expect((await handler(new Request("http://api.test/models"))).status).toBe(404);
    expect((await handler(new Request("http://api.test/v1models"))).status).toBe(404);
    expect((await handler(new Request("http://api.test/v2/models"))).status).toBe(404);
    expect(fake.calls).toHaveLength(1);
  });

  it.each([
    ["/api/v1", "http://api.test/api/v1/models"],
    ["/api/v1/", "http://api.test/api/v1/models"],
    ["", "http://api.test/models"],
    ["/", "http://api.test/models"],
  ])("serves under basePath %j", async (basePath, url) => {
    const { handler } = handlerWithFake({ basePath });
    expect((await handler(new Request(url))).status).toBe(200);
  });

  it("refuses a base path that is not an absolute path", () => {
    expect(() => normalizeBasePath("v1")).toThrow(RangeError);
    expect(() => normalizeBasePath("/v1?x=1")).toThrow(RangeError);
    expect(() => createFetchHandler(createFakeService().service, { basePath: "//v1" })).toThrow(
      RangeError,
    );
  });

  it("treats a trailing slash or an empty segment as another path", async () => {
    const { handler } = handlerWithFake();
    expect((await handler(new Request(`${BASE}/models/`))).status).toBe(404);
    expect((await handler(new Request(`${BASE}//models`))).status).toBe(404);
    expect((await handler(new Request(`${BASE}/generations/`))).status).toBe(404);
  });
});

describe("unknown paths and methods", () => {
  it("answers 404 not_found for an unknown path", async () => {
    const { handler } = handlerWithFake();
    const response = await handler(new Request(`${BASE}/nothing/here`));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await errorOf(response)).toEqual({
      code: "not_found",
      message: "No endpoint has this path.",
      retryable: false,
      context: { reason: "unknown_route" },
    });
  });

  it("answers 405 with Allow and a structured bad_request for a known path", async () => {
    const { fake, handler } = handlerWithFake();
    const response = await handler(new Request(`${BASE}/editor/videos/42`, { method: "DELETE" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, PATCH, OPTIONS");
    const error = await errorOf(response);
    expect(error.code).toBe("bad_request");
    expect(error.retryable).toBe(false);
    expect(error.context).toEqual({
      reason: "method_not_allowed",
      allowed_methods: ["GET", "HEAD", "PATCH", "OPTIONS"],
    });
    expect(fake.calls).toHaveLength(0);
  });

  it("treats methods case-sensitively, as HTTP does", async () => {
    const { handler } = handlerWithFake();
    const response = await handler(
      new Request(`${BASE}/editor/videos/42`, { method: "patch", body: "{}" }),
    );
    expect(response.status).toBe(405);
  });

  it("answers OPTIONS with 204 and the allowed methods", async () => {
    const { fake, handler } = handlerWithFake();
    const response = await handler(new Request(`${BASE}/generations`, { method: "OPTIONS" }));
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await response.text()).toBe("");
    expect(fake.calls).toHaveLength(0);
  });

  it("answers OPTIONS on an unknown path with 404", async () => {
    const { handler } = handlerWithFake();
    const response = await handler(new Request(`${BASE}/nope`, { method: "OPTIONS" }));
    expect(response.status).toBe(404);
  });

  it("serves HEAD from the GET endpoint, without a body", async () => {
    const { fake, handler } = handlerWithFake();
    const response = await handler(new Request(`${BASE}/models`, { method: "HEAD" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.text()).toBe("");
    expect(fake.lastCall().operationId).toBe("getCatalog");
  });

  it("answers HEAD on a POST-only path with 405", async () => {
    const { handler } = handlerWithFake();
    const response = await handler(new Request(`${BASE}/generations`, { method: "HEAD" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("route table", () => {
  it("groups methods by path template and orders literals first", () => {
    const table = compileRouteTable(ENDPOINTS, "/v1");
    const videos = table.patterns.find((pattern) => pattern.template === "/editor/videos/{id}");
    expect(videos?.endpoints.map((endpoint) => endpoint.method)).toEqual(["GET", "PATCH"]);
    expect(videos?.paramNames).toEqual([undefined, undefined, "id"]);
    expect(matchRoute(table, "GET", "/v1/editor/videos/7")).toMatchObject({
      kind: "matched",
      endpoint: { operationId: "getEditorVideo" },
      pathParams: { id: "7" },
    });
  });

  it("fails at creation when the service lacks an operation", () => {
    const { service } = createFakeService();
    const incomplete = { ...service, getCatalog: undefined } as unknown as typeof service;
    expect(() => createFetchHandler(incomplete)).toThrow(
      'The service has no function for operation "getCatalog".',
    );
  });
});
