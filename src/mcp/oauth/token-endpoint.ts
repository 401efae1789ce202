/**
 * The token endpoint (RFC 6749 3.2, 4.1.3, 6): an authorization code with its PKCE
 * verifier becomes an approval with an access token and a refresh token, and a refresh
 * token becomes a new pair, once. A code or refresh token presented a second time is
 * refused and revokes the approval it started (RFC 6749 4.1.2, OAuth 2.1 4.3.1), since
 * one of the two presenters stole it.
 *
 * @module
 */

import { lookupPrefixOf } from "../../ports/api-keys.js";
import type {
  OAuthClientRecord,
  OAuthGrant,
  OAuthTokenRecord,
  OAuthTokenWithGrant,
} from "../../ports/oauth-store.js";
import { ok } from "../../result.js";
import { API_SCOPES, type ApiScope } from "../../schemas/scopes.js";
import { readAuthenticatedRequest } from "./client-authentication.js";
import { type OAuthResult, oauthErrorResponse, oauthJson, refuse } from "./oauth-errors.js";
import type { OAuthParameters } from "./oauth-http.js";
import { ACCESS_TOKEN_LIFETIME_SECONDS, REFRESH_TOKEN_LIFETIME_SECONDS } from "./oauth-limits.js";
import { digestOf, matchesDigest, newSecret, verifiesS256 } from "./secrets.js";
import type { AuthorizationServerSettings } from "./server-settings.js";

/** A token answer (RFC 6749 5.1), with the scopes the access token carries. */
export interface TokenAnswer {
  /** The access token. */
  readonly access_token: string;
  /** Always `Bearer`. */
  readonly token_type: "Bearer";
  /** Seconds the access token works. */
  readonly expires_in: number;
  /** The refresh token, for clients registered for the refresh grant. */
  readonly refresh_token?: string;
  /** The scopes granted, space-separated. */
  readonly scope: string;
}

interface Issued {
  readonly answer: TokenAnswer;
  readonly records: readonly OAuthTokenRecord[];
}

/** Whom tokens are issued to, and with which scopes of the approval. */
interface Issue {
  readonly grant: OAuthGrant;
  readonly scopes: readonly ApiScope[];
  readonly client: OAuthClientRecord;
}

async function issueTokens(
  { grant, scopes, client }: Issue,
  settings: AuthorizationServerSettings,
): Promise<Issued> {
  const now = settings.clock.now();
  const access = newSecret("accessToken", settings.randomBytes);
  const records: OAuthTokenRecord[] = [
    {
      tokenHash: await digestOf(access),
      kind: "access",
      grantId: grant.grantId,
      scopes,
      expiresAtEpochMilliseconds: now + ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
      used: false,
    },
  ];
  const refreshable = client.metadata.grant_types.includes("refresh_token");
  const refresh = refreshable ? newSecret("refreshToken", settings.randomBytes) : undefined;
  if (refresh !== undefined) {
    records.push({
      tokenHash: await digestOf(refresh),
      kind: "refresh",
      grantId: grant.grantId,
      scopes: grant.scopes,
      expiresAtEpochMilliseconds: now + REFRESH_TOKEN_LIFETIME_SECONDS * 1000,
      used: false,
    });
  }
  const answer: TokenAnswer = {
    access_token: access,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
    ...(refresh === undefined ? {} : { refresh_token: refresh }),
    scope: scopes.join(" "),
  };
  return { answer, records };
}

function required(params: OAuthParameters, name: string): OAuthResult<string> {
  const value = params.get(name);
  return value === undefined || value === ""
    ? refuse("invalid_request", `${name} is missing.`)
    : ok(value);
}

// RFC 8707 2.2: a resource named at the token endpoint must be the one approved.
function resourceProblem(
  params: OAuthParameters,
  grant: OAuthGrant,
): OAuthResult<never> | undefined {
  const resource = params.get("resource");
  if (resource === undefined || resource === grant.resource) return undefined;
  return refuse("invalid_target", `The approval is for ${grant.resource}, not ${resource}.`);
}

async function exchangeCode(
  params: OAuthParameters,
  client: OAuthClientRecord,
  settings: AuthorizationServerSettings,
): Promise<OAuthResult<TokenAnswer>> {
  const code = required(params, "code");
  if (!code.ok) return code;
  const verifier = required(params, "code_verifier");
  if (!verifier.ok) return verifier;
  const taken = await settings.store.takeAuthorizationCode(await digestOf(code.value));
  if (taken === undefined) return refuse("invalid_grant", "The code is unknown.");
  const { grant } = taken.code;
  if (!taken.firstUse) {
    await settings.store.revokeGrant(grant.grantId);
    return refuse(
      "invalid_grant",
      "The code was already used; the tokens issued for it are revoked.",
    );
  }
  if (grant.clientId !== client.clientId)
    return refuse("invalid_grant", "The code was issued to another client.");
  if (taken.code.expiresAtEpochMilliseconds <= settings.clock.now()) {
    return refuse("invalid_grant", "The code has expired.");
  }
  const redirectUri = params.get("redirect_uri");
  if (redirectUri !== undefined && redirectUri !== taken.code.redirectUri) {
    return refuse("invalid_grant", "redirect_uri differs from the authorization request's.");
  }
  if (!verifiesS256(verifier.value, taken.code.codeChallenge)) {
    return refuse("invalid_grant", "code_verifier does not match the code_challenge.");
  }
  const wrongResource = resourceProblem(params, grant);
  if (wrongResource !== undefined) return wrongResource;
  const issued = await issueTokens({ grant, scopes: grant.scopes, client }, settings);
  await settings.store.saveGrant(grant, issued.records);
  return ok(issued.answer);
}

