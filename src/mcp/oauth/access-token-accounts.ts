/**
 * Access tokens checked exactly as API keys are: an {@link AccountStore} that answers the
 * keys of the store it wraps and, beside them, each live access token of the authorization
 * server as a key record (its digest, the organization, the approved scopes), so the
 * service authenticates a token with the same code, and the same 401, 403 with the scope
 * challenge, and 402, as a key.
 *
 * Only tokens for `resource` are answered, so the service of the MCP endpoint accepts
 * them and the REST API (whose service keeps the plain store) does not: a token works at
 * the resource it was issued for and nowhere else (RFC 8707). A token signed in with an
 * API key carries at most the key's current scopes and stops with the key.
 *
 * @module
 */
import type { OrganizationId } from "../../organization-id.js";
import type {
  AccountStore,
  ApiKeyRecord,
  KeyWithOrganization,
  Organization,
} from "../../ports/accounts.js";
import type { OAuthStore, OAuthTokenWithGrant } from "../../ports/oauth-store.js";
import { keyOfDigest } from "./workspace-sign-in.js";

/** The key id a token's record carries: `oauth_` and its approval's id. */
export function accessTokenKeyId(grantId: string): string {
  return `oauth_${grantId}`;
}

async function organizationOf(
  accounts: AccountStore,
  organizationId: OrganizationId,
): Promise<Organization | undefined> {
  return accounts.organization(organizationId);
}

// The token as a key: revoked when its approval, its own use or the approving key ended
// it; expiring with the earlier of the token and the key.
async function tokenAsKey(
  accounts: AccountStore,
  { token, grant }: OAuthTokenWithGrant,
): Promise<KeyWithOrganization> {
  const approver =
    grant.apiKeyHash === undefined ? undefined : await keyOfDigest(accounts, grant.apiKeyHash);
  const keyGone =
    grant.apiKeyHash !== undefined &&
    (approver === undefined ||
      approver.key.revoked ||
      approver.key.organizationId !== grant.organizationId);
  const keyExpiry = approver?.key.expiresAtEpochMilliseconds;
  const expiresAt = Math.min(
    token.expiresAtEpochMilliseconds,
    keyExpiry ?? Number.POSITIVE_INFINITY,
  );
  const scopes = token.scopes.filter(
    (scope) => approver === undefined || approver.key.scopes.includes(scope),
  );
  const key: ApiKeyRecord = {
    keyId: accessTokenKeyId(grant.grantId),
    organizationId: grant.organizationId,
    keyHash: token.tokenHash,
    scopes,
    revoked: grant.revoked || keyGone,
    expiresAtEpochMilliseconds: expiresAt,
  };
  const organization =
    approver?.organization ?? (await organizationOf(accounts, grant.organizationId));
  return { key, organization };
}

/** Options of {@link withAccessTokens}. */
export interface AccessTokenAccountsOptions {
  /** The authorization server's store. */
  readonly store: OAuthStore;
  /** The MCP endpoint's URL: only tokens issued for it are answered. */
  readonly resource: string;
}

/**
 * Wraps an account store so that the authorization server's access tokens for
 * `resource` authenticate like API keys. Give the wrapped store to the service the MCP
 * handler calls, and the plain one to the REST API's.
 *
 * @example
 * ```ts
 * const mcpService = createService({
 *   ...deps,
 *   accounts: withAccessTokens(deps.accounts, { store, resource: "https://api.example.com/mcp" }),
 * });
 * const mcp = createMcpHandler(mcpService, {
 *   resourceUrl: "https://api.example.com/mcp",
 *   authorizationServers: ["https://api.example.com"],
 * });
 * ```
 */
export function withAccessTokens(
  accounts: AccountStore,
  { store, resource }: AccessTokenAccountsOptions,
): AccountStore {
  const tokensOf = async (lookupPrefix: string): Promise<KeyWithOrganization[]> => {
    const found = await store.findTokens(lookupPrefix);
    const live = found.filter(
      ({ token, grant }) => token.kind === "access" && grant.resource === resource,
    );
    return Promise.all(live.map((each) => tokenAsKey(accounts, each)));
  };
  const keysOf = async (lookupPrefix: string): Promise<readonly KeyWithOrganization[]> => {
    if (accounts.findKeysWithOrganizations !== undefined)
      return accounts.findKeysWithOrganizations(lookupPrefix);
    const keys = await accounts.findKeysByLookupPrefix(lookupPrefix);
    return Promise.all(
      keys.map(async (key) => ({
        key,
        organization: await accounts.organization(key.organizationId),
      })),
    );
  };
  return {
    async findKeysByLookupPrefix(lookupPrefix) {
      const [keys, tokens] = await Promise.all([
        accounts.findKeysByLookupPrefix(lookupPrefix),
        tokensOf(lookupPrefix),
      ]);
      return [...keys, ...tokens.map((token) => token.key)];
    },
    async findKeysWithOrganizations(lookupPrefix) {
      const [keys, tokens] = await Promise.all([keysOf(lookupPrefix), tokensOf(lookupPrefix)]);
      return [...keys, ...tokens];
    },
    organization: (organizationId) => accounts.organization(organizationId),
    revokeApiKey: (keyId) => accounts.revokeApiKey(keyId),
  };
}
