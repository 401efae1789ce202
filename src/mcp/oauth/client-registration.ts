/**
 * Dynamic client registration (RFC 7591): any MCP client registers itself and gets a
 * `client_id` (and a secret when it asks to authenticate with one). The body is read with
 * the MCP SDK's schema of client metadata; this server's policy is then applied: redirect
 * URIs that are HTTPS, HTTP on a loopback address, or a native app's private-use scheme
 * (RFC 8252 7), without fragments, at most {@link OAUTH_MAX_REDIRECT_URIS} of them; the
 * code flow only; scopes among the four. Metadata it does not use is dropped, as RFC
 * 7591 2 asks, so nothing a client sends is kept beyond what the page shows.
 *
 * @module
 */
import { OAuthClientMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import type {
  ClientAuthMethod,
  OAuthClientRecord,
  RegisteredClientMetadata,
} from "../../ports/oauth-store.js";
import { ok } from "../../result.js";
import { API_SCOPES, type ApiScope } from "../../schemas/scopes.js";
import { type OAuthResult, oauthErrorResponse, oauthJson, refuse } from "./oauth-errors.js";
import { jsonBody } from "./oauth-http.js";
import {
  OAUTH_MAX_CLIENT_NAME_LENGTH,
  OAUTH_MAX_REDIRECT_URIS,
  OAUTH_MAX_SCOPE_LENGTH,
  OAUTH_MAX_URI_LENGTH,
} from "./oauth-limits.js";
import { digestOf, newIdentifier, newSecret } from "./secrets.js";
import { CLIENT_AUTH_METHODS } from "./server-metadata.js";
import type { AuthorizationServerSettings } from "./server-settings.js";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
// Schemes that would run or read something in the browser instead of reaching an app.
const REFUSED_SCHEMES = new Set(["javascript:", "data:", "vbscript:", "file:", "about:", "blob:"]);
const GRANT_TYPES = new Set(["authorization_code", "refresh_token"]);

/** Whether `host` is a loopback address, where RFC 8252 lets native apps listen. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** Why a redirect URI cannot be registered, or undefined when it can. */
export function redirectUriProblem(value: string): string | undefined {
  if (value.length > OAUTH_MAX_URI_LENGTH) {
    return `A redirect URI is longer than ${OAUTH_MAX_URI_LENGTH} characters.`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${JSON.stringify(value)} is not an absolute URI.`;
  }
  if (url.hash !== "" || value.includes("#")) return "A redirect URI must not have a fragment.";
  if (REFUSED_SCHEMES.has(url.protocol)) return `The ${url.protocol} scheme cannot be a redirect.`;
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    return "An http redirect URI must be on a loopback address (localhost, 127.0.0.1, [::1]); use https.";
  }
  return undefined;
}

function scopeProblem(scope: string | undefined): string | undefined {
  if (scope === undefined) return undefined;
  if (scope.length > OAUTH_MAX_SCOPE_LENGTH) return "The scope is too long.";
  const unknown = scope.split(" ").filter((each) => !API_SCOPES.includes(each as ApiScope));
  return unknown.length === 0 ? undefined : `Unknown scope ${unknown.join(", ")}.`;
}

function checkedMetadata(body: unknown): OAuthResult<RegisteredClientMetadata> {
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") ?? "body";
    return refuse("invalid_client_metadata", `${where}: ${issue?.message ?? "invalid"}.`);
  }
  const metadata = parsed.data;
  const uris = metadata.redirect_uris;
  if (uris.length === 0 || uris.length > OAUTH_MAX_REDIRECT_URIS) {
    return refuse(
      "invalid_redirect_uri",
      `Register 1 to ${OAUTH_MAX_REDIRECT_URIS} redirect URIs, not ${uris.length}.`,
    );
  }
  const uriProblem = uris.map(redirectUriProblem).find((problem) => problem !== undefined);
  if (uriProblem !== undefined) return refuse("invalid_redirect_uri", uriProblem);
  return policyChecked(metadata);
}

function policyChecked(
  metadata: ReturnType<typeof OAuthClientMetadataSchema.parse>,
): OAuthResult<RegisteredClientMetadata> {
  // RFC 7591 2: a client that names no method authenticates with a secret, by Basic.
  const method = metadata.token_endpoint_auth_method ?? "client_secret_basic";
  if (!CLIENT_AUTH_METHODS.includes(method as ClientAuthMethod)) {
    return refuse(
      "invalid_client_metadata",
      `token_endpoint_auth_method ${method} is not supported.`,
    );
  }
  const grantTypes = metadata.grant_types ?? ["authorization_code"];
  if (!grantTypes.includes("authorization_code") || grantTypes.some((g) => !GRANT_TYPES.has(g))) {
    return refuse(
      "invalid_client_metadata",
      "grant_types must include authorization_code and may add refresh_token, nothing else.",
    );
  }
  const responseTypes = metadata.response_types ?? ["code"];
  if (responseTypes.some((type) => type !== "code")) {
    return refuse("invalid_client_metadata", 'response_types must be ["code"].');
  }
  const scopeIssue = scopeProblem(metadata.scope);
  if (scopeIssue !== undefined) return refuse("invalid_client_metadata", scopeIssue);
  const name = metadata.client_name?.trim();
  if (name !== undefined && name.length > OAUTH_MAX_CLIENT_NAME_LENGTH) {
    return refuse(
      "invalid_client_metadata",
      `client_name is longer than ${OAUTH_MAX_CLIENT_NAME_LENGTH} characters.`,
    );
  }
  const uri = metadata.client_uri;
  if (uri !== undefined && (uri.length > OAUTH_MAX_URI_LENGTH || !/^https?:/.test(uri))) {
    return refuse("invalid_client_metadata", "client_uri must be an http or https URL.");
  }
  return ok({
    redirect_uris: [...metadata.redirect_uris],
    token_endpoint_auth_method: method as ClientAuthMethod,
    grant_types: [...new Set(grantTypes)],
    response_types: ["code"],
    ...(name === undefined || name === "" ? {} : { client_name: name }),
    ...(uri === undefined ? {} : { client_uri: uri }),
    ...(metadata.scope === undefined ? {} : { scope: metadata.scope }),
  });
}

/**
 * Answers `POST <issuer>/oauth/register`: 201 with the client's information, or 400 with
 * `invalid_redirect_uri` or `invalid_client_metadata`.
 */
export async function registerClient(
  request: Request,
  settings: AuthorizationServerSettings,
): Promise<Response> {
  const body = await jsonBody(request);
  if (!body.ok) return oauthErrorResponse(body.error);
  const metadata = checkedMetadata(body.value);
  if (!metadata.ok) return oauthErrorResponse(metadata.error);
  const { randomBytes, clock } = settings;
  const clientId = newIdentifier("rk_client_", randomBytes);
  const secret =
    metadata.value.token_endpoint_auth_method === "none"
      ? undefined
      : newSecret("clientSecret", randomBytes);
  const client: OAuthClientRecord = {
    clientId,
    secretHash: secret === undefined ? undefined : await digestOf(secret),
    metadata: metadata.value,
    issuedAtEpochMilliseconds: clock.now(),
  };
  await settings.store.saveClient(client);
  return oauthJson(201, {
    client_id: clientId,
    client_id_issued_at: Math.floor(client.issuedAtEpochMilliseconds / 1000),
    ...(secret === undefined ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
    ...metadata.value,
  });
}
