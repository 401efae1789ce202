/**
 * The authorization server's store on PostgreSQL answers as the memory store does, and
 * its single-use steps hold under races: of concurrent exchanges of one code or one
 * refresh token, exactly one wins.
 */
import {
  createMemoryOAuthStore,
  OAUTH_EXPIRED_RETENTION_MILLISECONDS,
  OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS,
  type OAuthClientRecord,
  type OAuthGrant,
  type OAuthStore,
  type OAuthTokenRecord,
} from "reelkit/mcp";
import {
  createPostgresAccountStore,
  createPostgresOAuthStore,
  pruneOAuthRecords,
} from "reelkit/postgres";
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

// A public client registered at `issuedAt`.
function client(clientId: string, issuedAt: number): OAuthClientRecord {
  return {
    clientId,
    secretHash: undefined,
    metadata: {
      redirect_uris: ["http://127.0.0.1/cb"],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
    issuedAtEpochMilliseconds: issuedAt,
  };
}

// The same story on either store; the answers are compared between them.
async function story(store: OAuthStore) {
  counter = 0;
  const clientId = `client-${digest().slice(-6)}`;
  await store.saveClient(client(clientId, 1_000));
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

// A code of `clientId`, approved but not yet exchanged, good until `expiresAt`.
async function pendingCode(store: OAuthStore, clientId: string, expiresAt: number) {
  await store.saveAuthorizationCode({
    codeHash: digest(),
    grant: grant(`g-pending-${clientId}`, clientId),
    redirectUri: "http://127.0.0.1/cb",
    codeChallenge: "c",
    expiresAtEpochMilliseconds: expiresAt,
  });
}

// A client, a code and a grant with an access and a refresh token, all expiring at 5 s;
// the lookup prefix of the tokens and the code's digest.
async function expiringSignIn(store: OAuthStore, clientId: string) {
  await store.saveClient(client(clientId, 1_000));
  const codeHash = digest();
  const approved = grant(`g-${clientId}`, clientId);
  await store.saveAuthorizationCode({
    codeHash,
    grant: approved,
    redirectUri: "http://127.0.0.1/cb",
    codeChallenge: "c",
    expiresAtEpochMilliseconds: 5_000,
  });
  const access = token(approved.grantId, "access");
  await store.saveGrant(approved, [access, token(approved.grantId, "refresh")]);
  return { codeHash, prefix: lookupPrefixOf(access.tokenHash) };
}

it("forgets codes and tokens in memory a day past their expiry, not sooner", async () => {
  salt = "c";
  let now = 5_000 + OAUTH_EXPIRED_RETENTION_MILLISECONDS;
  const store = createMemoryOAuthStore({ clock: { now: () => now } });
  const { codeHash, prefix } = await expiringSignIn(store, "client-memory");
  // A day past expiry exactly: kept, so a late replay still revokes its approval.
  await store.saveAuthorizationCode({
    codeHash: digest(),
    grant: grant("g-later", "client-memory"),
    redirectUri: "http://127.0.0.1/cb",
    codeChallenge: "c",
    expiresAtEpochMilliseconds: now + 60_000,
  });
  expect(await store.findTokens(prefix)).toHaveLength(2);
  now += 1;
  await store.saveGrant(grant("g-later", "client-memory"), []);
  expect(await store.findTokens(prefix)).toEqual([]);
  expect(await store.takeAuthorizationCode(codeHash)).toBeUndefined();
  expect((await store.grants(ORGANIZATION)).map((each) => each.grantId)).toContain(
    "g-client-memory",
  );
});

it("forgets a client in memory a day after it registered when nothing names it", async () => {
  salt = "e";
  let now = 10_000;
  const store = createMemoryOAuthStore({ clock: { now: () => now } });
  await store.saveClient(client("unused", now));
  await store.saveClient(client("approved", now));
  await store.saveGrant(grant("g-approved", "approved"), []);
  await store.saveClient(client("mid-approval", now));
  now += OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS;
  await pendingCode(store, "mid-approval", now + 60_000);
  // A day after registering exactly: kept.
  await store.saveClient(client("later", now));
  expect(await store.client("unused")).toBeDefined();
  now += 1;
  await store.saveClient(client("latest", now));
  expect(await store.client("unused")).toBeUndefined();
  for (const kept of ["approved", "mid-approval", "later", "latest"]) {
    expect(await store.client(kept), kept).toBeDefined();
  }
});

describeWithDatabase("PostgreSQL OAuth store", (schema) => {
  it("answers as the memory store does", async () => {
    const accounts = createPostgresAccountStore(schema().pool, { schema: schema().name });
    await accounts.ensureOrganization({ id: ORGANIZATION, name: "Acme", subscriptionActive: true });
    const postgres = await story(
      createPostgresOAuthStore(schema().pool, { schema: schema().name }),
    );
    // Read at the story's own time, when its tokens (expiring at 5 s) are still fresh.
    const memory = await story(createMemoryOAuthStore({ clock: { now: () => 1_000 } }));
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
    await store.saveClient(client(clientId, 1_000));
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
  it("prunes codes and tokens a day past their expiry, and keeps newer ones and the approvals", async () => {
    salt = "d";
    const accounts = createPostgresAccountStore(schema().pool, { schema: schema().name });
    await accounts.ensureOrganization({ id: ORGANIZATION, name: "Acme", subscriptionActive: true });
    const store = createPostgresOAuthStore(schema().pool, { schema: schema().name });
    const old = await expiringSignIn(store, "client-old");
    const fresh = grant("g-fresh", "client-old");
    const freshToken = {
      ...token(fresh.grantId, "access"),
      expiresAtEpochMilliseconds: Date.now(),
    };
    await store.saveGrant(fresh, [freshToken]);
    const options = { schema: schema().name, batchSize: 1 };
    // This sign-in's code and two tokens expired in 1970 (and the rows of the stories
    // before, in the same schema), deleted in batches of one row.
    expect(await pruneOAuthRecords(schema().pool, options)).toBeGreaterThanOrEqual(3);
    // The digests of one salt share their lookup prefix: only the fresh token is left.
    const left = await store.findTokens(old.prefix);
    expect(left.map((each) => each.token.tokenHash)).toEqual([freshToken.tokenHash]);
    expect(await store.takeAuthorizationCode(old.codeHash)).toBeUndefined();
    const approvals = (await store.grants(ORGANIZATION)).map((each) => each.grantId);
    expect(approvals).toEqual(expect.arrayContaining(["g-fresh", "g-client-old"]));
    expect(await pruneOAuthRecords(schema().pool, options)).toBe(0);
  });

  it("prunes clients registered a day ago that no approval or code names, and keeps the rest", async () => {
    salt = "f";
    const accounts = createPostgresAccountStore(schema().pool, { schema: schema().name });
    await accounts.ensureOrganization({ id: ORGANIZATION, name: "Acme", subscriptionActive: true });
    const store = createPostgresOAuthStore(schema().pool, { schema: schema().name });
    const now = Date.now();
    const dayAgo = now - OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS;
    for (const id of ["unused-1", "unused-2", "unused-3"]) {
      await store.saveClient(client(id, dayAgo - 60_000));
    }
    await store.saveClient(client("approved-old", dayAgo - 60_000));
    await store.saveGrant(grant("g-approved-old", "approved-old"), []);
    await store.saveClient(client("mid-approval", dayAgo - 60_000));
    await pendingCode(store, "mid-approval", now + 60_000);
    await store.saveClient(client("young", dayAgo + 60_000));
    const options = { schema: schema().name, batchSize: 2 };
    // The three unused clients, two a batch.
    expect(await pruneOAuthRecords(schema().pool, options)).toBe(3);
    for (const gone of ["unused-1", "unused-2", "unused-3"]) {
      expect(await store.client(gone), gone).toBeUndefined();
    }
    for (const kept of ["approved-old", "mid-approval", "young"]) {
      expect(await store.client(kept), kept).toBeDefined();
    }
    expect(await pruneOAuthRecords(schema().pool, options)).toBe(0);
  });
});
