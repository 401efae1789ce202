/**
 * The schema of a host fixture: the organizations, API keys and credits the reference
 * host starts with instead of the demo workspace, and optionally its catalog, assets,
 * sound effects, social accounts, webhook endpoints, rate limit, job scheduling and
 * simulator settings.
 * Strict everywhere,
 * so a misspelled key is an error that names it rather than a setting silently ignored;
 * repeated ids are refused by {@link checkFixtureUniqueness}.
 *
 * @module
 */
import { z } from "zod";
import { workspaceAssetsSchema } from "../schemas/assets.js";
import { catalogSchema } from "../schemas/catalog.js";
import { timestampSchema, urlSchema } from "../schemas/common.js";
import { NAME_MAX_LENGTH, SOUND_EFFECT_ID_MAX_LENGTH } from "../schemas/limits.js";
import { apiScopeSchema } from "../schemas/scopes.js";
import { webhookSecretKey } from "../service/webhooks/signature.js";
import { WEBHOOK_EVENT_TYPES } from "../vocabulary.js";
import { checkFixtureUniqueness } from "./fixture-uniqueness.js";

/** Largest organization id: a PostgreSQL `integer`, so a fixture also fits a real store. */
export const FIXTURE_ORGANIZATION_ID_MAX = 2_147_483_647;
/** Most organizations one fixture may hold. */
export const FIXTURE_ORGANIZATIONS_MAX = 1000;
/** Most API keys of one organization. */
export const FIXTURE_API_KEYS_MAX = 100;
/** Largest starting balance of an organization. */
export const FIXTURE_CREDITS_MAX = 1_000_000_000;
/** Longest simulated job, in milliseconds (ten minutes). */
export const FIXTURE_JOB_DURATION_MS_MAX = 600_000;
/** Longest rate-limit window, in seconds (one day). */
export const FIXTURE_WINDOW_SECONDS_MAX = 86_400;
/** Most jobs a host may run at once. */
export const FIXTURE_JOB_CONCURRENCY_MAX = 256;
/** Most webhook endpoints of one organization. */
export const FIXTURE_WEBHOOKS_MAX = 20;
/** Longest webhook secret, `whsec_` prefix included. */
export const FIXTURE_WEBHOOK_SECRET_MAX_LENGTH = 200;
/** Longest job claim on PostgreSQL, in seconds (one hour). */
export const FIXTURE_CLAIM_LEASE_SECONDS_MAX = 3600;

/** An API key as a bearer token can carry it (RFC 6750 `b64token`), 8 to 200 characters. */
const apiKeyTextSchema = z
  .string()
  .min(8)
  .max(200)
  .regex(
    /^[A-Za-z0-9\-._~+/]+=*$/,
    "An API key may hold only letters, digits and -._~+/ (and = at the end).",
  );

/** One API key of a fixture organization. */
export const fixtureApiKeySchema = z.strictObject({
  key: apiKeyTextSchema,
  scopes: z
    .array(apiScopeSchema)
    .min(1)
    .max(4)
    .refine((scopes) => new Set(scopes).size === scopes.length, "A scope is listed twice."),
  /** A revoked key answers 401 `invalid_api_key`, as a real revoked key would. */
  revoked: z.boolean().optional(),
  /** When the key expires (ISO 8601 with an offset); from then on it answers 401. */
  expires_at: timestampSchema.optional(),
});

/** A connected social account, as the MCP tool `list_social_accounts` shows it. */
export const fixtureSocialAccountSchema = z.strictObject({
  id: z.string().min(1).max(160),
  platform: z.string().min(1).max(40),
  username: z.string().min(1).max(NAME_MAX_LENGTH),
  display_name: z.string().min(1).max(NAME_MAX_LENGTH).optional(),
  avatar_url: urlSchema.nullable().optional(),
});

/** A sound effect of the library `add_sound_effect` reads by `sound_effect_id`. */
export const fixtureSoundEffectSchema = z.strictObject({
  id: z.string().min(1).max(SOUND_EFFECT_ID_MAX_LENGTH),
  name: z.string().min(1).max(NAME_MAX_LENGTH),
  url: urlSchema,
  duration_seconds: z.number().positive().max(3600),
  tags: z.array(z.string().min(1).max(60)).max(30).optional(),
});

/**
 * One webhook endpoint the operator configures for an organization (trusted: its URL is
 * reached directly, private addresses included). `secret` is `whsec_` and base64 (the
 * Standard Webhooks form) or any other text, whose UTF-8 bytes are then the key. `id`
 * names it in every `webhook-id`; `endpoint-<position from 1>` when omitted.
 */
