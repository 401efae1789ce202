import type { Migration } from "./migration.js";

/**
 * Every statement that changes `api_keys` or `organizations` notifies the channel
 * `<schema>.accounts` when its transaction commits, whoever sends it: reelkit, a
 * fixture, an operator in `psql`, an application's own code. Hosts that cache API keys
 * drop what they hold on it. Statement-level triggers notify once per statement however
 * many rows it touches, and PostgreSQL folds identical notifications of one transaction
 * into one.
 */
export const MIGRATION_0014_ACCOUNT_NOTIFICATIONS: Migration = {
  version: 14,
  name: "account notifications",
  sql: `
CREATE FUNCTION notify_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_TABLE_SCHEMA || '.accounts', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed();

CREATE TRIGGER organizations_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed();
`,
};
