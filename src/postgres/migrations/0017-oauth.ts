import type { Migration } from "./migration.js";

/**
 * The MCP authorization server's clients, codes, approvals and tokens. Codes, tokens and
 * client secrets are SHA-256 digests only; tokens are found by the digest's first 16 hex
 * digits, as API keys are. Revoking an approval (`revoked`) ends every token of it.
 */
export const MIGRATION_0017_OAUTH: Migration = {
  version: 17,
  name: "oauth authorization server",
  sql: `
CREATE TABLE oauth_clients (
  client_id text PRIMARY KEY,
  secret_hash text CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  metadata jsonb NOT NULL,
  issued_at timestamptz NOT NULL
);

CREATE TABLE oauth_authorization_codes (
  code_hash text PRIMARY KEY CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  grant_record jsonb NOT NULL,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  expires_at timestamptz NOT NULL,
  taken boolean NOT NULL DEFAULT false
);

CREATE TABLE oauth_grants (
  grant_id text PRIMARY KEY,
  client_id text NOT NULL REFERENCES oauth_clients (client_id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id),
  scopes text[] NOT NULL,
  resource text NOT NULL,
  api_key_hash text CHECK (api_key_hash ~ '^[0-9a-f]{64}$'),
  subject text NOT NULL,
  created_at timestamptz NOT NULL,
  revoked boolean NOT NULL DEFAULT false
);

CREATE INDEX oauth_grants_organization ON oauth_grants (organization_id, created_at DESC)
  WHERE NOT revoked;

CREATE TABLE oauth_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  lookup_prefix text NOT NULL CHECK (lookup_prefix = left(token_hash, 16)),
  kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
  grant_id text NOT NULL REFERENCES oauth_grants (grant_id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false
);

CREATE INDEX oauth_tokens_lookup_prefix ON oauth_tokens (lookup_prefix);
CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id);
`,
};
