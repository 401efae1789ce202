import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { DEMO_FIXTURE, type HostSetup, setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import { toOrganizationId } from "../../src/organization-id.js";
import { DEMO_ASSETS } from "../../src/simulated/demo-workspace.js";

const ACME = "rk_test_acme_key";
const LAPSED = "rk_test_lapsed_key";

function setupFrom(fixture: unknown): HostSetup {
  const parsed = parseFixtureText(JSON.stringify(fixture), "test");
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

const FIXTURE = {
  organizations: [
    {
      id: 10,
      name: "Acme",
      credits: 100,
      api_keys: [{ key: ACME, scopes: ["generations:read", "generations:write"] }],
      assets: { ...DEMO_ASSETS, avatars: [] },
      social_accounts: [{ id: "x-acme", platform: "x", username: "@acme" }],
    },
    {
      id: 11,
      name: "Lapsed",
      subscription_active: false,
      api_keys: [{ key: LAPSED, scopes: ["generations:read"] }],
    },
  ],
  rate_limit: { max_requests: 2, window_seconds: 3600 },
  simulator: { job_duration_ms: 0, fail_when_prompt_contains: "#boom" },
};

let running: RunningHost | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function start(setup: HostSetup): Promise<RunningHost> {
  running = await startHost({ port: 0, host: "127.0.0.1", setup });
  return running;
}

async function call(host: RunningHost, method: string, path: string, key?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (key !== undefined) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${host.origin}/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function pollGeneration(host: RunningHost, id: string) {
  for (;;) {
    const { body } = await call(host, "GET", `/generations/${id}`, ACME);
    if (body.status !== "generating") return body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("starting the host in process", () => {
  it("binds a free port and writes its real origin into the OpenAPI document and upload URLs", async () => {
    const host = await start(setupOf(DEMO_FIXTURE));
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.origin).not.toBe("http://127.0.0.1:0");
    const openapi = await call(host, "GET", "/openapi.json");
    expect(openapi.body.servers).toEqual([{ url: `${host.origin}/v1` }]);
    const upload = await call(host, "POST", "/editor/media/upload-url", "rk_demo_local_key", {
      filename: "clip.mp4",
      content_type: "video/mp4",
      size_bytes: 1000,
    });
    expect(upload.status).toBe(200);
    expect(upload.body.upload.url.startsWith(`${host.origin}/v1/uploads?`)).toBe(true);
  });

  it("serves the fixture's organizations with their own assets, social accounts and plan", async () => {
    const host = await start(setupFrom(FIXTURE));
    const assets = await call(host, "GET", "/assets", ACME);
    expect(assets.status).toBe(200);
    expect(assets.body.avatars).toEqual([]);
    expect(assets.body.voices).toEqual(DEMO_ASSETS.voices);
    expect(await host.wiring.deps.social?.accounts(toOrganizationId(10))).toEqual([
      { id: "x-acme", platform: "x", username: "@acme", display_name: "@acme", avatar_url: null },
    ]);
    const lapsed = await call(host, "GET", "/assets", LAPSED);
    expect(lapsed.status).toBe(402);
    expect(lapsed.body.error.code).toBe("payment_required");
    expect((await call(host, "GET", "/assets", "rk_demo_local_key")).status).toBe(401);
  });

  it("refuses the fixture's revoked and expired keys with 401 invalid_api_key", async () => {
    const host = await start(
      setupFrom({
        organizations: [
          {
            id: 12,
            name: "Keys",
            api_keys: [
              { key: "rk_test_revoked_key", scopes: ["generations:read"], revoked: true },
              {
                key: "rk_test_expired_key",
                scopes: ["generations:read"],
                expires_at: "2020-01-01T00:00:00Z",
              },
              {
                key: "rk_test_current_key",
                scopes: ["generations:read"],
                expires_at: "2999-01-01T00:00:00Z",
              },
            ],
          },
        ],
      }),
    );
    for (const key of ["rk_test_revoked_key", "rk_test_expired_key"]) {
      const refused = await call(host, "GET", "/assets", key);
      expect(refused.status, key).toBe(401);
      expect(refused.body.error.code).toBe("invalid_api_key");
    }
    expect((await call(host, "GET", "/assets", "rk_test_current_key")).status).toBe(200);
  });

  it("runs jobs with the fixture's simulator: success stores a file, the marker fails and refunds", async () => {
    const host = await start(setupFrom(FIXTURE));
    const created = await call(host, "POST", "/generations", ACME, {
      type: "static_ad",
      template_slug: "product-hero",
      prompt: "A bright can of cold brew",
    });
    expect(created.status).toBe(200);
    expect(created.body.remaining_credits).toBe(80);
    const done = await pollGeneration(host, created.body.generations[0].id);
    expect(done.status).toBe("completed");
    const file = await fetch(done.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");

    const failing = await call(host, "POST", "/generations", ACME, {
      type: "static_ad",
      template_slug: "product-hero",
      prompt: "This one goes #boom",
    });
    expect(failing.body.remaining_credits).toBe(60);
    const failed = await pollGeneration(host, failing.body.generations[0].id);
    expect(failed.status).toBe("error");
    expect(failed.error).toMatchObject({ code: "generation_failed", credits_returned: true });
    const balance = await host.wiring.deps.credits.balance(toOrganizationId(10));
    expect(balance.available).toBe(80);
  });

  it("applies the fixture's rate limit to paid requests", async () => {
    const host = await start(setupFrom(FIXTURE));
    const body = { type: "static_ad", template_slug: "product-hero" };
    expect((await call(host, "POST", "/generations", ACME, body)).status).toBe(200);
    expect((await call(host, "POST", "/generations", ACME, body)).status).toBe(200);
    const limited = await call(host, "POST", "/generations", ACME, body);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
  });

  it("serves the MCP server at /mcp with the demo key, and its metadata for 401 answers", async () => {
    const host = await start(setupOf(DEMO_FIXTURE));
    const metadata = await fetch(`${host.origin}/.well-known/oauth-protected-resource/mcp`);
    expect(metadata.status).toBe(200);
    expect((await metadata.json()).resource).toBe(`${host.origin}/mcp`);
    const anonymous = await fetch(`${host.origin}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain(
      `resource_metadata="${host.origin}/.well-known/oauth-protected-resource/mcp"`,
    );

    const client = new Client({ name: "host-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(`${host.origin}/mcp`), {
      requestInit: { headers: { authorization: "Bearer rk_demo_local_key" } },
    });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      // The 25 tools of spec 4.19, the preview and export extensions, the three
      // revision tools and the font families.
      expect(tools).toHaveLength(31);
      const workspace = await client.callTool({ name: "get_workspace", arguments: {} });
      expect(workspace.isError).toBeFalsy();
      expect(workspace.structuredContent).toMatchObject({
        organization: { id: 1, name: "Demo workspace" },
      });
    } finally {
      await client.close();
    }
  });

  it("stops accepting connections once stopped", async () => {
    const host = await start(setupOf(DEMO_FIXTURE));
    expect((await fetch(`${host.origin}/`)).status).toBe(200);
    await host.stop();
    await host.stop();
    await expect(fetch(`${host.origin}/`)).rejects.toThrow();
  });

  it("rejects when the port is taken", async () => {
    const host = await start(setupOf(DEMO_FIXTURE));
    const port = Number(new URL(host.origin).port);
    await expect(
      startHost({ port, host: "127.0.0.1", setup: setupOf(DEMO_FIXTURE) }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
