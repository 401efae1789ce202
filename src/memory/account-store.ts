/**
 * In-memory organizations and API keys. Keys are added in plain text and kept only as
 * digests, as a real store would keep them.
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { AccountStore, ApiKeyRecord, NewApiKey, Organization } from "../ports/accounts.js";
import { hashApiKey, lookupPrefixOf } from "../ports/api-keys.js";

/** An {@link AccountStore} that can also be filled, for hosts and tests. */
export interface MemoryAccountStore extends AccountStore {
  /** Adds or replaces an organization. */
  putOrganization(organization: Organization): void;
  /** Adds an API key for an organization; returns its record (the key is kept as a digest). */
  addApiKey(organizationId: OrganizationId, apiKey: NewApiKey): Promise<ApiKeyRecord>;
}

/**
 * Creates an empty in-memory account store.
 *
 * @example
 * ```ts
 * const accounts = createMemoryAccountStore();
 * accounts.putOrganization({ id: 1, name: "Acme", subscriptionActive: true });
 * await accounts.addApiKey(toOrganizationId(1), {
 *   key: "rk_live_example",
 *   scopes: ["generations:read", "generations:write"],
 * });
 * ```
 */
export function createMemoryAccountStore(): MemoryAccountStore {
  const organizations = new Map<number, Organization>();
  const keys = new Map<string, ApiKeyRecord>();
  return {
    async findKeysByLookupPrefix(lookupPrefix) {
      return [...keys.values()].filter((key) => lookupPrefixOf(key.keyHash) === lookupPrefix);
    },
    async organization(organizationId) {
      return organizations.get(organizationId);
    },
    putOrganization(organization) {
      organizations.set(organization.id, organization);
    },
    async addApiKey(organizationId, { key, scopes, options = {} }) {
      const keyHash = await hashApiKey(key);
      const expiresAt = options.expiresAtEpochMilliseconds;
      const record: ApiKeyRecord = {
        keyId: options.keyId ?? `key_${keyHash.slice(0, 12)}`,
        organizationId,
        keyHash,
        scopes: [...scopes],
        revoked: options.revoked ?? false,
        ...(expiresAt === undefined ? {} : { expiresAtEpochMilliseconds: expiresAt }),
      };
      keys.set(record.keyId, record);
      return record;
    },
    async revokeApiKey(keyId) {
      const record = keys.get(keyId);
      if (record === undefined) return false;
      keys.set(keyId, { ...record, revoked: true });
      return true;
    },
  };
}