async function refreshTokenOf(
  token: string,
  settings: AuthorizationServerSettings,
): Promise<OAuthTokenWithGrant | undefined> {
  const digest = await digestOf(token);
  const candidates = await settings.store.findTokens(lookupPrefixOf(digest));
  for (const candidate of candidates) {
    if (
      candidate.token.kind === "refresh" &&
      (await matchesDigest(token, candidate.token.tokenHash))
    ) {
      return candidate;
    }
  }
  return undefined;
}

// RFC 6749 6: a refresh may ask for fewer scopes than approved, never more.
function narrowedScopes(
  params: OAuthParameters,
  grant: OAuthGrant,
): OAuthResult<readonly ApiScope[]> {
  const scope = params.get("scope");
  if (scope === undefined || scope.trim() === "") return ok(grant.scopes);
  const names = scope.trim().split(/ +/);
  const beyond = names.filter((name) => !grant.scopes.includes(name as ApiScope));
  if (beyond.length > 0)
    return refuse("invalid_scope", `The approval does not include ${beyond.join(", ")}.`);
  return ok(API_SCOPES.filter((each) => names.includes(each)));
}

async function exchangeRefreshToken(
  params: OAuthParameters,
  client: OAuthClientRecord,
  settings: AuthorizationServerSettings,
): Promise<OAuthResult<TokenAnswer>> {
  const token = required(params, "refresh_token");
  if (!token.ok) return token;
  const found = await refreshTokenOf(token.value, settings);
  if (found === undefined) return refuse("invalid_grant", "The refresh token is unknown.");
  const { grant } = found;
  if (grant.clientId !== client.clientId)
    return refuse("invalid_grant", "The refresh token was issued to another client.");
  if (found.token.used) {
    await settings.store.revokeGrant(grant.grantId);
    return refuse("invalid_grant", "The refresh token was already used; the approval is revoked.");
  }
  const now = settings.clock.now();
  if (grant.revoked || found.token.expiresAtEpochMilliseconds <= now) {
    return refuse("invalid_grant", "The refresh token has expired or its approval was revoked.");
  }
  if (!(await settings.signIn.stillValid(grant))) {
    return refuse("invalid_grant", "The sign-in behind the approval was revoked or expired.");
  }
  const wrongResource = resourceProblem(params, grant);
  if (wrongResource !== undefined) return wrongResource;
  const scopes = narrowedScopes(params, grant);
  if (!scopes.ok) return scopes;
  const issued = await issueTokens({ grant, scopes: scopes.value, client }, settings);
  if (!(await settings.store.rotateRefreshToken(found.token.tokenHash, issued.records))) {
    await settings.store.revokeGrant(grant.grantId);
    return refuse("invalid_grant", "The refresh token was already used; the approval is revoked.");
  }
  return ok(issued.answer);
}

type GrantExchange = (
  params: OAuthParameters,
  client: OAuthClientRecord,
  settings: AuthorizationServerSettings,
) => Promise<OAuthResult<TokenAnswer>>;

// The grant a request names, if the client may use it (RFC 6749 5.2).
function exchangeOf(grantType: string | undefined, client: OAuthClientRecord) {
  if (grantType === "authorization_code") return ok(exchangeCode);
  if (grantType !== "refresh_token") {
    return refuse<GrantExchange>(
      "unsupported_grant_type",
      "grant_type must be authorization_code or refresh_token.",
    );
  }
  if (!client.metadata.grant_types.includes("refresh_token")) {
    return refuse<GrantExchange>(
      "unauthorized_client",
      "The client did not register for the refresh_token grant.",
    );
  }
  return ok(exchangeRefreshToken);
}

/** Answers `POST <issuer>/oauth/token`. */
export async function exchangeToken(
  request: Request,
  settings: AuthorizationServerSettings,
): Promise<Response> {
  const read = await readAuthenticatedRequest(request, settings.store);
  if (!read.ok) return read.error;
  const { params, client, triedBasic } = read.value;
  const exchange = exchangeOf(params.get("grant_type"), client);
  const answer = exchange.ok ? await exchange.value(params, client, settings) : exchange;
  return answer.ok ? oauthJson(200, answer.value) : oauthErrorResponse(answer.error, triedBasic);
}
