import type { Migration } from "./migration.js";

/** Organizations and the SHA-256 digests of their API keys (spec 5). */
export const MIGRATION_0001_ACCOUNTS: Migration = {
  version: 1,
  name: "organizations and api keys",
  sql: `
CREATE TABLE organizations (
  id integer PRIMARY KEY,
  name text NOT NULL,
  subscription_active boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  key_id text PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id),
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  lookup_prefix text NOT NULL CHECK (lookup_prefix = left(key_hash, 16)),
  scopes text[] NOT NULL,
  revoked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX api_keys_lookup_prefix ON api_keys (lookup_prefix);
`,
};
