/**
 * Every port the service needs apart from its providers, in memory and built from
 * Web-standard APIs only, so an embedder (or a test) gets a working set in one call on
 * Node, Bun, Deno, Workers and in a browser.
 *
 * @module
 */
import { type Clock, systemClock } from "../clock.js";
import type { CreditStore } from "../credits/store.js";
import { randomEditorId } from "../editor/random-id.js";
import { createUploadUrlSigner, UPLOAD_URL_SECRET_MIN_BYTES } from "../media/signed-urls.js";
import type { UrlFetcher } from "../media/url-fetcher.js";
import { toOrganizationId } from "../organization-id.js";
import type { NewApiKey } from "../ports/accounts.js";
import type { ServiceDependencies } from "../ports/dependencies.js";
import { err } from "../result.js";
import {
  EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
  FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
  FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
} from "../schemas/limits.js";
import { createMemoryAccountStore, type MemoryAccountStore } from "./account-store.js";
import { createMemoryCreditStore } from "./credit-store.js";
import { createMemoryIdempotencyStore } from "./idempotency-store.js";
import { createMemoryJobQueue, type MemoryJobQueue } from "./job-queue.js";
import { createMemoryMediaStorage, type MemoryMediaStorage } from "./media-storage.js";
import { createMemoryRateLimiter, type MemoryRateLimiterOptions } from "./rate-limiter.js";
import { createMemoryResourceStores } from "./record-store.js";
import { createMemorySocialPublisher } from "./social.js";

/** Where {@link createMemoryPorts} says the API lives when no origin is given. */
export const MEMORY_PORTS_ORIGIN_DEFAULT = "http://127.0.0.1:8787";
/** Path under the origin where the API is served (its version prefix). */
export const MEMORY_PORTS_API_PATH = "/v1";
/** Path under the origin where the in-memory media storage says its objects are served. */
export const MEMORY_PORTS_FILES_PATH = "/files";
/** Ledger reference of the starting balances of seeded organizations. */
export const MEMORY_STARTING_CREDITS_REFERENCE = "starting credits";

/** An API key of a seeded organization, in plain text (the store keeps a digest). */
export type MemoryApiKey = NewApiKey;

/** An organization to create in the in-memory stores, with its keys and credits. */
export interface MemoryOrganization {
  /** Integer id, as `organization_id` on the wire. */
  readonly id: number;
  /** Display name; `Organization <id>` when omitted. */
  readonly name?: string;
  /** Whether it has an active paid plan; true when omitted (without one every call is a 402). */
  readonly subscriptionActive?: boolean;
  /** Its API keys. */
  readonly apiKeys: readonly MemoryApiKey[];
  /** Starting credit balance; none when omitted. */
  readonly credits?: number;
}

/** Settings of {@link createMemoryPorts}; every field has a default. */
export interface MemoryPortsOptions {
  /**
   * The origin clients reach the API at, such as `https://api.example.com`: the API is
   * at `<origin>/v1` (written into the OpenAPI document and the signed upload URLs) and
   * stored media at `<origin>/files/...`, which the host serves from `mediaStorage`.
   * {@link MEMORY_PORTS_ORIGIN_DEFAULT} when omitted.
   */
  readonly origin?: string;
  /** Organizations, API keys and balances to start with; none when omitted. */
  readonly organizations?: readonly MemoryOrganization[];
  /** The time; the system clock when omitted. */
  readonly clock?: Clock;
  /**
   * Secret of the signed direct-upload URLs, at least
   * {@link UPLOAD_URL_SECRET_MIN_BYTES} bytes; random per call when omitted (so upload
   * URLs end with the process, as the files in memory do).
   */
  readonly uploadUrlSecret?: string | Uint8Array;
  /**
   * Downloads `source_url` imports. When omitted, every import by URL is refused with a
   * clear message: a safe downloader needs control of DNS and sockets, which only a
   * server runtime has (`createNodeUrlFetcher` of `reelkit/node`).
   */
  readonly urlFetcher?: UrlFetcher;
  /** Limits of paid creation requests per organization. */
  readonly rateLimit?: MemoryRateLimiterOptions;
  /**
   * Limits of changes of editor projects per organization;
   * `EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT` per `EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT`
   * seconds by default.
   */
  readonly editRateLimit?: MemoryRateLimiterOptions;
  /**
   * Limits of previews of editor projects per organization;
   * `FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT` per `FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT`
   * seconds by default.
   */
  readonly frameRateLimit?: MemoryRateLimiterOptions;
}

/**
 * The ports of {@link createMemoryPorts}: everything {@link ServiceDependencies} needs
 * except the providers and the workspace directory, with the in-memory stores' extra
 * controls (seeding accounts, running jobs, serving stored media).
 */
export interface MemoryPorts
  extends Omit<
    ServiceDependencies,
    "provider" | "scriptWriter" | "visuals" | "transcription" | "speech" | "workspace" | "prices"
  > {
  /** Organizations and API keys; add more with `putOrganization` and `addApiKey`. */
  readonly accounts: MemoryAccountStore;
  /** Paid work; start it with `queue.start(service.processJob)`. */
  readonly queue: MemoryJobQueue;
  /** Stored media; `objectKeyOf(url)` and `get(key)` serve it under `<origin>/files`. */
  readonly mediaStorage: MemoryMediaStorage;
  /**
   * Settles once the `organizations` option is stored. Requests wait for it by
   * themselves; await it to see a seeding error (such as a fractional balance) at once.
   */
  readonly ready: Promise<void>;
}

const REFUSING_URL_FETCHER: UrlFetcher = {
  async fetch() {
    return err({
      reason: "network_error",
      message: "This server does not import media by URL; upload the file instead.",
    });
  },
};

