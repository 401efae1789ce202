/**
 * Seeding organizations from a fixture without ever resetting anything: an organization
 * that exists keeps its name, plan and balance, a key that exists keeps its scopes and
 * expiry (a fixture may only revoke it), and starting credits are granted only together
 * with the organization's first insertion.
 * Restarting a host, or starting a second one with the same fixture, changes nothing.
 *
 * @module
 */
import type { Pool } from "pg";
import { toOrganizationId } from "../organization-id.js";
import type { NewApiKey } from "../ports/accounts.js";
import { insertApiKey, insertOrganization } from "./account-store.js";
import { grantWithin } from "./credit-grant.js";
import { type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { inTransaction } from "./transaction.js";

/** One organization of a fixture (the reference host's `SetupOrganization` fits). */
export interface SeedOrganization {
  /** Organization id. */
  readonly id: number;
  /** Display name. */
  readonly name: string;
  /** Whether it has an active paid plan. */
  readonly subscriptionActive: boolean;
  /** Credits granted when the organization is first added. */
  readonly credits: number;
  /** Its keys in plain text (stored as digests), each revoked or expiring when it says so. */
  readonly apiKeys: readonly NewApiKey[];
}

/** What {@link seedOrganizations} added. */
export interface SeedReport {
  /** Ids of the organizations added now (and granted their starting credits). */
  readonly organizationsAdded: readonly number[];
  /** Ids of the keys added now. */
  readonly keysAdded: readonly string[];
}

/** Settings of {@link seedOrganizations}. */
export interface SeedOptions extends PostgresSchemaOptions {
  /** The ledger reference of starting credits; "starting credits" by default. */
  readonly creditsReference?: string;
  /** Stamps the starting credits' ledger entries; `Date.now()` by default. */
  readonly nowMilliseconds?: () => number;
}

/**
 * Adds the organizations and keys that are not there yet, each organization with its
 * starting credits in the same transaction, so two hosts seeding at once grant once.
 *
 * @example
 * ```ts
 * await migrate(pool, { schema: "reelkit" });
 * const report = await seedOrganizations(pool, setup.organizations, { schema: "reelkit" });
 * report.organizationsAdded; // [1] on the first start, [] on every later one
 * ```
 */
export async function seedOrganizations(
  pool: Pool,
  organizations: readonly SeedOrganization[],
  options: SeedOptions = {},
): Promise<SeedReport> {
  const organizationsAdded: number[] = [];
  const keysAdded: string[] = [];
  const reference = options.creditsReference ?? "starting credits";
  const now = options.nowMilliseconds ?? Date.now;
  const schema = postgresSchemaOf(options);
  for (const organization of organizations) {
    // Collected per transaction and kept only once it commits: a retried transaction
    // runs its function again.
    const id = toOrganizationId(organization.id);
    const added = await inTransaction(pool, async (client) => {
      const isNew = await insertOrganization(client, schema, { ...organization, id });
      if (isNew && organization.credits > 0) {
        await grantWithin(client, schema, {
          organizationId: id,
          amount: organization.credits,
          reference,
          recordedAtMilliseconds: now(),
        });
      }
      const keys: string[] = [];
      for (const apiKey of organization.apiKeys) {
        const stored = await insertApiKey(client, schema, { organizationId: id, ...apiKey });
        if (stored.added) keys.push(stored.record.keyId);
        // Revoking only narrows what a key can do, so a fixture may revoke a key that is
        // already there; everything else about an existing key stays as it is.
        else if (apiKey.options?.revoked === true && !stored.record.revoked) {
          await client.query(
            `UPDATE ${schema.table("api_keys")} SET revoked = true WHERE key_id = $1`,
            [stored.record.keyId],
          );
        }
      }
      return { isNew, keys };
    });
    if (added.isNew) organizationsAdded.push(organization.id);
    keysAdded.push(...added.keys);
  }
  return { organizationsAdded, keysAdded };
}
