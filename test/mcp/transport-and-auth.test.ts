import { createMcpHandler, protectedResourceMetadataUrl } from "reelkit/mcp";
import { API_SCOPES } from "reelkit/schemas";
import { describe, expect, it } from "vitest";
import { KEYS, ORGS } from "../service/support/harness.js";
import { callTool, createMcpHarness, MCP_URL, METADATA_URL } from "./support/mcp-harness.js";

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "1" },
  },
};

function post(
  key: string | undefined,
  body: unknown = INITIALIZE,
  authorization?: string,
): Request {
  const headers = new Headers({
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  });
  if (key !== undefined) headers.set("authorization", `Bearer ${key}`);
  if (authorization !== undefined) headers.set("authorization", authorization);
  return new Request(MCP_URL, { method: "POST", headers, body: JSON.stringify(body) });
}

const CHALLENGE_METADATA = `resource_metadata="${METADATA_URL}"`;

describe("the 401 metadata flow (spec 5.9)", () => {
  it("answers a request without a key with 401 and a challenge pointing to the metadata", async () => {
    const harness = await createMcpHarness();
    const response = await harness.mcp(post(undefined));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer ${CHALLENGE_METADATA}`);
    expect(await response.json()).toEqual({
      error: {
        code: "unauthorized",
        message: "Send an API key as a bearer token: Authorization: Bearer <API_KEY>.",
        retryable: false,
      },
    });
  });

  it("serves the RFC 9728 metadata document with the four scopes", async () => {
    const harness = await createMcpHarness();
    const challenge = (await harness.mcp(post(undefined))).headers.get("www-authenticate") ?? "";
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(METADATA_URL);
    const response = await harness.mcp(new Request(metadataUrl ?? ""));
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const document = await response.json();
    expect(document).toEqual({
      resource: MCP_URL,
      scopes_supported: ["generations:read", "generations:write", "social:read", "social:write"],
      bearer_methods_supported: ["header"],
      resource_name: "reelkit",
    });
    expect(document.scopes_supported).toEqual([...API_SCOPES]);
    const head = await harness.mcp(new Request(METADATA_URL, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const posted = await harness.mcp(new Request(METADATA_URL, { method: "POST", body: "{}" }));
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET, HEAD");
  });

  it("lists configured authorization servers and documentation", async () => {
    const harness = await createMcpHarness();
    const mcp = createMcpHandler(harness.service, {
      resourceUrl: "https://api.example.com/mcp",
      authorizationServers: ["https://auth.example.com"],
      resourceDocumentation: "https://docs.example.com/mcp",
    });
    const response = await mcp(
      new Request("https://api.example.com/.well-known/oauth-protected-resource/mcp"),
    );
    expect(await response.json()).toMatchObject({
      resource: "https://api.example.com/mcp",
      authorization_servers: ["https://auth.example.com"],
      resource_documentation: "https://docs.example.com/mcp",
    });
  });

  it("marks a bad, revoked, expired or malformed key invalid_token", async () => {
    const harness = await createMcpHarness();
    await harness.accounts.addApiKey(ORGS.acme, {
      key: "rk_test_expired_key",
      scopes: ["generations:read"],
      options: { expiresAtEpochMilliseconds: harness.clock.now() },
    });
    const revokedNow = await harness.accounts.addApiKey(ORGS.acme, {
      key: "rk_test_revoked_now",
      scopes: ["generations:read"],
    });
    await harness.accounts.revokeApiKey(revokedNow.keyId);
    for (const request of [
      post("rk_test_unknown"),
      post(KEYS.revoked),
      post("rk_test_expired_key"),
      post("rk_test_revoked_now"),
      post(undefined, INITIALIZE, "Basic abc"),
    ]) {
      const response = await harness.mcp(request);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(
        `Bearer error="invalid_token", ${CHALLENGE_METADATA}`,
      );
      expect((await response.json()).error.code).toBe("invalid_api_key");
    }
  });

  it("answers 403 insufficient_scope to a key with none of the four scopes", async () => {
    const harness = await createMcpHarness();
    await harness.accounts.addApiKey(ORGS.acme, { key: "rk_test_no_scope", scopes: [] });
    const response = await harness.mcp(post("rk_test_no_scope"));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer error="insufficient_scope", scope="generations:read generations:write social:read social:write", ${CHALLENGE_METADATA}`,
    );
    expect((await response.json()).error.code).toBe("forbidden");
  });

  it("lets the SDK client fail to connect without a key", async () => {
    const harness = await createMcpHarness();
    await expect(harness.connect(undefined)).rejects.toThrow();
    await expect(harness.connect("rk_test_unknown")).rejects.toThrow();
  });
});

