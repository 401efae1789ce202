/**
 * The authorization server's store in this process's memory: for tests, single-process
 * hosts and the reference host without a database. Everything is gone when it stops.
 *
 * @module
 */
import { type Clock, systemClock } from "../../clock.js";
import { lookupPrefixOf } from "../../ports/api-keys.js";
import {
  type AuthorizationCodeRecord,
  OAUTH_EXPIRED_RETENTION_MILLISECONDS,
  OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS,
  type OAuthClientRecord,
  type OAuthGrant,
  type OAuthStore,
  type OAuthTokenRecord,
} from "../../ports/oauth-store.js";

/** Settings of {@link createMemoryOAuthStore}. */
export interface MemoryOAuthStoreOptions {
  /**
   * The clock expiries are read against: the authorization server's. Default: the system
   * clock.
   */
  readonly clock?: Clock;
}

/**
 * Creates an empty in-memory {@link OAuthStore}. Each code or token stored forgets the
 * codes and tokens that expired more than `OAUTH_EXPIRED_RETENTION_MILLISECONDS` (a day)
 * ago, and each client registered forgets the clients registered more than
 * `OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS` (a day) ago that no approval and no code
 * names, so a long-running host's memory does not grow with every sign-in or
 * registration.
 *
 * @example
 * ```ts
 * const store = createMemoryOAuthStore({ clock: ports.clock });
 * const server = createAuthorizationServer({ issuer, resource, store, signIn });
 * ```
 */
export function createMemoryOAuthStore(options: MemoryOAuthStoreOptions = {}): OAuthStore {
  const clock = options.clock ?? systemClock;
  const clients = new Map<string, OAuthClientRecord>();
  const codes = new Map<string, { code: AuthorizationCodeRecord; taken: boolean }>();
  const grants = new Map<string, OAuthGrant>();
  const tokens = new Map<string, OAuthTokenRecord>();
  // Digests by lookup prefix, so a lookup reads its few tokens rather than every one.
  const byPrefix = new Map<string, string[]>();
  const forgetExpired = () => {
    const before = clock.now() - OAUTH_EXPIRED_RETENTION_MILLISECONDS;
    for (const [codeHash, held] of codes) {
      if (held.code.expiresAtEpochMilliseconds < before) codes.delete(codeHash);
    }
    for (const [tokenHash, token] of tokens) {
      if (token.expiresAtEpochMilliseconds >= before) continue;
      tokens.delete(tokenHash);
      const prefix = lookupPrefixOf(tokenHash);
      const left = (byPrefix.get(prefix) ?? []).filter((hash) => hash !== tokenHash);
      if (left.length === 0) byPrefix.delete(prefix);
      else byPrefix.set(prefix, left);
    }
  };
  const forgetUnusedClients = () => {
    const before = clock.now() - OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS;
    const named = new Set<string>();
    for (const grant of grants.values()) named.add(grant.clientId);
    for (const held of codes.values()) named.add(held.code.grant.clientId);
    for (const [clientId, client] of clients) {
      if (client.issuedAtEpochMilliseconds < before && !named.has(clientId)) {
        clients.delete(clientId);
      }
    }
  };
  const addTokens = (list: readonly OAuthTokenRecord[]) => {
    forgetExpired();
    for (const token of list) {
      tokens.set(token.tokenHash, token);
      const prefix = lookupPrefixOf(token.tokenHash);
      byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), token.tokenHash]);
    }
  };
  return {
    async saveClient(client) {
      forgetExpired();
      forgetUnusedClients();
      clients.set(client.clientId, client);
    },
    async client(clientId) {
      return clients.get(clientId);
    },
    async saveAuthorizationCode(code) {
      forgetExpired();
      codes.set(code.codeHash, { code, taken: false });
    },
    async takeAuthorizationCode(codeHash) {
      const held = codes.get(codeHash);
      if (held === undefined) return undefined;
      codes.set(codeHash, { ...held, taken: true });
      return { code: held.code, firstUse: !held.taken };
    },
    async saveGrant(grant, first) {
      grants.set(grant.grantId, grant);
      addTokens(first);
    },
    async findTokens(lookupPrefix) {
      return (byPrefix.get(lookupPrefix) ?? []).flatMap((tokenHash) => {
        const token = tokens.get(tokenHash);
        const grant = token === undefined ? undefined : grants.get(token.grantId);
        return token === undefined || grant === undefined ? [] : [{ token, grant }];
      });
    },
    async rotateRefreshToken(tokenHash, next) {
      const token = tokens.get(tokenHash);
      if (token === undefined || token.kind !== "refresh" || token.used) return false;
      tokens.set(tokenHash, { ...token, used: true });
      addTokens(next);
      return true;
    },
    async revokeGrant(grantId) {
      const grant = grants.get(grantId);
      if (grant === undefined) return false;
      grants.set(grantId, { ...grant, revoked: true });
      return true;
    },
    async grants(organizationId) {
      return [...grants.values()]
        .filter((grant) => grant.organizationId === organizationId && !grant.revoked)
        .sort(
          (left, right) =>
            right.createdAtEpochMilliseconds - left.createdAtEpochMilliseconds ||
            (left.grantId < right.grantId ? -1 : 1),
        );
    },
  };
}
