/**
 * Every migration, in ascending version order. Append new ones; never edit a released one.
 *
 * @module
 */
import { MIGRATION_0001_ACCOUNTS } from "./0001-accounts.js";
import { MIGRATION_0002_CREDITS } from "./0002-credits.js";
import { MIGRATION_0003_IDEMPOTENCY } from "./0003-idempotency.js";
import { MIGRATION_0004_RESOURCES } from "./0004-resources.js";
import { MIGRATION_0005_JOB_OUTBOX } from "./0005-job-outbox.js";
import { MIGRATION_0006_RATE_LIMITS } from "./0006-rate-limits.js";
import { MIGRATION_0007_FAIR_JOB_CLAIMS } from "./0007-fair-job-claims.js";
import { MIGRATION_0008_API_KEY_EXPIRY } from "./0008-api-key-expiry.js";
import { MIGRATION_0009_VIDEO_IDS_PER_ORGANIZATION } from "./0009-video-ids-per-organization.js";
import { MIGRATION_0010_OUTBOX_RETENTION } from "./0010-outbox-retention.js";
import { MIGRATION_0011_EDITOR_REVISIONS } from "./0011-editor-revisions.js";
import { MIGRATION_0013_WEBHOOKS } from "./0013-webhooks.js";
import { MIGRATION_0014_ACCOUNT_NOTIFICATIONS } from "./0014-account-notifications.js";
import { MIGRATION_0017_OAUTH } from "./0017-oauth.js";
import type { Migration } from "./migration.js";

export type { Migration } from "./migration.js";

/** The schema of `reelkit/postgres`, as the migrations that build it. */
export const MIGRATIONS: readonly Migration[] = [
  MIGRATION_0001_ACCOUNTS,
  MIGRATION_0002_CREDITS,
  MIGRATION_0003_IDEMPOTENCY,
  MIGRATION_0004_RESOURCES,
  MIGRATION_0005_JOB_OUTBOX,
  MIGRATION_0006_RATE_LIMITS,
  MIGRATION_0007_FAIR_JOB_CLAIMS,
  MIGRATION_0008_API_KEY_EXPIRY,
  MIGRATION_0009_VIDEO_IDS_PER_ORGANIZATION,
  MIGRATION_0010_OUTBOX_RETENTION,
  MIGRATION_0011_EDITOR_REVISIONS,
  MIGRATION_0013_WEBHOOKS,
  MIGRATION_0014_ACCOUNT_NOTIFICATIONS,
  MIGRATION_0017_OAUTH,
];
