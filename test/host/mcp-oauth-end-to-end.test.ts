/**
 * The official MCP SDK client signs in to the reference host the standard way and works:
 * discovery from the 401, dynamic registration, the approval page (posted as the
 * browser posts it), the code exchange with PKCE, a tool call, a refresh, a revocation.
 * On the in-memory stores and on PostgreSQL.
 */

import {
  auth,
  type OAuthClientProvider,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { parseFixtureText } from "../../src/host/fixture.js";
import { setupOf } from "../../src/host/host-setup.js";
import { type RunningHost, startHost } from "../../src/host/start-host.js";
import {
  createTestSchema,
  type TestSchema,
  testDatabaseUrl,
} from "../postgres/support/database.js";

const KEY = "rk_test_oauth_host_key";
const CALLBACK = "http://127.0.0.1:33419/callback";

function setup() {
  const fixture = {
    organizations: [
      {
        id: 7,
        name: "Acme",
        credits: 1000,
        api_keys: [{ key: KEY, scopes: ["generations:read", "generations:write"] }],
      },
    ],
  };
  const parsed = parseFixtureText(JSON.stringify(fixture), "test");
  if (!parsed.ok) throw new Error(parsed.error.join("\n"));
  return setupOf(parsed.value);
}

/** An MCP client's OAuth state, kept in memory, with the authorization URL it was sent to. */
class TestClientProvider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  readonly redirectUrl = CALLBACK;
  readonly clientMetadata: OAuthClientMetadata = {
    redirect_uris: [CALLBACK],
    client_name: "SDK test client",
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  };
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

// What the person's browser does: open the page, type the key, untick the social scopes
// the key does not hold (the SDK asks for all four), press Approve; the answer redirects
// to the client's callback with the code.
async function approveInBrowser(url: URL, origin: string): Promise<string> {
  const page = await fetch(url, { redirect: "manual" });
  expect(page.status).toBe(200);
  expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
  const html = await page.text();
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(match[1] ?? "", (match[2] ?? "").replace(/&amp;/g, "&"));
  }
  const offered = [...html.matchAll(/name="approved_scope" value="([^"]+)" checked/g)];
  expect(offered.map((match) => match[1])).toEqual([
    "generations:read",
    "generations:write",
    "social:read",
    "social:write",
  ]);
  form.append("approved_scope", "generations:read");
  form.append("approved_scope", "generations:write");
  form.set("api_key", KEY);
  form.set("decision", "approve");
  const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const answer = await fetch(new URL("/oauth/authorize", origin), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin },
    body: form,
  });
  expect(answer.status).toBe(303);
  const back = new URL(answer.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get("iss")).toBe(origin);
  return back.searchParams.get("code") ?? "";
}

async function signIn(origin: string, provider: TestClientProvider): Promise<Client> {
  const mcpUrl = new URL("/mcp", origin);
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await expect(new Client({ name: "sdk", version: "1" }).connect(first)).rejects.toThrow(
    UnauthorizedError,
  );
  const authorizationUrl = provider.authorizationUrl;
  if (authorizationUrl === undefined) throw new Error("The SDK did not ask for authorization.");
  expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorizationUrl.searchParams.get("resource")).toBe(mcpUrl.href);
  const code = await approveInBrowser(authorizationUrl, origin);
  await first.finishAuth(code);
  const client = new Client({ name: "sdk", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  return client;
}

function bearerCall(origin: string, token: string) {
  return fetch(new URL("/mcp", origin), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_workspace", arguments: {} },
    }),
  });
}

const url = testDatabaseUrl();
const STORE_SETS = [
  { name: "in memory", postgres: false },
  ...(url === undefined ? [] : [{ name: "on PostgreSQL", postgres: true }]),
];

describe.each(STORE_SETS)(
  "the MCP SDK client signing in to the reference host $name",
  ({ postgres }) => {
    const hosts: RunningHost[] = [];
    let schema: TestSchema | undefined;
    afterEach(async () => {
      await Promise.all(hosts.splice(0).map((host) => host.stop()));
      await schema?.dispose();
      schema = undefined;
    });

    it("discovers, registers, gets approval, calls a tool, refreshes, and is refused once revoked", async () => {
      schema = postgres ? await createTestSchema(url as string, { migrate: false }) : undefined;
      const host = await startHost({
        port: 0,
        host: "127.0.0.1",
        setup: setup(),
        ...(schema === undefined ? {} : { databaseUrl: url, databaseSchema: schema.name }),
      });
      hosts.push(host);
      const provider = new TestClientProvider();
      const client = await signIn(host.origin, provider);
      expect(provider.information?.client_id).toMatch(/^rk_client_/);

      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === "get_workspace")?.outputSchema?.type).toBe(
        "object",
      );
      const workspace = (await client.callTool({
        name: "get_workspace",
        arguments: {},
      })) as CallToolResult;
      expect(workspace.structuredContent).toMatchObject({
        organization: { id: 7, name: "Acme" },
        api_key: { scopes: ["generations:read", "generations:write"] },
      });

      // A refresh rotates both tokens; the new access token works, the old refresh token not.
      const before = provider.saved;
      expect(await auth(provider, { serverUrl: new URL("/mcp", host.origin) })).toBe("AUTHORIZED");
      const after = provider.saved;
      expect(after?.access_token).not.toBe(before?.access_token);
      expect(after?.refresh_token).not.toBe(before?.refresh_token);
      expect((await bearerCall(host.origin, after?.access_token ?? "")).status).toBe(200);

      // Signing out: the client revokes its refresh token, and the access token dies with it.
      const revoked = await fetch(new URL("/oauth/revoke", host.origin), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          token: after?.refresh_token ?? "",
          client_id: provider.information?.client_id ?? "",
        }),
      });
      expect(revoked.status).toBe(200);
      const refused = await bearerCall(host.origin, after?.access_token ?? "");
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toContain('error="invalid_token"');
      await client.close();
    });
  },
);
