/**
 * Organizations and API key digests in PostgreSQL. Keys are stored only as SHA-256
 * digests and found by the indexed lookup prefix of the digest, as the
 * {@link AccountStore} port describes. With the `apiKeyCache` option, a host keeps the
 * keys it looked up while it listens for changes to them (see `api-key-cache.ts`).
 *
 * @module
 */

import type { Pool } from "pg";
import { type OrganizationId, toOrganizationId } from "../organization-id.js";
import type {
  AccountStore,
  ApiKeyRecord,
  KeyWithOrganization,
  NewApiKey,
  Organization,
} from "../ports/accounts.js";
import { hashApiKey, lookupPrefixOf } from "../ports/api-keys.js";
import type { ApiScope } from "../schemas/scopes.js";
import {
  API_KEY_CACHE_ENTRIES_DEFAULT,
  ApiKeyCache,
  type PostgresApiKeyCacheOptions,
} from "./api-key-cache.js";
import type { Queryable } from "./credit-rows.js";
import { listenForNotifications } from "./notification-listener.js";
import { type PostgresSchema, type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { queryable } from "./transaction.js";

export type { ApiKeyOptions, NewApiKey } from "../ports/accounts.js";

/** An {@link AccountStore} that can also be filled without overwriting anything. */
export interface PostgresAccountStore extends AccountStore {
  /** Each key of the lookup prefix with its organization, in one query (a join). */
  findKeysWithOrganizations(lookupPrefix: string): Promise<readonly KeyWithOrganization[]>;
  /** Adds an organization unless one with its id exists; true when it was added. */
  ensureOrganization(organization: Organization): Promise<boolean>;
  /**
   * Adds an API key (kept as a digest) unless a key with the same digest exists; returns
   * the stored record, which is the existing one when the key was already there.
   */
  ensureApiKey(organizationId: OrganizationId, apiKey: NewApiKey): Promise<ApiKeyRecord>;
  /**
   * Resolves once the API key cache's first attempt to listen for changes has ended,
   * whether it listens or not; at once without a cache.
   */
  readonly ready: Promise<void>;
  /**
   * Stops the API key cache's listening connection, so that the pool can end; lookups
   * read the database from then on. Does nothing without a cache.
   */
  close(): Promise<void>;
}

/** Settings of {@link createPostgresAccountStore}. */
export interface PostgresAccountStoreOptions extends PostgresSchemaOptions {
  /**
   * Keeps the keys this host looked up while it listens for changes to keys and
   * organizations, which takes one connection of the pool until {@link
   * PostgresAccountStore.close}. Off by default: every request then reads its key.
   */
  readonly apiKeyCache?: PostgresApiKeyCacheOptions;
}

function keyRecordOf(row: Record<string, unknown>): ApiKeyRecord {
  const expiresAt = row.expires_at instanceof Date ? row.expires_at.getTime() : undefined;
  return {
    keyId: String(row.key_id),
    organizationId: toOrganizationId(row.organization_id),
    keyHash: String(row.key_hash),
    scopes: row.scopes as ApiScope[],
    revoked: row.revoked === true,
    ...(expiresAt === undefined ? {} : { expiresAtEpochMilliseconds: expiresAt }),
  };
}

function organizationOf(row: Record<string, unknown>, id: unknown): Organization {
  return {
    id: toOrganizationId(id),
    name: String(row.name),
    subscriptionActive: row.subscription_active === true,
  };
}

const KEY_COLUMNS = "key_id, organization_id, key_hash, scopes, revoked, expires_at";

/** Adds an organization unless its id exists; true when added. */
export async function insertOrganization(
  client: Queryable,
  schema: PostgresSchema,
  organization: Organization,
): Promise<boolean> {
  const result = await client.query(
    `INSERT INTO ${schema.table("organizations")} (id, name, subscription_active) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
    [organization.id, organization.name, organization.subscriptionActive],
  );
  return result.rowCount === 1;
}

/** A key as stored, and whether this call stored it. */
export interface StoredApiKey {
  /** The stored record: the new one, or the one that already had this digest. */
  readonly record: ApiKeyRecord;
  /** True when this call added the key. */
  readonly added: boolean;
}

/** A new API key and the organization it acts for. */
export interface OrganizationApiKey extends NewApiKey {
  /** The organization the key acts for. */
  readonly organizationId: OrganizationId;
}

/** Adds a key unless its digest exists. */
export async function insertApiKey(
  client: Queryable,
  schema: PostgresSchema,
  { organizationId, key, scopes, options = {} }: OrganizationApiKey,
): Promise<StoredApiKey> {
  const keyHash = await hashApiKey(key);
  const keyId = options.keyId ?? `key_${keyHash.slice(0, 12)}`;
  const expiresAt = options.expiresAtEpochMilliseconds;
  const inserted = await client.query(
    `INSERT INTO ${schema.table("api_keys")} (${KEY_COLUMNS}, lookup_prefix) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (key_hash) DO NOTHING RETURNING ${KEY_COLUMNS}`,
    [
      keyId,
      organizationId,
      keyHash,
      [...scopes],
      options.revoked ?? false,
      expiresAt === undefined ? null : new Date(expiresAt),
      lookupPrefixOf(keyHash),
    ],
  );
  if (inserted.rows[0] !== undefined) return { record: keyRecordOf(inserted.rows[0]), added: true };
  const existing = await client.query(
    `SELECT ${KEY_COLUMNS} FROM ${schema.table("api_keys")} WHERE key_hash = $1`,
    [keyHash],
  );
  if (existing.rows[0] === undefined)
    throw new Error(`API key ${keyId} was neither added nor found.`);
  return { record: keyRecordOf(existing.rows[0]), added: false };
}

/**
 * Creates an account store over the pool's database (run {@link migrate} first, with the
 * same `schema` option).
 *
 * @example
 * ```ts
 * const accounts = createPostgresAccountStore(pool, { schema: "reelkit" });
 * await accounts.ensureOrganization({ id: 1, name: "Acme", subscriptionActive: true });
 * await accounts.ensureApiKey(toOrganizationId(1), {
 *   key: "rk_live_example",
 *   scopes: ["generations:read", "generations:write"],
 * });
 * ```
 */
export function createPostgresAccountStore(
  pool: Pool,
  options: PostgresAccountStoreOptions = {},
): PostgresAccountStore {
  const schema = postgresSchemaOf(options);
  const cached =
    options.apiKeyCache === undefined
      ? undefined
      : startKeyCache(pool, schema, options.apiKeyCache);
  // A change this host made is dropped from its own cache at once, without waiting for
  // the notification its commit sends every host.
  const changed = <T>(result: T): T => {
    cached?.cache.changed();
    return result;
  };
  const readKeysWithOrganizations = async (
    lookupPrefix: string,
  ): Promise<readonly KeyWithOrganization[]> => {
    const { rows } = await queryable(pool).query(
      `SELECT k.key_id, k.organization_id, k.key_hash, k.scopes, k.revoked, k.expires_at,
         o.id AS found_organization_id, o.name, o.subscription_active
       FROM ${schema.table("api_keys")} k
       LEFT JOIN ${schema.table("organizations")} o ON o.id = k.organization_id
       WHERE k.lookup_prefix = $1`,
      [lookupPrefix],
    );
    return rows.map((row) => ({
      key: keyRecordOf(row),
      organization:
        row.found_organization_id === null
          ? undefined
          : organizationOf(row, row.found_organization_id),
    }));
  };
  return {
    async findKeysByLookupPrefix(lookupPrefix) {
      const { rows } = await queryable(pool).query(
        `SELECT ${KEY_COLUMNS} FROM ${schema.table("api_keys")} WHERE lookup_prefix = $1`,
        [lookupPrefix],
      );
      return rows.map(keyRecordOf);
    },
    findKeysWithOrganizations: (lookupPrefix) =>
      cached === undefined
        ? readKeysWithOrganizations(lookupPrefix)
        : cached.cache.lookup(lookupPrefix, () => readKeysWithOrganizations(lookupPrefix)),
    async organization(organizationId) {
      if (!Number.isSafeInteger(organizationId)) return undefined;
      const { rows } = await queryable(pool).query(
        `SELECT id, name, subscription_active FROM ${schema.table("organizations")} WHERE id = $1`,
        [organizationId],
      );
      const row = rows[0];
      return row === undefined ? undefined : organizationOf(row, row.id);
    },
    ensureOrganization: async (organization) =>
      changed(await insertOrganization(queryable(pool), schema, organization)),
    async ensureApiKey(organizationId, apiKey) {
      const stored = await insertApiKey(queryable(pool), schema, { organizationId, ...apiKey });
      return changed(stored.record);
    },
    async revokeApiKey(keyId) {
      const result = await queryable(pool).query(
        `UPDATE ${schema.table("api_keys")} SET revoked = true WHERE key_id = $1`,
        [keyId],
      );
      return changed(result.rowCount === 1);
    },
    ready: cached?.listener.ready ?? Promise.resolve(),
    close: async () => cached?.listener.stop(),
  };
}

// The cache, and the connection that keeps it current.
function startKeyCache(pool: Pool, schema: PostgresSchema, options: PostgresApiKeyCacheOptions) {
  const cache = new ApiKeyCache(options.entries ?? API_KEY_CACHE_ENTRIES_DEFAULT);
  const listener = listenForNotifications({
    pool,
    channels: [schema.accountsChannel],
    purpose: "API key changes",
    onNotification: () => cache.changed(),
    onListening: () => cache.listening(),
    onLost: () => cache.deaf(),
    onError: options.onError ?? ((error) => console.error("reelkit:", error)),
  });
  return { cache, listener };
}
