import {
  OAUTH_MAX_REDIRECT_URIS,
  OAUTH_MAX_REQUEST_BYTES,
  OAUTH_MAX_STATE_LENGTH,
  OAUTH_MAX_URI_LENGTH,
} from "reelkit/mcp";
import { describe, expect, it } from "vitest";
import { KEYS, ORIGIN } from "../service/support/harness.js";
import {
  authorizationParameters,
  challengeOf,
  createOAuthHarness,
  type OAuthHarness,
  openPage,
  REDIRECT_URI,
  redirectQuery,
  register,
  submit,
  tokenRequest,
  VERIFIER,
} from "./support/oauth-harness.js";

function registration(harness: OAuthHarness, body: unknown, contentType = "application/json") {
  return harness.fetch(
    new Request(`${ORIGIN}/oauth/register`, {
      method: "POST",
      headers: { "content-type": contentType },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

describe("dynamic client registration (RFC 7591)", () => {
  it("registers a public client without a secret and a confidential one with a hashed secret", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    expect(client).toMatchObject({
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      client_name: "Test agent",
    });
    expect(client.client_id).toMatch(/^rk_client_[0-9a-f]{32}$/);
    expect(client).not.toHaveProperty("client_secret");
    const confidential = await register(harness, { token_endpoint_auth_method: undefined });
    expect(confidential.token_endpoint_auth_method).toBe("client_secret_basic");
    expect(confidential.client_secret).toMatch(/^rk_ocs_[0-9a-f]{64}$/);
    const stored = await harness.store.client(confidential.client_id);
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(confidential.client_secret);
  });

  it.each([
    [
      "an http URI off loopback",
      { redirect_uris: ["http://evil.example/cb"] },
      "invalid_redirect_uri",
    ],
    ["a fragment", { redirect_uris: ["https://app.example/cb#x"] }, "invalid_redirect_uri"],
    ["a javascript: URI", { redirect_uris: ["javascript:alert(1)"] }, "invalid_client_metadata"],
    ["no URI", { redirect_uris: [] }, "invalid_redirect_uri"],
    [
      `${OAUTH_MAX_REDIRECT_URIS + 1} URIs`,
      {
        redirect_uris: Array.from(
          { length: OAUTH_MAX_REDIRECT_URIS + 1 },
          (_, i) => `https://a.example/${i}`,
        ),
      },
      "invalid_redirect_uri",
    ],
    [
      "a URI past the length limit",
      { redirect_uris: [`https://a.example/${"x".repeat(OAUTH_MAX_URI_LENGTH)}`] },
      "invalid_redirect_uri",
    ],
    [
      "a method it cannot check",
      { token_endpoint_auth_method: "private_key_jwt" },
      "invalid_client_metadata",
    ],
    ["the implicit grant", { grant_types: ["implicit"] }, "invalid_client_metadata"],
    ["a token response type", { response_types: ["token"] }, "invalid_client_metadata"],
    ["an unknown scope", { scope: "admin" }, "invalid_client_metadata"],
  ])("refuses %s", async (_name, change, error) => {
    const harness = await createOAuthHarness();
    const response = await registration(harness, {
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      ...change,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(error);
  });

  it("keeps a native app's scheme and drops metadata it does not use", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness, {
      redirect_uris: ["com.example.agent:/callback", "http://localhost/cb"],
      logo_uri: "https://app.example/logo.png",
      software_statement: "x",
    });
    expect(client.redirect_uris).toEqual(["com.example.agent:/callback", "http://localhost/cb"]);
    expect(client).not.toHaveProperty("logo_uri");
    expect(client).not.toHaveProperty("software_statement");
  });

  it("refuses a body that is not JSON or too large", async () => {
    const harness = await createOAuthHarness();
    expect((await registration(harness, "{", "application/json")).status).toBe(400);
    expect(
      (await registration(harness, "redirect_uris=x", "application/x-www-form-urlencoded")).status,
    ).toBe(400);
    const big = { redirect_uris: [REDIRECT_URI], client_name: "x".repeat(OAUTH_MAX_REQUEST_BYTES) };
    const response = await registration(harness, big);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("invalid_client_metadata");
  });
});

describe("the authorization request (RFC 6749 4.1.2.1)", () => {
  it("shows an unknown client or an unregistered redirect URI on the page, never redirecting", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    for (const overrides of [
      { client_id: "rk_client_unknown" },
      { redirect_uri: "https://attacker.example/cb" },
      { redirect_uri: "http://127.0.0.1:33418/other-path" },
    ]) {
      const page = await openPage(harness, authorizationParameters(client, overrides));
      expect(page.response.status, JSON.stringify(overrides)).toBe(400);
      expect(page.response.headers.get("location")).toBeNull();
      expect(page.html).toContain('role="alert"');
      expect(page.html).not.toContain("<form");
    }
  });

  it("accepts a loopback redirect URI on another port (RFC 8252 7.3)", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    const page = await openPage(
      harness,
      authorizationParameters(client, { redirect_uri: "http://127.0.0.1:50123/callback" }),
    );
    expect(page.response.status).toBe(200);
  });

  it.each([
    ["no PKCE", { code_challenge: undefined }, "invalid_request"],
    ["the plain method", { code_challenge_method: "plain" }, "invalid_request"],
    ["a challenge that is no S256 digest", { code_challenge: "short" }, "invalid_request"],
    ["a token response type", { response_type: "token" }, "unsupported_response_type"],
    ["an unknown scope", { scope: "generations:read admin" }, "invalid_scope"],
    ["another resource", { resource: "https://elsewhere.example/mcp" }, "invalid_target"],
    [
      "a state past the limit",
      { state: "s".repeat(OAUTH_MAX_STATE_LENGTH + 1) },
      "invalid_request",
    ],
  ])("sends %s back to the client as an error", async (_name, overrides, error) => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    const page = await openPage(harness, authorizationParameters(client, overrides));
    expect(page.response.status).toBe(302);
    const query = redirectQuery(page.response);
    expect(query.get("error")).toBe(error);
    expect(query.get("iss")).toBe(ORIGIN);
    if (!("state" in overrides)) expect(query.get("state")).toBe("state-123");
  });

  it("refuses a repeated parameter (RFC 6749 3.1)", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    const query = new URLSearchParams(authorizationParameters(client));
    query.append("scope", "social:write");
    const response = await harness.fetch(new Request(`${ORIGIN}/oauth/authorize?${query}`));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The parameter scope is repeated.");
  });
});

