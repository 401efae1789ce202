/**
 * The service harness with the MCP endpoint, its authorization server (memory store,
 * API key sign-in, the harness's manual clock) and the REST API behind one fetch, and the
 * steps of the code flow as a client and a person would take them: register, open the
 * approval page, post the form, exchange the code.
 */
import { sha256 } from "@noble/hashes/sha2";
import { createService } from "reelkit";
import {
  type AuthorizationServer,
  apiKeySignIn,
  createAuthorizationServer,
  createMcpHandler,
  createMemoryOAuthStore,
  type OAuthStore,
  withAccessTokens,
} from "reelkit/mcp";
import { encodeBase64Url } from "../../../src/media/base64.js";
import {
  createHarness,
  type Harness,
  type HarnessOptions,
  ORIGIN,
} from "../../service/support/harness.js";
import { MCP_URL } from "./mcp-harness.js";

/** Where the test client says it listens for the browser's return. */
export const REDIRECT_URI = "http://127.0.0.1:33418/callback";
/** The PKCE verifier of every flow in the tests (43 unreserved characters and more). */
export const VERIFIER = "a-verifier-of-the-tests-that-is-long-enough-0123456789";

/** The S256 challenge of a verifier (RFC 7636 4.2). */
export function challengeOf(verifier: string): string {
  return encodeBase64Url(sha256(new TextEncoder().encode(verifier)));
}

/** The harness with OAuth. */
export interface OAuthHarness extends Harness {
  /** The authorization server's store. */
  readonly store: OAuthStore;
  /** The authorization server. */
  readonly oauth: AuthorizationServer;
  /** Answers any request: the authorization server, the MCP endpoint or the REST API. */
  fetch(request: Request): Promise<Response>;
}

/** Builds a harness whose MCP endpoint accepts the authorization server's tokens. */
export async function createOAuthHarness(options: HarnessOptions = {}): Promise<OAuthHarness> {
  const harness = await createHarness(options);
  const store = createMemoryOAuthStore({ clock: harness.clock });
  const accounts = withAccessTokens(harness.deps.accounts, { store, resource: MCP_URL });
  const mcp = createMcpHandler(createService({ ...harness.deps, accounts }), {
    resourceUrl: MCP_URL,
    authorizationServers: [ORIGIN],
  });
  const oauth = createAuthorizationServer({
    issuer: ORIGIN,
    resource: MCP_URL,
    store,
    signIn: apiKeySignIn({ accounts: harness.deps.accounts, clock: harness.clock }),
    clock: harness.clock,
    onError: (error) => harness.serverErrors.push(error),
  });
  const paths = new Set(oauth.paths);
  return {
    ...harness,
    store,
    oauth,
    fetch(request) {
      const { pathname } = new URL(request.url);
      if (paths.has(pathname)) return oauth.handle(request);
      if (pathname.startsWith("/v1")) return harness.handler(request);
      return mcp(request);
    },
  };
}

/** A registered client as the registration answered it. */
export interface RegisteredClient {
  readonly client_id: string;
  readonly client_secret?: string;
  readonly [field: string]: unknown;
}

