/**
 * What the host starts with, every default filled in: the fixture's organizations or
 * the demo workspace, the catalog, assets, sound effects and social accounts (the
 * demo's where the fixture is silent), the rate limit, how jobs are scheduled, and the
 * simulator's settings.
 *
 * @module
 */

import {
  RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
} from "../memory/rate-limiter.js";
import { DEMO_SOCIAL_ACCOUNTS } from "../memory/social.js";
import type { ApiKeyOptions } from "../ports/accounts.js";
import {
  JOB_CONCURRENCY_DEFAULT,
  JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
  JOB_RENDER_CONCURRENCY_DEFAULT,
  JOB_RENDER_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
  type JobLaneLimits,
} from "../ports/jobs.js";
import type { SocialAccount } from "../ports/social.js";
import type { WebhookEndpoint } from "../ports/webhooks.js";
import type { SoundEffect } from "../ports/workspace.js";
import type { WorkspaceAssets } from "../schemas/assets.js";
import type { Catalog } from "../schemas/catalog.js";
import {
  EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
  FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
} from "../schemas/limits.js";
import { API_SCOPES, type ApiScope } from "../schemas/scopes.js";
import { DEMO_ASSETS, DEMO_CATALOG, DEMO_SOUND_EFFECTS } from "../simulated/demo-workspace.js";
import {
  type FixtureOrganization,
  type FixtureSocialAccount,
  type FixtureSoundEffect,
  fixtureWebhookId,
  type HostFixture,
} from "./fixture-schema.js";

/** The API key of the demo workspace; it carries every scope. */
export const DEMO_API_KEY = "rk_demo_local_key";
/** Starting credits of an organization whose fixture entry gives none, and of the demo. */
export const DEFAULT_ORGANIZATION_CREDITS = 10_000;
/** How long a simulated job takes when the fixture does not say. */
export const DEFAULT_JOB_DURATION_MS = 2000;
/** The prompt marker that makes a simulated job fail when the fixture does not say. */
export const DEFAULT_FAILURE_MARKER = "#fail";

/** The workspace the host starts with when no fixture is given. */
export const DEMO_FIXTURE: HostFixture = {
  organizations: [
    {
      id: 1,
      name: "Demo workspace",
      credits: DEFAULT_ORGANIZATION_CREDITS,
      subscription_active: true,
      api_keys: [{ key: DEMO_API_KEY, scopes: [...API_SCOPES] }],
    },
  ],
};

/** One API key, ready to be stored. */
export interface SetupApiKey {
  /** The key in plain text; stores keep its digest. */
  readonly key: string;
  /** Its scopes. */
  readonly scopes: readonly ApiScope[];
  /** How it is stored: revoked, or expiring at a time; a plain working key without. */
  readonly options: ApiKeyOptions;
}

/** One organization, ready to be stored. */
export interface SetupOrganization {
  /** Organization id. */
  readonly id: number;
  /** Display name. */
  readonly name: string;
  /** Starting balance. */
  readonly credits: number;
  /** Whether it has an active paid plan. */
  readonly subscriptionActive: boolean;
  /** Its keys in plain text, as the fixture wrote them. */
  readonly apiKeys: readonly SetupApiKey[];
  /** Its own assets, when the fixture gave them. */
  readonly assets: WorkspaceAssets | undefined;
  /** Its connected social accounts. */
  readonly socialAccounts: readonly SocialAccount[];
  /** Its webhook endpoints, all trusted (the operator configured them). */
  readonly webhooks: readonly WebhookEndpoint[];
}

/** Everything the host is wired from, besides its address. */
export interface HostSetup {
  /** The organizations. */
  readonly organizations: readonly SetupOrganization[];
  /** The catalog every organization sees. */
  readonly catalog: Catalog;
  /** Assets of organizations without their own. */
  readonly assets: WorkspaceAssets;
  /** The sound-effect library. */
  readonly soundEffects: readonly SoundEffect[];
  /** Paid creation requests per organization and window. */
  readonly rateLimit: { readonly maxRequests: number; readonly windowSeconds: number };
  /** Changes of editor projects per organization and window. */
  readonly editRateLimit: { readonly maxRequests: number; readonly windowSeconds: number };
  /** Previews of editor projects per organization and window. */
  readonly frameRateLimit: { readonly maxRequests: number; readonly windowSeconds: number };
  /** How the host's job worker schedules jobs. */
  readonly jobs: {
    /** Standard jobs (every kind but renders) this host runs at once. */
    readonly concurrency: number;
    /**
     * Standard jobs one organization may run at once: in this host, or over every host
     * sharing the database.
     */
    readonly maxRunningPerOrganization: number;
    /** The render lane (exports): its own slots, and its own cap per organization. */
    readonly renderLane: JobLaneLimits;
    /**
     * How long a PostgreSQL job claim lasts without renewal, so how soon another host
     * takes over the jobs of one that died; the worker's default (60 s) when undefined.
     */
    readonly leaseMilliseconds?: number | undefined;
  };
  /** How the simulated provider behaves. */
  readonly simulator: {
    readonly jobDurationMilliseconds: number;
    /** Prompt text that makes a job fail; empty turns failures off. */
    readonly failWhenPromptContains: string;
  };
}