describe("the stateless Streamable HTTP endpoint", () => {
  it("answers GET and DELETE with 405 and Allow: POST", async () => {
    const harness = await createMcpHarness();
    for (const method of ["GET", "DELETE", "PUT"]) {
      const response = await harness.mcp(
        new Request(MCP_URL, {
          method,
          headers: { authorization: `Bearer ${KEYS.acme}`, accept: "text/event-stream" },
        }),
      );
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect((await response.json()).error.code).toBe(-32000);
    }
  });

  it("initializes without a session id and answers with JSON", async () => {
    const harness = await createMcpHarness();
    const response = await harness.mcp(post(KEYS.acme));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("mcp-session-id")).toBeNull();
    const body = await response.json();
    expect(body.result.serverInfo).toEqual({ name: "reelkit", version: "1.0.0" });
    expect(body.result.capabilities.tools).toBeDefined();
    expect(body.result.instructions).toContain("idempotency_key");
  });

  it("serves each request with a fresh server, so calls work without initializing first", async () => {
    const harness = await createMcpHarness();
    const call = {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "get_workspace", arguments: {} },
    };
    const request = post(KEYS.acme, call);
    request.headers.set("mcp-protocol-version", "2025-06-18");
    const response = await harness.mcp(request);
    const body = await response.json();
    expect(body.id).toBe(7);
    expect(body.result.structuredContent.organization).toEqual({ id: ORGS.acme, name: "Acme" });
  });

  it("answers an unknown tool with a JSON-RPC invalid-params error", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acme);
    await expect(client.callTool({ name: "delete_everything", arguments: {} })).rejects.toThrow(
      /Unknown tool/,
    );
  });

  it("refuses a body over the limit with 413", async () => {
    const harness = await createMcpHarness();
    const mcp = createMcpHandler(harness.service, { resourceUrl: MCP_URL, maxRequestBytes: 1000 });
    const big = { ...INITIALIZE, params: { ...INITIALIZE.params, padding: "x".repeat(2000) } };
    expect((await mcp(post(KEYS.acme, big))).status).toBe(413);
  });

  it("lets a lapsed organization connect, then answers every tool with the REST 402", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.lapsed);
    const rest = await harness.call("GET", "/assets", { key: KEYS.lapsed });
    expect(rest.status).toBe(402);
    for (const tool of ["get_workspace", "list_workspace_assets", "recommend_voice"]) {
      const answer = await callTool(
        client,
        tool,
        tool === "recommend_voice" ? { description: "calm" } : {},
      );
      expect(answer.isError, tool).toBe(true);
      expect(answer.body, tool).toEqual(rest.body);
    }
    // Like GET /models, the catalog needs neither a key nor a subscription.
    expect((await callTool(client, "list_generation_catalog")).isError).toBe(false);
  });
});

function toolCall(name: string, args: Record<string, unknown> = {}) {
  return { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name, arguments: args } };
}

describe("the scope challenge of a tool call (spec 5.8, 5.9)", () => {
  it.each([
    [KEYS.acmeRead, "create_generation", "generations:write"],
    [KEYS.acmeSocial, "get_generation", "generations:read"],
    [KEYS.acme, "list_social_accounts", "social:read"],
    [KEYS.acme, "publish_media_to_social", "social:write"],
  ])(
    "answers a key without the scope of %s's call to %s with HTTP 403 and the scope",
    async (key, tool, scope) => {
      const harness = await createMcpHarness();
      const args =
        tool === "create_generation" ? { type: "static_ad", template_slug: "product-hero" } : {};
      const response = await harness.mcp(post(key, toolCall(tool, args)));
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toBe(
        `Bearer error="insufficient_scope", scope="${scope}", ${CHALLENGE_METADATA}`,
      );
      const body = await response.json();
      expect(body.error).toMatchObject({ code: "forbidden", retryable: false });
      expect(body.error.context.required_scopes).toContain(scope);
      expect(await harness.available()).toBe(5000);
      expect(harness.queue.pending()).toEqual([]);
    },
  );

  it("makes the SDK client's call fail with the 403", async () => {
    const harness = await createMcpHarness();
    const client = await harness.connect(KEYS.acmeRead);
    await expect(
      client.callTool({ name: "create_editor_video", arguments: { title: "x" } }),
    ).rejects.toThrow(/lacks the scope this endpoint needs: generations:write/);
  });

  it("keeps business errors as tool results: not found, bad input, credits", async () => {
    const harness = await createMcpHarness({ credits: 0 });
    const client = await harness.connect(KEYS.acme);
    const missing = await callTool(client, "get_generation", {
      id: "00000000-0000-4000-8000-00000000ffff",
    });
    expect(missing.body.error.code).toBe("not_found");
    const bad = await callTool(client, "create_editor_video", { fps: 1000 });
    expect(bad.body.error.code).toBe("bad_request");
    const poor = await callTool(client, "create_generation", {
      type: "static_ad",
      template_slug: "product-hero",
      idempotency_key: "poor",
    });
    expect(poor.body.error.code).toBe("insufficient_credits");
    expect([missing, bad, poor].every((answer) => answer.isError)).toBe(true);
  });
});

describe("handler options", () => {
  it("puts the well-known segment between the host and the path (RFC 9728 3.1)", () => {
    expect(protectedResourceMetadataUrl("https://api.example.com/mcp")).toBe(
      "https://api.example.com/.well-known/oauth-protected-resource/mcp",
    );
    expect(protectedResourceMetadataUrl("https://api.example.com/")).toBe(
      "https://api.example.com/.well-known/oauth-protected-resource",
    );
  });

  it("refuses a relative resource URL and a bad body limit at creation", async () => {
    const harness = await createMcpHarness();
    expect(() => createMcpHandler(harness.service, { resourceUrl: "/mcp" })).toThrow(TypeError);
    expect(() =>
      createMcpHandler(harness.service, { resourceUrl: MCP_URL, maxRequestBytes: 0 }),
    ).toThrow(RangeError);
  });
});
