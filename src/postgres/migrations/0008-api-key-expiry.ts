import type { Migration } from "./migration.js";

/**
 * Optional expiry of API keys (spec 5.8, 7.2: an expired key is `invalid_api_key`).
 * Existing keys keep working: a null `expires_at` never expires.
 */
export const MIGRATION_0008_API_KEY_EXPIRY: Migration = {
  version: 8,
  name: "api key expiry",
  sql: `
ALTER TABLE api_keys ADD COLUMN expires_at timestamptz;
`,
};