function socialAccountOf(account: FixtureSocialAccount): SocialAccount {
  return {
    id: account.id,
    platform: account.platform,
    username: account.username,
    display_name: account.display_name ?? account.username,
    avatar_url: account.avatar_url ?? null,
  };
}

function soundEffectOf(effect: FixtureSoundEffect): SoundEffect {
  return {
    id: effect.id,
    name: effect.name,
    url: effect.url,
    durationSeconds: effect.duration_seconds,
    tags: effect.tags ?? [],
  };
}

function apiKeyOf(apiKey: FixtureOrganization["api_keys"][number]): SetupApiKey {
  const expiresAt = apiKey.expires_at === undefined ? undefined : Date.parse(apiKey.expires_at);
  return {
    key: apiKey.key,
    scopes: apiKey.scopes,
    options: {
      ...(apiKey.revoked === undefined ? {} : { revoked: apiKey.revoked }),
      ...(expiresAt === undefined ? {} : { expiresAtEpochMilliseconds: expiresAt }),
    },
  };
}

function organizationOf(
  organization: FixtureOrganization,
  sharedSocialAccounts: readonly SocialAccount[],
): SetupOrganization {
  return {
    id: organization.id,
    name: organization.name,
    credits: organization.credits ?? DEFAULT_ORGANIZATION_CREDITS,
    subscriptionActive: organization.subscription_active ?? true,
    apiKeys: organization.api_keys.map(apiKeyOf),
    assets: organization.assets,
    socialAccounts: organization.social_accounts?.map(socialAccountOf) ?? sharedSocialAccounts,
    webhooks: (organization.webhooks ?? []).map((webhook, index) => ({
      id: fixtureWebhookId(webhook, index),
      url: webhook.url,
      secret: webhook.secret,
      events: webhook.events,
      trusted: true,
    })),
  };
}

/**
 * Fills in the defaults of a fixture: absent keys take the demo workspace's values.
 *
 * @example
 * ```ts
 * setupOf(DEMO_FIXTURE).simulator.jobDurationMilliseconds; // 2000
 * ```
 */
export function setupOf(fixture: HostFixture): HostSetup {
  const sharedSocialAccounts =
    fixture.social_accounts?.map(socialAccountOf) ?? DEMO_SOCIAL_ACCOUNTS;
  return {
    organizations: fixture.organizations.map((organization) =>
      organizationOf(organization, sharedSocialAccounts),
    ),
    catalog: fixture.catalog ?? DEMO_CATALOG,
    assets: fixture.assets ?? DEMO_ASSETS,
    soundEffects: fixture.sound_effects?.map(soundEffectOf) ?? DEMO_SOUND_EFFECTS,
    rateLimit: {
      maxRequests: fixture.rate_limit?.max_requests ?? RATE_LIMIT_MAX_REQUESTS_DEFAULT,
      windowSeconds: fixture.rate_limit?.window_seconds ?? RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
    },
    editRateLimit: {
      maxRequests: fixture.edit_rate_limit?.max_requests ?? EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
      windowSeconds:
        fixture.edit_rate_limit?.window_seconds ?? EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
    },
    frameRateLimit: {
      maxRequests: fixture.frame_rate_limit?.max_requests ?? FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
      windowSeconds:
        fixture.frame_rate_limit?.window_seconds ?? FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
    },
    jobs: {
      concurrency: fixture.jobs?.concurrency ?? JOB_CONCURRENCY_DEFAULT,
      maxRunningPerOrganization:
        fixture.jobs?.max_running_per_organization ?? JOB_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
      renderLane: {
        concurrency: fixture.jobs?.render_concurrency ?? JOB_RENDER_CONCURRENCY_DEFAULT,
        maxRunningPerOrganization:
          fixture.jobs?.render_max_running_per_organization ??
          JOB_RENDER_MAX_RUNNING_PER_ORGANIZATION_DEFAULT,
      },
      leaseMilliseconds:
        fixture.jobs?.claim_lease_seconds === undefined
          ? undefined
          : fixture.jobs.claim_lease_seconds * 1000,
    },
    simulator: {
      jobDurationMilliseconds: fixture.simulator?.job_duration_ms ?? DEFAULT_JOB_DURATION_MS,
      failWhenPromptContains:
        fixture.simulator?.fail_when_prompt_contains ?? DEFAULT_FAILURE_MARKER,
    },
  };
}
