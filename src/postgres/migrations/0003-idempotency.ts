import type { Migration } from "./migration.js";

/**
 * Idempotency keys per organization: an in-flight claim with its lease, or a completed
 * response kept until its retention ends. Times are the caller's clock in milliseconds,
 * as the `IdempotencyStore` port passes them, so every decision is reproducible.
 */
export const MIGRATION_0003_IDEMPOTENCY: Migration = {
  version: 3,
  name: "idempotency keys",
  sql: `
CREATE TABLE idempotency_keys (
  account_id text NOT NULL,
  key text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_flight', 'completed')),
  fingerprint text NOT NULL,
  lease_token text,
  lease_expires_at_ms bigint,
  response_status integer,
  -- The body as JSON text, replayed byte for byte (jsonb would reorder its keys).
  response_body text,
  completed_at_ms bigint,
  retained_until_ms bigint,
  PRIMARY KEY (account_id, key),
  CHECK (state <> 'in_flight' OR (lease_token IS NOT NULL AND lease_expires_at_ms IS NOT NULL)),
  CHECK (state <> 'completed' OR (response_status IS NOT NULL AND response_body IS NOT NULL
    AND completed_at_ms IS NOT NULL AND retained_until_ms IS NOT NULL))
);

CREATE INDEX idempotency_keys_retention ON idempotency_keys (retained_until_ms)
  WHERE state = 'completed';
`,
};
