/**
 * The accounts port: organizations and the API keys that act for them (spec 5).
 *
 * @module
 */
import type { OrganizationId } from "../organization-id.js";
import type { ApiScope } from "../schemas/scopes.js";

/** An organization workspace: every resource belongs to exactly one. */
export interface Organization {
  /** Integer id, as `organization_id` on the wire. */
  readonly id: OrganizationId;
  /** Display name. */
  readonly name: string;
  /** Whether the organization has an active paid plan; without one every call is a 402. */
  readonly subscriptionActive: boolean;
}

/**
 * A stored API key. Only a SHA-256 digest of the key is kept, never the key itself; the
 * first bytes of the digest serve as the lookup index, and the whole digest is then
 * compared in constant time.
 */
export interface ApiKeyRecord {
  /** Stable id of the key, safe to log. */
  readonly keyId: string;
  /** The organization the key acts for. */
  readonly organizationId: OrganizationId;
  /** Lowercase hex SHA-256 of the key. */
  readonly keyHash: string;
  /** The scopes the key carries. */
  readonly scopes: readonly ApiScope[];
  /** A revoked key answers 401 `invalid_api_key`. */
  readonly revoked: boolean;
  /**
   * When the key stops working, in milliseconds since the Unix epoch: from that instant
   * on it answers 401 `invalid_api_key`. Absent for a key that never expires.
   */
  readonly expiresAtEpochMilliseconds?: number;
}

/** How a key is added to a store. */
export interface ApiKeyOptions {
  /** Stable id of the key; derived from its digest by default. */
  readonly keyId?: string;
  /** Whether the key starts revoked. */
  readonly revoked?: boolean;
  /** When the key expires, in milliseconds since the Unix epoch; never by default. */
  readonly expiresAtEpochMilliseconds?: number;
}

/** An API key to add to a store, in plain text; the store keeps only its digest. */
export interface NewApiKey {
  /** The key as clients send it in `Authorization: Bearer`. */
  readonly key: string;
  /** The scopes it carries. */
  readonly scopes: readonly ApiScope[];
  /** Key id, expiry and revocation. */
  readonly options?: ApiKeyOptions;
}

/**
 * True when the key can no longer authenticate at `nowEpochMilliseconds`: revoked, or at
 * or past its expiry.
 *
 * @example
 * ```ts
 * isKeyUnusable({ ...record, expiresAtEpochMilliseconds: 1000 }, 1000); // true
 * ```
 */
export function isKeyUnusable(key: ApiKeyRecord, nowEpochMilliseconds: number): boolean {
  const expiresAt = key.expiresAtEpochMilliseconds;
  return key.revoked || (expiresAt !== undefined && nowEpochMilliseconds >= expiresAt);
}

/** An API key and its organization, as read together. */
export interface KeyWithOrganization {
  /** The key. */
  readonly key: ApiKeyRecord;
  /** The organization the key acts for; undefined when it no longer exists. */
  readonly organization: Organization | undefined;
}

/** Where organizations and API key digests live. */
export interface AccountStore {
  /**
   * Keys whose digest starts with `lookupPrefix` (the first 16 hex digits). More than one
   * may match; the caller compares whole digests in constant time.
   */
  findKeysByLookupPrefix(lookupPrefix: string): Promise<readonly ApiKeyRecord[]>;
  /**
   * The keys of {@link AccountStore.findKeysByLookupPrefix}, each with its organization
   * (undefined when it is gone), read together. Optional: a store over a database
   * answers both in one round trip instead of two; without it the caller asks
   * {@link AccountStore.organization} for the key that matched.
   */
  findKeysWithOrganizations?(lookupPrefix: string): Promise<readonly KeyWithOrganization[]>;
  /** The organization with this id, or undefined. */
  organization(organizationId: OrganizationId): Promise<Organization | undefined>;
  /**
   * Revokes a key by id: from the next request on it answers 401 `invalid_api_key`, on
   * every process sharing the store. True when the key existed.
   */
  revokeApiKey(keyId: string): Promise<boolean>;
}