/** Registers a client; public with the test redirect URI unless `metadata` says otherwise. */
export async function register(
  harness: OAuthHarness,
  metadata: Record<string, unknown> = {},
): Promise<RegisteredClient> {
  const response = await harness.fetch(
    new Request(`${ORIGIN}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        client_name: "Test agent",
        ...metadata,
      }),
    }),
  );
  if (response.status !== 201)
    throw new Error(`registration answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as RegisteredClient;
}

/** The parameters of an authorization request, with the tests' defaults. */
export function authorizationParameters(
  client: RegisteredClient,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const parameters: Record<string, string | undefined> = {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    code_challenge: challengeOf(VERIFIER),
    code_challenge_method: "S256",
    scope: "generations:read generations:write",
    state: "state-123",
    resource: MCP_URL,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The approval page of a request, with its form's hidden fields and the form cookie. */
export interface ShownPage {
  readonly response: Response;
  readonly html: string;
  readonly hidden: Record<string, string>;
  readonly cookie: string;
}

/** Opens the approval page (GET /oauth/authorize). */
export async function openPage(
  harness: OAuthHarness,
  parameters: Record<string, string>,
): Promise<ShownPage> {
  const url = `${ORIGIN}/oauth/authorize?${new URLSearchParams(parameters)}`;
  const response = await harness.fetch(new Request(url, { redirect: "manual" }));
  const html = response.status === 302 ? "" : await response.text();
  const hidden: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    hidden[match[1] ?? ""] = (match[2] ?? "").replace(/&amp;/g, "&").replace(/&quot;/g, '"');
  }
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { response, html, hidden, cookie };
}

/** What the person does on the page. */
export interface Approval {
  readonly apiKey?: string;
  readonly scopes?: readonly string[];
  readonly decision?: "approve" | "deny";
  readonly headers?: Record<string, string>;
  readonly hidden?: Record<string, string>;
}

/** Posts the page's form as the browser would (same origin, with the form cookie). */
export function submit(
  harness: OAuthHarness,
  page: ShownPage,
  approval: Approval,
): Promise<Response> {
  const form = new URLSearchParams({ ...page.hidden, ...approval.hidden });
  if (approval.apiKey !== undefined) form.set("api_key", approval.apiKey);
  for (const scope of approval.scopes ?? []) form.append("approved_scope", scope);
  form.set("decision", approval.decision ?? "approve");
  return harness.fetch(
    new Request(`${ORIGIN}/oauth/authorize`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: page.cookie,
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
        ...approval.headers,
      },
      body: form,
    }),
  );
}

/** The query of the redirect a response answers with. */
export function redirectQuery(response: Response): URLSearchParams {
  const location = response.headers.get("location");
  if (location === null) throw new Error(`no redirect: ${response.status}`);
  return new URL(location).searchParams;
}

/** Calls the token endpoint with a form. */
export async function tokenRequest(
  harness: OAuthHarness,
  parameters: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await harness.fetch(
    new Request(`${ORIGIN}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(parameters),
    }),
  );
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** Runs the flow to a code: register, open the page, approve with `apiKey`. */
export async function codeFor(
  harness: OAuthHarness,
  {
    apiKey,
    scopes = ["generations:read", "generations:write"],
    client,
  }: { apiKey: string; scopes?: readonly string[]; client?: RegisteredClient },
): Promise<{ client: RegisteredClient; code: string }> {
  const registered = client ?? (await register(harness));
  const page = await openPage(
    harness,
    authorizationParameters(registered, { scope: scopes.join(" ") }),
  );
  const answer = await submit(harness, page, { apiKey, scopes });
  const code = redirectQuery(answer).get("code");
  if (code === null) throw new Error(`no code: ${answer.status} ${answer.headers.get("location")}`);
  return { client: registered, code };
}

/** Runs the flow to tokens. */
export async function tokensFor(
  harness: OAuthHarness,
  options: { apiKey: string; scopes?: readonly string[]; client?: RegisteredClient },
) {
  const { client, code } = await codeFor(harness, options);
  const answer = await tokenRequest(harness, {
    grant_type: "authorization_code",
    code,
    code_verifier: VERIFIER,
    redirect_uri: REDIRECT_URI,
    client_id: client.client_id,
    resource: MCP_URL,
  });
  if (answer.status !== 200)
    throw new Error(`token answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return {
    client,
    tokens: answer.body as { access_token: string; refresh_token: string; scope: string },
  };
}

/** Calls a tool at the MCP endpoint with a bearer token; none when `token` is empty. */
export function mcpCall(
  harness: OAuthHarness,
  token: string,
  name = "get_workspace",
  args: Record<string, unknown> = {},
) {
  return harness.fetch(
    new Request(MCP_URL, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
        ...(token === "" ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name, arguments: args },
      }),
    }),
  );
}
