import type { Migration } from "./migration.js";

/**
 * Rate-limit windows by name as well as by organization, so that one database counts
 * several limits apart: `paid` (the paid creation requests, every row so far) and `edits`
 * (changes of editor projects).
 */
export const MIGRATION_0016_RATE_LIMIT_NAMES: Migration = {
  version: 16,
  name: "rate limit names",
  sql: `
ALTER TABLE rate_limit_windows ADD COLUMN name text NOT NULL DEFAULT 'paid';
ALTER TABLE rate_limit_windows DROP CONSTRAINT rate_limit_windows_pkey;
ALTER TABLE rate_limit_windows ADD PRIMARY KEY (organization_id, name);
`,
};