export const fixtureWebhookSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "A webhook id is 1 to 64 letters, digits, - and _.")
    .optional(),
  url: urlSchema,
  secret: z
    .string()
    .min(1)
    .max(FIXTURE_WEBHOOK_SECRET_MAX_LENGTH)
    .superRefine((secret, context) => {
      const key = webhookSecretKey(secret);
      if (!key.ok) context.addIssue({ code: "custom", message: key.error });
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1)
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((events) => new Set(events).size === events.length, "An event is listed twice."),
});

/** One organization of a fixture. */
export const fixtureOrganizationSchema = z.strictObject({
  id: z.int().min(1).max(FIXTURE_ORGANIZATION_ID_MAX),
  name: z.string().min(1).max(NAME_MAX_LENGTH),
  credits: z.int().min(0).max(FIXTURE_CREDITS_MAX).optional(),
  subscription_active: z.boolean().optional(),
  api_keys: z.array(fixtureApiKeySchema).min(1).max(FIXTURE_API_KEYS_MAX),
  assets: workspaceAssetsSchema.optional(),
  social_accounts: z.array(fixtureSocialAccountSchema).max(100).optional(),
  webhooks: z
    .array(fixtureWebhookSchema)
    .max(FIXTURE_WEBHOOKS_MAX)
    .refine(
      (webhooks) => new Set(webhooks.map(fixtureWebhookId)).size === webhooks.length,
      "A webhook id is used twice in one organization.",
    )
    .optional(),
});

/** The id of the webhook at `index` (from 0): its own, or `endpoint-<index + 1>`. */
export function fixtureWebhookId(
  webhook: { readonly id?: string | undefined },
  index: number,
): string {
  return webhook.id ?? `endpoint-${index + 1}`;
}

const rateLimitSchema = z.strictObject({
  max_requests: z.int().min(1).max(1_000_000),
  window_seconds: z.int().min(1).max(FIXTURE_WINDOW_SECONDS_MAX),
});

const jobsSchema = z.strictObject({
  concurrency: z.int().min(1).max(FIXTURE_JOB_CONCURRENCY_MAX).optional(),
  max_running_per_organization: z.int().min(1).max(FIXTURE_JOB_CONCURRENCY_MAX).optional(),
  // The render lane (exports), with slots and a cap of its own.
  render_concurrency: z.int().min(1).max(FIXTURE_JOB_CONCURRENCY_MAX).optional(),
  render_max_running_per_organization: z.int().min(1).max(FIXTURE_JOB_CONCURRENCY_MAX).optional(),
  // How soon another host takes over the jobs of a host that died (PostgreSQL only).
  claim_lease_seconds: z.int().min(1).max(FIXTURE_CLAIM_LEASE_SECONDS_MAX).optional(),
});

const simulatorSchema = z.strictObject({
  job_duration_ms: z.int().min(0).max(FIXTURE_JOB_DURATION_MS_MAX).optional(),
  // An empty marker turns simulated failures off.
  fail_when_prompt_contains: z.string().max(160).optional(),
});

/** The whole fixture file. */
export const hostFixtureSchema = z
  .strictObject({
    organizations: z.array(fixtureOrganizationSchema).min(1).max(FIXTURE_ORGANIZATIONS_MAX),
    rate_limit: rateLimitSchema.optional(),
    edit_rate_limit: rateLimitSchema.optional(),
    frame_rate_limit: rateLimitSchema.optional(),
    jobs: jobsSchema.optional(),
    simulator: simulatorSchema.optional(),
    catalog: catalogSchema.optional(),
    assets: workspaceAssetsSchema.optional(),
    sound_effects: z.array(fixtureSoundEffectSchema).max(1000).optional(),
    social_accounts: z.array(fixtureSocialAccountSchema).max(100).optional(),
  })
  .superRefine(checkFixtureUniqueness);

/** A fixture as written, after parsing. */
export type HostFixture = z.infer<typeof hostFixtureSchema>;
/** One organization of a {@link HostFixture}. */
export type FixtureOrganization = z.infer<typeof fixtureOrganizationSchema>;
/** One social account of a {@link HostFixture}. */
export type FixtureSocialAccount = z.infer<typeof fixtureSocialAccountSchema>;
/** One webhook endpoint of a {@link HostFixture} organization. */
export type FixtureWebhook = z.infer<typeof fixtureWebhookSchema>;
/** One sound effect of a {@link HostFixture}. */
export type FixtureSoundEffect = z.infer<typeof fixtureSoundEffectSchema>;
