import { hashApiKey, lookupPrefixOf } from "reelkit";
import {
  createPostgresAccountStore,
  createPostgresCreditStore,
  seedOrganizations,
} from "reelkit/postgres";
import { beforeEach, expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { describeWithDatabase } from "./support/database.js";
import { truncate } from "./support/tables.js";

const ACME = {
  id: 1,
  name: "Acme",
  subscriptionActive: true,
  credits: 5000,
  apiKeys: [{ key: "rk_test_acme", scopes: ["generations:read", "generations:write"] as const }],
};

describeWithDatabase("PostgreSQL account store and seeding", (schema) => {
  const inSchema = () => ({ schema: schema().name });
  beforeEach(() =>
    truncate(schema(), [
      "api_keys",
      "organizations",
      "credit_ledger",
      "credit_holds",
      "credit_accounts",
    ]),
  );

  it("keeps only the digest of a key and finds it by its lookup prefix", async () => {
    const accounts = createPostgresAccountStore(schema().pool, inSchema());
    await accounts.ensureOrganization({
      id: toOrganizationId(1),
      name: "Acme",
      subscriptionActive: true,
    });
    const record = await accounts.ensureApiKey(toOrganizationId(1), {
      key: "rk_secret",
      scopes: ["generations:read"],
    });
    const digest = await hashApiKey("rk_secret");
    expect(record).toEqual({
      keyId: `key_${digest.slice(0, 12)}`,
      organizationId: toOrganizationId(1),
      keyHash: digest,
      scopes: ["generations:read"],
      revoked: false,
    });
    const { rows } = await schema().pool.query(`SELECT * FROM ${schema().table("api_keys")}`);
    expect(JSON.stringify(rows)).not.toContain("rk_secret");
    expect(await accounts.findKeysByLookupPrefix(lookupPrefixOf(digest))).toEqual([record]);
    expect(await accounts.findKeysByLookupPrefix("0000000000000000")).toEqual([]);
    expect(await accounts.revokeApiKey(record.keyId)).toBe(true);
    expect(await accounts.revokeApiKey("key_missing")).toBe(false);
    expect((await accounts.findKeysByLookupPrefix(lookupPrefixOf(digest)))[0]?.revoked).toBe(true);
  });

  it("reads a key with its organization in one lookup, revocation and subscription as they are now", async () => {
    const pool = schema().pool;
    const accounts = createPostgresAccountStore(pool, inSchema());
    const acme = { id: toOrganizationId(1), name: "Acme", subscriptionActive: true };
    await accounts.ensureOrganization(acme);
    const record = await accounts.ensureApiKey(toOrganizationId(1), {
      key: "rk_joined",
      scopes: ["generations:read"],
    });
    const prefix = lookupPrefixOf(await hashApiKey("rk_joined"));
    expect(await accounts.findKeysWithOrganizations(prefix)).toEqual([
      { key: record, organization: acme },
    ]);
    expect(await accounts.findKeysWithOrganizations("0000000000000000")).toEqual([]);
    await accounts.revokeApiKey(record.keyId);
    await pool.query(
      `UPDATE ${schema().table("organizations")} SET subscription_active = false WHERE id = 1`,
    );
    expect(await accounts.findKeysWithOrganizations(prefix)).toEqual([
      { key: { ...record, revoked: true }, organization: { ...acme, subscriptionActive: false } },
    ]);
  });

  it("keeps a key's expiry and revokes a key a fixture marks revoked, even one already there", async () => {
    const pool = schema().pool;
    const accounts = createPostgresAccountStore(pool, inSchema());
    const expiresAt = Date.UTC(2027, 0, 1);
    const organization = {
      ...ACME,
      apiKeys: [
        {
          key: "rk_test_expiring",
          scopes: ["generations:read"] as const,
          options: { expiresAtEpochMilliseconds: expiresAt },
        },
        { key: "rk_test_acme", scopes: ["generations:read"] as const },
      ],
    };
    await seedOrganizations(pool, [organization], inSchema());
    const expiring = await hashApiKey("rk_test_expiring");
    const [record] = await accounts.findKeysByLookupPrefix(lookupPrefixOf(expiring));
    expect(record?.expiresAtEpochMilliseconds).toBe(expiresAt);
    const plain = await hashApiKey("rk_test_acme");
    expect((await accounts.findKeysByLookupPrefix(lookupPrefixOf(plain)))[0]).not.toHaveProperty(
      "expiresAtEpochMilliseconds",
    );
    // A later fixture revokes the existing key; revoking only ever narrows what a key can do.
    await seedOrganizations(
      pool,
      [
        {
          ...organization,
          apiKeys: [
            {
              key: "rk_test_acme",
              scopes: ["generations:read"] as const,
              options: { revoked: true },
            },
          ],
        },
      ],
      inSchema(),
    );
    expect((await accounts.findKeysByLookupPrefix(lookupPrefixOf(plain)))[0]?.revoked).toBe(true);
  });

  it("reads organizations and never overwrites one that exists", async () => {
    const accounts = createPostgresAccountStore(schema().pool, inSchema());
    expect(
      await accounts.ensureOrganization({
        id: toOrganizationId(3),
        name: "Lapsed",
        subscriptionActive: false,
      }),
    ).toBe(true);
    expect(
      await accounts.ensureOrganization({
        id: toOrganizationId(3),
        name: "Renamed",
        subscriptionActive: true,
      }),
    ).toBe(false);
    expect(await accounts.organization(toOrganizationId(3))).toEqual({
      id: 3,
      name: "Lapsed",
      subscriptionActive: false,
    });
    expect(await accounts.organization(toOrganizationId(4))).toBeUndefined();
    const first = await accounts.ensureApiKey(toOrganizationId(3), {
      key: "rk_key",
      scopes: ["generations:read"],
    });
    const again = await accounts.ensureApiKey(toOrganizationId(3), {
      key: "rk_key",
      scopes: ["social:read"],
      options: { keyId: "other" },
    });
    expect(again).toEqual(first);
  });

  it("grants starting credits once, however often and however concurrently it seeds", async () => {
    const pools = [schema().pool, schema().openPool(2), schema().openPool(2)];
    const reports = await Promise.all(
      pools.map((pool) => seedOrganizations(pool, [ACME], inSchema())),
    );
    expect(reports.flatMap((report) => report.organizationsAdded)).toEqual([1]);
    expect(reports.flatMap((report) => report.keysAdded)).toHaveLength(1);
    const credits = createPostgresCreditStore(schema().pool, inSchema());
    await credits.reserve(toOrganizationId(1), [{ holdId: "spent", amount: 1000 }]);
    await credits.capture(toOrganizationId(1), "spent");
    const later = await seedOrganizations(schema().pool, [{ ...ACME, credits: 9999 }], inSchema());
    expect(later).toEqual({ organizationsAdded: [], keysAdded: [] });
    expect(await credits.balance(toOrganizationId(1))).toEqual({
      posted: 4000,
      pending: 0,
      available: 4000,
    });
    const ledger = await credits.ledger(toOrganizationId(1));
    expect(ledger[0]).toMatchObject({ kind: "grant", amount: 5000, reference: "starting credits" });
  });
});
