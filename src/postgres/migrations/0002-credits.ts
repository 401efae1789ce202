import type { Migration } from "./migration.js";

/**
 * Credit accounts, holds and the append-only ledger. The account row is the lock every
 * change of an organization's credits takes; the checks make an overdraft impossible
 * even for a buggy writer.
 */
export const MIGRATION_0002_CREDITS: Migration = {
  version: 2,
  name: "credit accounts, holds and ledger",
  sql: `
CREATE TABLE credit_accounts (
  account_id text PRIMARY KEY,
  posted bigint NOT NULL DEFAULT 0 CHECK (posted >= 0),
  pending bigint NOT NULL DEFAULT 0 CHECK (pending >= 0),
  -- available = posted - pending never goes negative: no overdraft.
  CONSTRAINT credit_accounts_available_not_negative CHECK (posted - pending >= 0),
  -- The last ledger sequence, so entries are numbered from 1 without gaps.
  entry_count bigint NOT NULL DEFAULT 0 CHECK (entry_count >= 0)
);

CREATE TABLE credit_holds (
  account_id text NOT NULL REFERENCES credit_accounts (account_id),
  hold_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  state text NOT NULL CHECK (state IN ('pending', 'captured', 'released')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  PRIMARY KEY (account_id, hold_id)
);

CREATE INDEX credit_holds_open ON credit_holds (created_at) WHERE state = 'pending';

CREATE TABLE credit_ledger (
  account_id text NOT NULL REFERENCES credit_accounts (account_id),
  sequence bigint NOT NULL CHECK (sequence >= 1),
  kind text NOT NULL CHECK (kind IN ('grant', 'hold', 'capture', 'release')),
  amount bigint NOT NULL CHECK (amount >= 0),
  hold_id text,
  reference text,
  recorded_at_ms bigint NOT NULL,
  PRIMARY KEY (account_id, sequence),
  CHECK ((kind = 'grant') = (reference IS NOT NULL AND hold_id IS NULL)),
  CHECK ((kind = 'grant') <> (hold_id IS NOT NULL))
);

CREATE FUNCTION reelkit_refuse_ledger_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only';
END;
$$;

CREATE TRIGGER credit_ledger_append_only
  BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION reelkit_refuse_ledger_change();
`,
};
