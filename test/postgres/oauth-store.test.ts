/**
 * The authorization server's store on PostgreSQL answers as the memory store does, and
 * its single-use steps hold under races: of concurrent exchanges of one code or one
 * refresh token, exactly one wins.
 */
import {
  createMemoryOAuthStore,
  type OAuthGrant,
  type OAuthStore,
  type OAuthTokenRecord,
} from "reelkit/mcp";
import { createPostgresAccountStore, createPostgresOAuthStore } from "reelkit/postgres";
import { expect, it } from "vitest";
import { toOrganizationId } from "../../src/organization-id.js";
import { lookupPrefixOf } from "../../src/ports/api-keys.js";
import { describeWithDatabase } from "./support/database.js";

const ORGANIZATION = toOrganizationId(1);
let counter = 0;
let salt = "a";

// Digests that share one lookup prefix per salt, so lookups find several candidates.
function digest(): string {
  counter += 1;
  return counter.toString(16).padStart(64, salt);
}

function grant(grantId: string, clientId: string, createdAt = 1_000): OAuthGrant {
  return {
    grantId,
    clientId,
    organizationId: ORGANIZATION,
    scopes: ["generations:read"],
    resource: "https://api.example.com/mcp",
    apiKeyHash: undefined,
    subject: "user-1",
    createdAtEpochMilliseconds: createdAt,
    revoked: false,
  };
}

function token(grantId: string, kind: "access" | "refresh"): OAuthTokenRecord {
  return {
    tokenHash: digest(),
    kind,
    grantId,
    scopes: ["generations:read"],
    expiresAtEpochMilliseconds: 5_000,
    used: false,
  };
}

// The same story on either store; the answers are compared between them.
async function story(store: OAuthStore) {
  counter = 0;
  const clientId = `client-${digest().slice(-6)}`;
  await store.saveClient({
    clientId,
    secretHash: undefined,
    metadata: {
      redirect_uris: ["http://127.0.0.1/cb"],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
    issuedAtEpochMilliseconds: 1_000,
  });
  const codeHash = digest();
  const first = grant(`g1-${clientId}`, clientId);
  await store.saveAuthorizationCode({
    codeHash,
    grant: first,
    redirectUri: "http://127.0.0.1/cb",
    codeChallenge: "c",
    expiresAtEpochMilliseconds: 2_000,
  });
  const taken = await store.takeAuthorizationCode(codeHash);
  const again = await store.takeAuthorizationCode(codeHash);
  const access = token(first.grantId, "access");
  const refresh = token(first.grantId, "refresh");
  await store.saveGrant(first, [access, refresh]);
  const found = await store.findTokens(lookupPrefixOf(access.tokenHash));
  const rotated = await store.rotateRefreshToken(refresh.tokenHash, [
    token(first.grantId, "access"),
  ]);
  const replayed = await store.rotateRefreshToken(refresh.tokenHash, []);
  await store.saveGrant(grant(`g2-${clientId}`, clientId, 2_000), []);
  const listed = (await store.grants(ORGANIZATION)).map((each) => each.grantId);
  const revoked = await store.revokeGrant(first.grantId);
  const afterRevoke = await store.findTokens(lookupPrefixOf(access.tokenHash));
  return {
    client: (await store.client(clientId))?.metadata,
    unknownClient: await store.client("nobody"),
    taken: taken?.firstUse,
    takenGrant: taken?.code.grant,
    again: again?.firstUse,
    unknownCode: await store.takeAuthorizationCode(digest()),
    found: found
      .map((each) => ({ ...each.token, grantId: "g" }))
      .sort((left, right) => (left.tokenHash < right.tokenHash ? -1 : 1)),
    rotated,
    replayed,
    listed: listed.map((id) => id.split("-")[0]),
    revoked,
    revokedAgain: await store.revokeGrant("nothing"),
    afterRevoke: afterRevoke.map((each) => each.grant.revoked),
  };
}

describeWithDatabase("PostgreSQL OAuth store", (schema) => {
  it("answers as the memory store does", async () => {
    const accounts = createPostgresAccountStore(schema().pool, { schema: schema().name });
    await accounts.ensureOrganization({ id: ORGANIZATION, name: "Acme", subscriptionActive: true });
    const postgres = await story(
      createPostgresOAuthStore(schema().pool, { schema: schema().name }),
    );
    const memory = await story(createMemoryOAuthStore());
    expect({ ...postgres, takenGrant: undefined }).toEqual({ ...memory, takenGrant: undefined });
    expect(postgres.taken).toBe(true);
    expect(postgres.again).toBe(false);
    expect(postgres.rotated).toBe(true);
    expect(postgres.replayed).toBe(false);
    expect(postgres.listed).toEqual(["g2", "g1"]);
    expect(postgres.afterRevoke).toEqual([true, true, true]);
    expect(postgres.takenGrant?.organizationId).toBe(ORGANIZATION);
  });

  it("lets one of many concurrent exchanges of a code or a refresh token win", async () => {
    salt = "b";
    const pool = schema().openPool(8);
    const store = createPostgresOAuthStore(pool, { schema: schema().name });
    const accounts = createPostgresAccountStore(pool, { schema: schema().name });
    await accounts.ensureOrganization({ id: ORGANIZATION, name: "Acme", subscriptionActive: true });
    const clientId = "client-race";
    await store.saveClient({
      clientId,
      secretHash: undefined,
      metadata: {
        redirect_uris: ["http://127.0.0.1/cb"],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
      issuedAtEpochMilliseconds: 1_000,
    });
    const codeHash = digest();
    const raced = grant("g-race", clientId);
    await store.saveAuthorizationCode({
      codeHash,
      grant: raced,
      redirectUri: "http://127.0.0.1/cb",
      codeChallenge: "c",
      expiresAtEpochMilliseconds: 2_000,
    });
    const takes = await Promise.all(
      Array.from({ length: 8 }, () => store.takeAuthorizationCode(codeHash)),
    );
    expect(takes.filter((take) => take?.firstUse === true)).toHaveLength(1);
    const refresh = token(raced.grantId, "refresh");
    await store.saveGrant(raced, [refresh]);
    const rotations = await Promise.all(
      Array.from({ length: 8 }, () =>
        store.rotateRefreshToken(refresh.tokenHash, [token(raced.grantId, "refresh")]),
      ),
    );
    expect(rotations.filter(Boolean)).toHaveLength(1);
  });
});