/** The stores {@link seedMemoryAccounts} fills: organizations and keys, and credits. */
export interface MemoryAccountStores {
  /** Takes the organizations and their keys. */
  readonly accounts: MemoryAccountStore;
  /** Takes the starting balances. */
  readonly credits: CreditStore;
}

/** Settings of {@link seedMemoryAccounts}. */
export interface MemorySeedOptions {
  /** The ledger reference of starting credits; {@link MEMORY_STARTING_CREDITS_REFERENCE} by default. */
  readonly creditsReference?: string;
}

/**
 * Stores `organizations` with their API keys and starting credits in an account and a
 * credit store (the credit store names accounts by the organization id as text).
 *
 * @example
 * ```ts
 * await seedMemoryAccounts({ accounts, credits }, [
 *   { id: 1, name: "Acme", credits: 500, apiKeys: [{ key: "rk_test_acme", scopes: API_SCOPES }] },
 * ]);
 * ```
 */
export async function seedMemoryAccounts(
  { accounts, credits }: MemoryAccountStores,
  organizations: readonly MemoryOrganization[],
  { creditsReference = MEMORY_STARTING_CREDITS_REFERENCE }: MemorySeedOptions = {},
): Promise<void> {
  for (const organization of organizations) {
    const id = toOrganizationId(organization.id);
    accounts.putOrganization({
      id,
      name: organization.name ?? `Organization ${organization.id}`,
      subscriptionActive: organization.subscriptionActive ?? true,
    });
    for (const apiKey of organization.apiKeys) {
      await accounts.addApiKey(id, apiKey);
    }
    const startingCredits = organization.credits ?? 0;
    if (startingCredits > 0) {
      await credits.grant(id, startingCredits, creditsReference);
    }
  }
}

// Key digests come from Web Crypto, which is asynchronous; every request authenticates
// through these two reads first, so making them wait for the seeding keeps
// createMemoryPorts synchronous without a request ever seeing a half-seeded store.
function afterSeeding(accounts: MemoryAccountStore, ready: Promise<void>): MemoryAccountStore {
  return {
    ...accounts,
    async findKeysByLookupPrefix(lookupPrefix) {
      await ready;
      return accounts.findKeysByLookupPrefix(lookupPrefix);
    },
    async organization(organizationId) {
      await ready;
      return accounts.organization(organizationId);
    },
  };
}

/**
 * Creates every port of the service but the providers, in memory: accounts (seeded with
 * `organizations`), credits, idempotency keys, records, the job queue, the rate limiter,
 * media storage, signed upload URLs, social publishing, the clock and the ids. Spread
 * it with providers (such as `createSimulatedProviders`) into `createService`.
 *
 * @example
 * ```ts
 * import { createService } from "reelkit";
 * import { API_SCOPES } from "reelkit/schemas";
 * import { createMemoryPorts } from "reelkit/memory";
 * import { createSimulatedProviders } from "reelkit/simulated";
 * import { createFetchHandler } from "reelkit/http";
 *
 * const ports = createMemoryPorts({
 *   organizations: [{ id: 1, credits: 1000, apiKeys: [{ key: "rk_test_acme", scopes: API_SCOPES }] }],
 * });
 * const service = createService({ ...ports, ...createSimulatedProviders(ports) });
 * ports.queue.start(service.processJob);
 * const handler = createFetchHandler(service.api); // serves /v1/...
 * ```
 */
export function createMemoryPorts(options: MemoryPortsOptions = {}): MemoryPorts {
  const origin = (options.origin ?? MEMORY_PORTS_ORIGIN_DEFAULT).replace(/\/+$/, "");
  const clock = options.clock ?? systemClock;
  const accounts = createMemoryAccountStore();
  const credits = createMemoryCreditStore({ clock });
  const ready = seedMemoryAccounts({ accounts, credits }, options.organizations ?? []);
  // Requests see a failed seeding through the account reads; this only keeps the
  // runtime from reporting it as unhandled before one arrives.
  ready.catch(() => undefined);
  const secret =
    options.uploadUrlSecret ?? crypto.getRandomValues(new Uint8Array(UPLOAD_URL_SECRET_MIN_BYTES));
  return {
    accounts: afterSeeding(accounts, ready),
    credits,
    idempotency: createMemoryIdempotencyStore(),
    stores: createMemoryResourceStores(),
    queue: createMemoryJobQueue(),
    rateLimiter: createMemoryRateLimiter(options.rateLimit),
    editRateLimiter: createMemoryRateLimiter({
      maxRequests: EDIT_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
      windowSeconds: EDIT_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
      ...options.editRateLimit,
    }),
    frameRateLimiter: createMemoryRateLimiter({
      maxRequests: FRAME_RATE_LIMIT_MAX_REQUESTS_DEFAULT,
      windowSeconds: FRAME_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
      ...options.frameRateLimit,
    }),
    mediaStorage: createMemoryMediaStorage({
      publicBaseUrl: `${origin}${MEMORY_PORTS_FILES_PATH}`,
    }),
    uploadUrls: createUploadUrlSigner({
      secret,
      baseUrl: `${origin}${MEMORY_PORTS_API_PATH}/uploads`,
      clock,
    }),
    urlFetcher: options.urlFetcher ?? REFUSING_URL_FETCHER,
    clock,
    ids: { uuid: () => crypto.randomUUID(), editorId: randomEditorId },
    social: createMemorySocialPublisher({ accountsByOrganization: new Map() }),
    publicBaseUrl: `${origin}${MEMORY_PORTS_API_PATH}`,
    ready,
  };
}
