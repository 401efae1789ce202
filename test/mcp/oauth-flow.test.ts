import { ACCESS_TOKEN_LIFETIME_SECONDS, AUTHORIZATION_CODE_LIFETIME_SECONDS } from "reelkit/mcp";
import { describe, expect, it } from "vitest";
import { KEYS, ORGS, ORIGIN } from "../service/support/harness.js";
import { MCP_URL, METADATA_URL } from "./support/mcp-harness.js";
import {
  codeFor,
  createOAuthHarness,
  mcpCall,
  REDIRECT_URI,
  tokenRequest,
  tokensFor,
  VERIFIER,
} from "./support/oauth-harness.js";

describe("discovery (RFC 9728, RFC 8414)", () => {
  it("lists the authorization server in the resource metadata, whose metadata names every endpoint", async () => {
    const harness = await createOAuthHarness();
    const resource = await (await harness.fetch(new Request(METADATA_URL))).json();
    expect(resource.authorization_servers).toEqual([ORIGIN]);
    const response = await harness.fetch(
      new Request(`${ORIGIN}/.well-known/oauth-authorization-server`),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({
      issuer: ORIGIN,
      authorization_endpoint: `${ORIGIN}/oauth/authorize`,
      token_endpoint: `${ORIGIN}/oauth/token`,
      registration_endpoint: `${ORIGIN}/oauth/register`,
      revocation_endpoint: `${ORIGIN}/oauth/revoke`,
      scopes_supported: ["generations:read", "generations:write", "social:read", "social:write"],
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
      revocation_endpoint_auth_methods_supported: [
        "none",
        "client_secret_basic",
        "client_secret_post",
      ],
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("challenges a request without a token with the metadata that leads to the server", async () => {
    const harness = await createOAuthHarness();
    const response = await mcpCall(harness, "");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${METADATA_URL}"`,
    );
  });
});

describe("an access token at the MCP endpoint", () => {
  it("acts for the approving key's organization with the approved scopes", async () => {
    const harness = await createOAuthHarness();
    const { tokens } = await tokensFor(harness, {
      apiKey: KEYS.acme,
      scopes: ["generations:read"],
    });
    expect(tokens).toMatchObject({
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      scope: "generations:read",
    });
    expect(tokens.access_token).toMatch(/^rk_oat_[0-9a-f]{64}$/);
    expect(tokens.refresh_token).toMatch(/^rk_ort_[0-9a-f]{64}$/);
    const response = await mcpCall(harness, tokens.access_token);
    expect(response.status).toBe(200);
    const workspace = (await response.json()).result.structuredContent;
    expect(workspace.organization).toEqual({ id: ORGS.acme, name: "Acme" });
    expect(workspace.api_key.scopes).toEqual(["generations:read"]);
    expect(workspace.api_key.id).toMatch(/^oauth_grant_[0-9a-f]{32}$/);
  });

  it("gets the scope challenge for a tool beyond the approval, as a key would", async () => {
    const harness = await createOAuthHarness();
    const { tokens } = await tokensFor(harness, {
      apiKey: KEYS.acme,
      scopes: ["generations:read"],
    });
    const response = await mcpCall(harness, tokens.access_token, "create_editor_video", {
      title: "x",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer error="insufficient_scope", scope="generations:write", resource_metadata="${METADATA_URL}"`,
    );
  });

  it("answers a lapsed organization's token with the REST 402 inside the tool result", async () => {
    const harness = await createOAuthHarness();
    const { tokens } = await tokensFor(harness, { apiKey: KEYS.lapsed });
    const body = await (await mcpCall(harness, tokens.access_token)).json();
    expect(body.result.isError).toBe(true);
    expect(body.result.structuredContent.error.code).toBe("payment_required");
  });

  it("is refused by the REST API, a resource it was not issued for", async () => {
    const harness = await createOAuthHarness();
    const { tokens } = await tokensFor(harness, { apiKey: KEYS.acme });
    const rest = await harness.call("GET", "/assets", { key: tokens.access_token });
    expect(rest.status).toBe(401);
    expect(rest.body.error.code).toBe("invalid_api_key");
  });

  it("stops working when it expires, when the approval is revoked, and when the key is", async () => {
    const harness = await createOAuthHarness();
    const expiring = await tokensFor(harness, { apiKey: KEYS.acme });
    harness.clock.advance(ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
    const expired = await mcpCall(harness, expiring.tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');

    const revokedGrant = await tokensFor(harness, { apiKey: KEYS.acme });
    const [grant] = await harness.store.grants(ORGS.acme);
    expect(await harness.store.revokeGrant(grant?.grantId ?? "")).toBe(true);
    expect((await mcpCall(harness, revokedGrant.tokens.access_token)).status).toBe(401);

    const record = await harness.accounts.addApiKey(ORGS.acme, {
      key: "rk_test_soon_revoked",
      scopes: ["generations:read"],
    });
    const keyed = await tokensFor(harness, {
      apiKey: "rk_test_soon_revoked",
      scopes: ["generations:read"],
    });
    expect((await mcpCall(harness, keyed.tokens.access_token)).status).toBe(200);
    await harness.accounts.revokeApiKey(record.keyId);
    expect((await mcpCall(harness, keyed.tokens.access_token)).status).toBe(401);
    const refreshed = await tokenRequest(harness, {
      grant_type: "refresh_token",
      refresh_token: keyed.tokens.refresh_token,
      client_id: keyed.client.client_id,
    });
    expect(refreshed).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });
});

describe("the code exchange (RFC 6749 4.1.3, RFC 7636)", () => {
  it("refuses a code used twice and revokes the tokens the first use got", async () => {
    const harness = await createOAuthHarness();
    const { client, code } = await codeFor(harness, { apiKey: KEYS.acme });
    const exchange = {
      grant_type: "authorization_code",
      code,
      code_verifier: VERIFIER,
      redirect_uri: REDIRECT_URI,
      client_id: client.client_id,
    };
    const first = await tokenRequest(harness, exchange);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect((await mcpCall(harness, String(first.body.access_token))).status).toBe(200);
    const again = await tokenRequest(harness, exchange);
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await mcpCall(harness, String(first.body.access_token))).status).toBe(401);
  });

  it("refuses a verifier that does not match, a changed redirect URI, another resource and an expired code", async () => {
    const harness = await createOAuthHarness();
    const cases: [Record<string, string>, string][] = [
      [{ code_verifier: `${VERIFIER}x` }, "invalid_grant"],
      [{ redirect_uri: "http://127.0.0.1:33418/elsewhere" }, "invalid_grant"],
      [{ resource: "https://elsewhere.example/mcp" }, "invalid_target"],
    ];
    for (const [change, error] of cases) {
      const { client, code } = await codeFor(harness, { apiKey: KEYS.acme });
      const answer = await tokenRequest(harness, {
        grant_type: "authorization_code",
        code,
        code_verifier: VERIFIER,
        redirect_uri: REDIRECT_URI,
        client_id: client.client_id,
        ...change,
      });
      expect(answer, JSON.stringify(change)).toMatchObject({ status: 400, body: { error } });
    }
    const { client, code } = await codeFor(harness, { apiKey: KEYS.acme });
    harness.clock.advance(AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000);
    const late = await tokenRequest(harness, {
      grant_type: "authorization_code",
      code,
      code_verifier: VERIFIER,
      client_id: client.client_id,
    });
    expect(late).toMatchObject({
      status: 400,
      body: { error: "invalid_grant", error_description: "The code has expired." },
    });
  });

  it("refuses a code presented by another client", async () => {
    const harness = await createOAuthHarness();
    const { code } = await codeFor(harness, { apiKey: KEYS.acme });
    const { client: other } = await codeFor(harness, { apiKey: KEYS.acme });
    const answer = await tokenRequest(harness, {
      grant_type: "authorization_code",
      code,
      code_verifier: VERIFIER,
      client_id: other.client_id,
    });
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });
});

describe("refresh tokens (RFC 6749 6) rotate", () => {
  it("gives a new pair once, refuses the old refresh token, and revokes the approval on its replay", async () => {
    const harness = await createOAuthHarness();
    const { client, tokens } = await tokensFor(harness, { apiKey: KEYS.acme });
    const refresh = (token: string, extra: Record<string, string> = {}) =>
      tokenRequest(harness, {
        grant_type: "refresh_token",
        refresh_token: token,
        client_id: client.client_id,
        ...extra,
      });
    const next = await refresh(tokens.refresh_token, { resource: MCP_URL });
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpCall(harness, String(next.body.access_token))).status).toBe(200);
    const replay = await refresh(tokens.refresh_token);
    expect(replay).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    // A replay means one of two holders stole it: the whole approval ends.
    expect((await mcpCall(harness, String(next.body.access_token))).status).toBe(401);
    expect(await refresh(String(next.body.refresh_token))).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
  });

  it("narrows scopes on request and refuses scopes beyond the approval or another resource", async () => {
    const harness = await createOAuthHarness();
    const { client, tokens } = await tokensFor(harness, { apiKey: KEYS.acme });
    const refresh = (extra: Record<string, string>) =>
      tokenRequest(harness, {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: client.client_id,
        ...extra,
      });
    expect(await refresh({ scope: "social:write" })).toMatchObject({
      status: 400,
      body: { error: "invalid_scope" },
    });
    expect(await refresh({ resource: "https://elsewhere.example/mcp" })).toMatchObject({
      status: 400,
      body: { error: "invalid_target" },
    });
    const narrowed = await refresh({ scope: "generations:read" });
    expect(narrowed).toMatchObject({ status: 200, body: { scope: "generations:read" } });
    const write = await mcpCall(
      harness,
      String(narrowed.body.access_token),
      "create_editor_video",
      {},
    );
    expect(write.status).toBe(403);
  });
});

describe("revocation (RFC 7009)", () => {
  it("revokes the approval of a refresh or access token, and answers 200 to an unknown token", async () => {
    const harness = await createOAuthHarness();
    const revoke = (token: string, clientId: string) =>
      harness.fetch(
        new Request(`${ORIGIN}/oauth/revoke`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token, client_id: clientId }),
        }),
      );
    const { client, tokens } = await tokensFor(harness, { apiKey: KEYS.acme });
    expect((await revoke(tokens.refresh_token, client.client_id)).status).toBe(200);
    expect((await mcpCall(harness, tokens.access_token)).status).toBe(401);
    expect((await revoke("rk_ort_unknown", client.client_id)).status).toBe(200);
    // Another client's revocation of a token changes nothing.
    const mine = await tokensFor(harness, { apiKey: KEYS.acme });
    expect((await revoke(mine.tokens.access_token, client.client_id)).status).toBe(200);
    expect((await mcpCall(harness, mine.tokens.access_token)).status).toBe(200);
    expect((await revoke(mine.tokens.access_token, mine.client.client_id)).status).toBe(200);
    expect((await mcpCall(harness, mine.tokens.access_token)).status).toBe(401);
  });
});
