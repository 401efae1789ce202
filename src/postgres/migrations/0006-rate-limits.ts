import type { Migration } from "./migration.js";

/** The current rate-limit window of each organization, shared by every instance. */
export const MIGRATION_0006_RATE_LIMITS: Migration = {
  version: 6,
  name: "rate limit windows",
  sql: `
CREATE TABLE rate_limit_windows (
  organization_id integer PRIMARY KEY,
  window_start_ms bigint NOT NULL,
  count integer NOT NULL CHECK (count >= 1)
);
`,
};