describe("the approval page", () => {
  it("is plain HTML under a strict policy, with a labelled key field and one box per scope asked for", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    const page = await openPage(
      harness,
      authorizationParameters(client, { scope: "generations:read social:read" }),
    );
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'self'; form-action 'self' http://127.0.0.1:33418; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(page.response.headers.get("x-frame-options")).toBe("DENY");
    // no-referrer would make browsers post the form with Origin: null, which is refused.
    expect(page.response.headers.get("referrer-policy")).toBe("same-origin");
    expect(page.response.headers.get("cache-control")).toBe("no-store");
    expect(page.cookie).toMatch(/^reelkit_oauth_form=\d+\.[0-9a-f]{32}$/);
    expect(page.response.headers.get("set-cookie")).toContain("HttpOnly; SameSite=Strict");
    expect(page.html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(page.html).toContain('<label for="api_key">');
    expect(page.html).toContain("Test agent");
    expect(
      [...page.html.matchAll(/name="approved_scope" value="([^"]+)"/g)].map((m) => m[1]),
    ).toEqual(["generations:read", "social:read"]);
    const css = await harness.fetch(new Request(`${ORIGIN}/oauth/approval.css`));
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
  });

  it("escapes what the client registered", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness, { client_name: '<img src=x onerror="alert(1)">' });
    const page = await openPage(harness, authorizationParameters(client));
    expect(page.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(page.html).not.toContain("<img");
  });

  it("refuses a post without the page's cookie, from another origin, or after the form expired", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    const page = await openPage(harness, authorizationParameters(client));
    const approval = { apiKey: KEYS.acme, scopes: ["generations:read"] };
    const forgeries: Record<string, string>[] = [
      { cookie: "" },
      { origin: "https://attacker.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of forgeries) {
      const answer = await submit(harness, page, { ...approval, headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers.get("location")).toBeNull();
    }
    const forged = await submit(harness, page, { ...approval, hidden: { form_token: "1.forged" } });
    expect(forged.status).toBe(403);
    harness.clock.advance(10 * 60 * 1000);
    const late = await submit(harness, page, approval);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain("expired");
  });

  it("sends access_denied back when the person denies", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    const page = await openPage(harness, authorizationParameters(client));
    const answer = await submit(harness, page, { decision: "deny" });
    expect(answer.status).toBe(303);
    expect(Object.fromEntries(redirectQuery(answer))).toMatchObject({
      error: "access_denied",
      state: "state-123",
      iss: ORIGIN,
    });
  });

  it("shows the page again, with no code, for a bad key, a scope beyond the key, or nothing ticked", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    const page = await openPage(
      harness,
      authorizationParameters(client, { scope: "generations:read social:write" }),
    );
    const cases = [
      [
        { apiKey: "rk_test_unknown", scopes: ["generations:read"] },
        401,
        "The API key is unknown, revoked or expired.",
      ],
      [
        { apiKey: KEYS.revoked, scopes: ["generations:read"] },
        401,
        "The API key is unknown, revoked or expired.",
      ],
      [
        { apiKey: KEYS.acmeRead, scopes: ["generations:read", "social:write"] },
        403,
        "This key does not hold social:write",
      ],
      [
        { apiKey: KEYS.acme, scopes: ["generations:write"] },
        403,
        "The app did not ask for generations:write.",
      ],
      [{ apiKey: KEYS.acme, scopes: [] }, 400, "Tick at least one permission"],
    ] as const;
    for (const [approval, status, message] of cases) {
      const answer = await submit(harness, page, approval);
      expect(answer.status, message).toBe(status);
      expect(answer.headers.get("location")).toBeNull();
      const html = await answer.text();
      expect(html).toContain(message);
      expect(html).toContain('role="alert"');
    }
    expect(await harness.store.grants(1 as never)).toEqual([]);
  });

  it("issues a code for the ticked scopes the key holds, redirecting with state and iss", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    const page = await openPage(
      harness,
      authorizationParameters(client, { scope: "generations:read social:read" }),
    );
    const answer = await submit(harness, page, {
      apiKey: KEYS.acmeRead,
      scopes: ["generations:read"],
    });
    expect(answer.status).toBe(303);
    const query = redirectQuery(answer);
    expect(query.get("code")).toMatch(/^rk_oac_[0-9a-f]{64}$/);
    expect(query.get("state")).toBe("state-123");
    expect(query.get("iss")).toBe(ORIGIN);
    const tokens = await tokenRequest(harness, {
      grant_type: "authorization_code",
      code: query.get("code") ?? "",
      code_verifier: VERIFIER,
      client_id: client.client_id,
    });
    expect(tokens.body.scope).toBe("generations:read");
  });
});

