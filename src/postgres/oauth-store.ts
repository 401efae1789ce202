/**
 * The MCP authorization server's store on PostgreSQL (migration 17): clients, codes,
 * approvals and tokens shared by every host of the database, so a code issued by one
 * host is exchanged on another and a revocation holds everywhere at once. Taking a code
 * and rotating a refresh token are single statements on a locked row, so two hosts racing
 * with the same one see exactly one success.
 *
 * @module
 */
import type { Pool } from "pg";
import { toOrganizationId } from "../organization-id.js";
import { lookupPrefixOf } from "../ports/api-keys.js";
import {
  type AuthorizationCodeRecord,
  OAUTH_EXPIRED_RETENTION_MILLISECONDS,
  OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS,
  type OAuthClientRecord,
  type OAuthGrant,
  type OAuthStore,
  type OAuthTokenRecord,
  type RegisteredClientMetadata,
} from "../ports/oauth-store.js";
import type { ApiScope } from "../schemas/scopes.js";
import { checkedBatchSize, inBatches } from "./batches.js";
import type { Queryable } from "./credit-rows.js";
import { type PostgresSchema, type PostgresSchemaOptions, postgresSchemaOf } from "./schema.js";
import { inTransaction, queryable } from "./transaction.js";

type Row = Record<string, unknown>;

const GRANT_COLUMNS =
  "grant_id, client_id, organization_id, scopes, resource, api_key_hash, subject, created_at, revoked";

function grantOf(row: Row): OAuthGrant {
  return {
    grantId: String(row.grant_id),
    clientId: String(row.client_id),
    organizationId: toOrganizationId(row.organization_id),
    scopes: row.scopes as ApiScope[],
    resource: String(row.resource),
    apiKeyHash: row.api_key_hash === null ? undefined : String(row.api_key_hash),
    subject: String(row.subject),
    createdAtEpochMilliseconds: (row.created_at as Date).getTime(),
    revoked: row.revoked === true,
  };
}

function tokenOf(row: Row): OAuthTokenRecord {
  return {
    tokenHash: String(row.token_hash),
    kind: row.kind === "refresh" ? "refresh" : "access",
    grantId: String(row.grant_id),
    scopes: row.token_scopes as ApiScope[],
    expiresAtEpochMilliseconds: (row.expires_at as Date).getTime(),
    used: row.used === true,
  };
}

// The code's grant as JSON: it becomes a row only when the code is exchanged.
function codeOf(row: Row): AuthorizationCodeRecord {
  const grant = row.grant_record as OAuthGrant;
  return {
    codeHash: String(row.code_hash),
    grant: { ...grant, organizationId: toOrganizationId(grant.organizationId) },
    redirectUri: String(row.redirect_uri),
    codeChallenge: String(row.code_challenge),
    expiresAtEpochMilliseconds: (row.expires_at as Date).getTime(),
  };
}

