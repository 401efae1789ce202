import { describe, expect, it } from "vitest";
import { createHostHandler } from "../../src/host/host-handler.js";
import { createHealthHandler } from "../../src/http/health.js";
import { createMemoryMediaStorage } from "../../src/memory/media-storage.js";

const ORIGIN = "http://127.0.0.1:8787";

async function setup() {
  const storage = createMemoryMediaStorage({ publicBaseUrl: `${ORIGIN}/files` });
  const apiCalls: string[] = [];
  const mcpCalls: string[] = [];
  const handler = createHostHandler({
    storage,
    origin: ORIGIN,
    api: async (request) => {
      apiCalls.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response("api", { status: 200 });
    },
    mcp: async (request) => {
      mcpCalls.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response("mcp", { status: 200 });
    },
    health: createHealthHandler(),
  });
  const stored = await storage.put(
    "generated/generation/a b.png",
    new Uint8Array([137, 80, 78, 71]),
    "image/png",
  );
  return { handler, apiCalls, mcpCalls, stored };
}

describe("the host's routes", () => {
  it("sends /v1 and everything under it to the API, and nothing else", async () => {
    const { handler, apiCalls } = await setup();
    for (const path of ["/v1", "/v1/models", "/v1/uploads?x=1", "/v1/nope"]) {
      expect((await handler(new Request(`${ORIGIN}${path}`))).status).toBe(200);
    }
    await handler(new Request(`${ORIGIN}/v10/models`));
    expect(apiCalls).toEqual(["GET /v1", "GET /v1/models", "GET /v1/uploads", "GET /v1/nope"]);
  });

  it("sends /mcp and its protected-resource metadata to the MCP handler, and nothing else", async () => {
    const { handler, apiCalls, mcpCalls } = await setup();
    await handler(new Request(`${ORIGIN}/mcp`, { method: "POST", body: "{}" }));
    await handler(new Request(`${ORIGIN}/.well-known/oauth-protected-resource/mcp`));
    expect((await handler(new Request(`${ORIGIN}/mcp/extra`))).status).toBe(404);
    expect(mcpCalls).toEqual(["POST /mcp", "GET /.well-known/oauth-protected-resource/mcp"]);
    expect(apiCalls).toEqual([]);
  });

  it("serves a stored file by its URL with its content type, and HEAD without the body", async () => {
    const { handler, stored } = await setup();
    expect(stored.url).toMatch(
      new RegExp(`^${ORIGIN}/files/[A-Za-z0-9_-]{22}/generated/generation/a%20b.png$`),
    );
    const response = await handler(new Request(stored.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe("4");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    const head = await handler(new Request(stored.url, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("serves files whatever Host the client used to reach the host", async () => {
    const { handler, stored } = await setup();
    const { pathname } = new URL(stored.url);
    const response = await handler(new Request(`http://localhost:8787${pathname}`));
    expect(response.status).toBe(200);
  });

  it("serves no file by its key alone: the URL's token is part of the permission", async () => {
    const { handler, stored } = await setup();
    const token = new URL(stored.url).pathname.split("/")[2] ?? "";
    for (const url of [
      `${ORIGIN}/files/generated/generation/a%20b.png`,
      stored.url.replace(token, `${token.slice(1)}A`),
    ]) {
      expect((await handler(new Request(url))).status, url).toBe(404);
    }
  });

  it("answers an unknown file with a structured 404", async () => {
    const { handler } = await setup();
    for (const path of ["/files", "/files/", "/files/generated/missing.png", "/files/%E0%A4%A"]) {
      const response = await handler(new Request(`${ORIGIN}${path}`));
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({
        error: {
          code: "not_found",
          message: "No stored file has this URL.",
          retryable: false,
          context: { reason: "unknown_file" },
        },
      });
    }
  });

  it("answers GET / with an index of links", async () => {
    const { handler } = await setup();
    const response = await handler(new Request(`${ORIGIN}/`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: "reelkit",
      api: `${ORIGIN}/v1`,
      openapi: `${ORIGIN}/v1/openapi.json`,
      skill: `${ORIGIN}/v1/skill.md`,
      mcp: `${ORIGIN}/mcp`,
      health: `${ORIGIN}/healthz`,
      readiness: `${ORIGIN}/readyz`,
    });
  });

  it("refuses writes to files and the index with 405 and Allow", async () => {
    const { handler, stored } = await setup();
    for (const url of [stored.url, `${ORIGIN}/`]) {
      const response = await handler(new Request(url, { method: "PUT", body: "x" }));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      const body = await response.json();
      expect(body.error).toMatchObject({
        code: "bad_request",
        context: { reason: "method_not_allowed" },
      });
    }
  });

  it("answers any other path with the API's structured 404", async () => {
    const { handler } = await setup();
    const response = await handler(new Request(`${ORIGIN}/favicon.ico`));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: "not_found",
        message: "No endpoint has this path.",
        retryable: false,
        context: { reason: "unknown_route" },
      },
    });
  });
});