describe("client authentication at the token endpoint (RFC 6749 2.3)", () => {
  it("takes a confidential client's secret by Basic or in the form, and refuses a wrong one with 401", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness, { token_endpoint_auth_method: "client_secret_basic" });
    const secret = client.client_secret ?? "";
    const basic = (id: string, password: string) => ({
      authorization: `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(password)}`)}`,
    });
    const refresh = { grant_type: "refresh_token", refresh_token: "rk_ort_unknown" };
    const wrong = await tokenRequest(harness, refresh, basic(client.client_id, "wrong"));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("invalid_client");
    expect(wrong.headers.get("www-authenticate")).toBe('Basic realm="reelkit"');
    const missing = await tokenRequest(harness, { ...refresh, client_id: client.client_id });
    expect(missing.status).toBe(401);
    // Authenticated, the request reaches the grant, which is what fails now.
    const right = await tokenRequest(harness, refresh, basic(client.client_id, secret));
    expect(right).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const posted = await tokenRequest(harness, {
      ...refresh,
      client_id: client.client_id,
      client_secret: secret,
    });
    expect(posted).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const both = await tokenRequest(
      harness,
      { ...refresh, client_secret: secret },
      basic(client.client_id, secret),
    );
    expect(both).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });

  it("refuses an unknown grant type, a grant the client did not register for, and a form sent as JSON", async () => {
    const harness = await createOAuthHarness();
    const client = await register(harness);
    const password = await tokenRequest(harness, {
      grant_type: "password",
      client_id: client.client_id,
    });
    expect(password).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
    const codeOnly = await register(harness, { grant_types: ["authorization_code"] });
    const refresh = await tokenRequest(harness, {
      grant_type: "refresh_token",
      refresh_token: "rk_ort_unknown",
      client_id: codeOnly.client_id,
    });
    expect(refresh).toMatchObject({ status: 400, body: { error: "unauthorized_client" } });
    const json = await harness.fetch(
      new Request(`${ORIGIN}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ grant_type: "authorization_code" }),
      }),
    );
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe("invalid_request");
    const get = await harness.fetch(new Request(`${ORIGIN}/oauth/token`));
    expect(get.status).toBe(405);
    const preflight = await harness.fetch(
      new Request(`${ORIGIN}/oauth/token`, { method: "OPTIONS" }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("checks PKCE with the example of RFC 7636 appendix B", () => {
    expect(challengeOf("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });
});