async function insertTokens(
  client: Queryable,
  schema: PostgresSchema,
  tokens: readonly OAuthTokenRecord[],
): Promise<void> {
  for (const token of tokens) {
    await client.query(
      `INSERT INTO ${schema.table("oauth_tokens")} (token_hash, lookup_prefix, kind, grant_id, scopes, expires_at, used)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        token.tokenHash,
        lookupPrefixOf(token.tokenHash),
        token.kind,
        token.grantId,
        [...token.scopes],
        new Date(token.expiresAtEpochMilliseconds),
        token.used,
      ],
    );
  }
}

async function insertGrant(client: Queryable, schema: PostgresSchema, grant: OAuthGrant) {
  await client.query(
    `INSERT INTO ${schema.table("oauth_grants")} (${GRANT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      grant.grantId,
      grant.clientId,
      grant.organizationId,
      [...grant.scopes],
      grant.resource,
      grant.apiKeyHash ?? null,
      grant.subject,
      new Date(grant.createdAtEpochMilliseconds),
      grant.revoked,
    ],
  );
}

function clientStatements(pool: Pool, schema: PostgresSchema) {
  const clients = schema.table("oauth_clients");
  return {
    async saveClient(client: OAuthClientRecord) {
      await queryable(pool).query(
        `INSERT INTO ${clients} (client_id, secret_hash, metadata, issued_at) VALUES ($1, $2, $3, $4)`,
        [
          client.clientId,
          client.secretHash ?? null,
          JSON.stringify(client.metadata),
          new Date(client.issuedAtEpochMilliseconds),
        ],
      );
    },
    async client(clientId: string) {
      const { rows } = await queryable(pool).query(
        `SELECT client_id, secret_hash, metadata, issued_at FROM ${clients} WHERE client_id = $1`,
        [clientId],
      );
      const row = rows[0];
      if (row === undefined) return undefined;
      return {
        clientId: String(row.client_id),
        secretHash: row.secret_hash === null ? undefined : String(row.secret_hash),
        metadata: row.metadata as RegisteredClientMetadata,
        issuedAtEpochMilliseconds: (row.issued_at as Date).getTime(),
      };
    },
  };
}

function codeStatements(pool: Pool, schema: PostgresSchema) {
  const codes = schema.table("oauth_authorization_codes");
  return {
    async saveAuthorizationCode(code: AuthorizationCodeRecord) {
      await queryable(pool).query(
        `INSERT INTO ${codes} (code_hash, grant_record, redirect_uri, code_challenge, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          code.codeHash,
          JSON.stringify(code.grant),
          code.redirectUri,
          code.codeChallenge,
          new Date(code.expiresAtEpochMilliseconds),
        ],
      );
    },
    async takeAuthorizationCode(codeHash: string) {
      // The row lock orders racing exchanges; each sees the value the one before left.
      const { rows } = await queryable(pool).query(
        `WITH before AS (SELECT code_hash, taken FROM ${codes} WHERE code_hash = $1 FOR UPDATE)
         UPDATE ${codes} c SET taken = true FROM before WHERE c.code_hash = before.code_hash
         RETURNING c.code_hash, c.grant_record, c.redirect_uri, c.code_challenge, c.expires_at, before.taken AS was_taken`,
        [codeHash],
      );
      const row = rows[0];
      return row === undefined
        ? undefined
        : { code: codeOf(row), firstUse: row.was_taken !== true };
    },
  };
}

function tokenStatements(pool: Pool, schema: PostgresSchema) {
  const tokens = schema.table("oauth_tokens");
  const grants = schema.table("oauth_grants");
  return {
    async findTokens(lookupPrefix: string) {
      const { rows } = await queryable(pool).query(
        `SELECT t.token_hash, t.kind, t.grant_id, t.scopes AS token_scopes, t.expires_at, t.used,
           g.client_id, g.organization_id, g.scopes, g.resource, g.api_key_hash, g.subject, g.created_at, g.revoked
         FROM ${tokens} t JOIN ${grants} g ON g.grant_id = t.grant_id
         WHERE t.lookup_prefix = $1`,
        [lookupPrefix],
      );
      return rows.map((row) => ({ token: tokenOf(row), grant: grantOf(row) }));
    },
    rotateRefreshToken: (tokenHash: string, next: readonly OAuthTokenRecord[]) =>
      inTransaction(pool, async (client) => {
        const used = await client.query(
          `UPDATE ${tokens} SET used = true WHERE token_hash = $1 AND kind = 'refresh' AND NOT used`,
          [tokenHash],
        );
        if (used.rowCount !== 1) return false;
        await insertTokens(client, schema, next);
        return true;
      }),
  };
}

/**
 * Creates the authorization server's store over the pool's database (run `migrate`
 * first, with the same `schema` option).
 *
 * @example
 * ```ts
 * import { createAuthorizationServer } from "reelkit/mcp";
 * import { createPostgresOAuthStore } from "reelkit/postgres";
 *
 * const store = createPostgresOAuthStore(pool, { schema: "reelkit" });
 * const oauth = createAuthorizationServer({ issuer, resource, store, signIn });
 * ```
 */
export function createPostgresOAuthStore(
  pool: Pool,
  options: PostgresSchemaOptions = {},
): OAuthStore {
  const schema = postgresSchemaOf(options);
  const grants = schema.table("oauth_grants");
  return {
    ...clientStatements(pool, schema),
    ...codeStatements(pool, schema),
    ...tokenStatements(pool, schema),
    saveGrant: (grant, first) =>
      inTransaction(pool, async (client) => {
        await insertGrant(client, schema, grant);
        await insertTokens(client, schema, first);
      }),
    async revokeGrant(grantId) {
      const result = await queryable(pool).query(
        `UPDATE ${grants} SET revoked = true WHERE grant_id = $1`,
        [grantId],
      );
      return result.rowCount === 1;
    },
    async grants(organizationId) {
      const { rows } = await queryable(pool).query(
        `SELECT ${GRANT_COLUMNS} FROM ${grants} WHERE organization_id = $1 AND NOT revoked
         ORDER BY created_at DESC, grant_id`,
        [organizationId],
      );
      return rows.map(grantOf);
    },
  };
}

/** Settings of {@link pruneOAuthRecords}. */
export interface OAuthPruningOptions extends PostgresSchemaOptions {
  /** Rows one statement deletes at most; 500 by default. */
  readonly batchSize?: number;
}

/**
 * Deletes authorization codes and tokens that expired more than
 * `OAUTH_EXPIRED_RETENTION_MILLISECONDS` (a day) ago, then the clients registered more
 * than `OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS` (a day) ago that no approval and no
 * code names, in batches, and says how many rows went. Approvals, and the clients they
 * name, are kept: an approval lists under its organization until it is revoked. The job
 * worker calls it with its outbox pruning.
 *
 * @example
 * ```ts
 * await pruneOAuthRecords(pool, { schema: "reelkit" }); // 12
 * ```
 */
export async function pruneOAuthRecords(
  pool: Pool,
  options: OAuthPruningOptions = {},
): Promise<number> {
  const schema = postgresSchemaOf(options);
  const batchSize = checkedBatchSize(options.batchSize);
  // Runs one `WITH doomed AS (… LIMIT $2) DELETE …` statement in batches, $1 being how
  // long rows are kept.
  const deleteInBatches = (sql: string, retentionMilliseconds: number) =>
    inBatches(
      async () => (await pool.query(sql, [retentionMilliseconds, batchSize])).rowCount ?? 0,
      batchSize,
    );
  const expired = (table: "oauth_authorization_codes" | "oauth_tokens", key: string) =>
    `WITH doomed AS (
        SELECT ${key} FROM ${schema.table(table)}
        WHERE expires_at < now() - make_interval(secs => $1::double precision / 1000)
        LIMIT $2 FOR UPDATE SKIP LOCKED)
      DELETE FROM ${schema.table(table)} AS expired USING doomed
      WHERE expired.${key} = doomed.${key}`;
  // An approval being written meanwhile holds a key-share lock on its client's row (the
  // foreign key), so that client is skipped, not deleted. A client approved in the very
  // moment it is forgotten is refused at the exchange and registers again.
  const unusedClients = `WITH doomed AS (
      SELECT client_id FROM ${schema.table("oauth_clients")} AS client
      WHERE issued_at < now() - make_interval(secs => $1::double precision / 1000)
        AND NOT EXISTS (SELECT 1 FROM ${schema.table("oauth_grants")} AS approval
          WHERE approval.client_id = client.client_id)
        AND NOT EXISTS (SELECT 1 FROM ${schema.table("oauth_authorization_codes")} AS code
          WHERE code.grant_record ->> 'clientId' = client.client_id)
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    DELETE FROM ${schema.table("oauth_clients")} AS unused USING doomed
    WHERE unused.client_id = doomed.client_id`;
  return (
    (await deleteInBatches(
      expired("oauth_authorization_codes", "code_hash"),
      OAUTH_EXPIRED_RETENTION_MILLISECONDS,
    )) +
    (await deleteInBatches(
      expired("oauth_tokens", "token_hash"),
      OAUTH_EXPIRED_RETENTION_MILLISECONDS,
    )) +
    (await deleteInBatches(unusedClients, OAUTH_UNUSED_CLIENT_RETENTION_MILLISECONDS))
  );
}
