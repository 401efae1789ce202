/**
 * A whole service over in-memory ports, driven through the real fetch handler: a manual
 * clock, counting ids, three organizations and a key for every case of spec 5.
 */

import {
  createManualClock,
  createService,
  createStaticUrlFetcher,
  createUploadUrlSigner,
  type ManualClock,
  type ProjectMediaSources,
  type ReelkitService,
  type Renderer,
  type ServiceDependencies,
  type StaticResource,
  type UrlFetcher,
  type WebhookDeliveryQueue,
  type WebhookEndpoint,
  type WebhookPorts,
  type WorkProvider,
} from "reelkit";
import { createFetchHandler, type FetchHandler } from "reelkit/http";
import {
  createMemoryAccountStore,
  createMemoryCreditStore,
  createMemoryIdempotencyStore,
  createMemoryJobQueue,
  createMemoryMediaStorage,
  createMemoryRateLimiter,
  createMemoryResourceStores,
  createMemoryWebhookPorts,
  createStaticWorkspaceDirectory,
  type MemoryAccountStore,
  type MemoryJobQueue,
  type MemoryMediaStorage,
} from "reelkit/memory";
import type { ApiScope } from "reelkit/schemas";
import {
  createSimulatedScriptWriter,
  createSimulatedSpeechProvider,
  createSimulatedTranscriptionProvider,
  createSimulatedVisualGenerator,
  createSimulatedWorkProvider,
  DEMO_ASSETS,
  DEMO_CATALOG,
  DEMO_SOUND_EFFECTS,
} from "reelkit/simulated";
import { type OrganizationId, toOrganizationId } from "../../../src/organization-id.js";
import type { OpenApiDocument } from "../../../src/schemas/openapi.js";
import { postgresHarnessStores } from "../../postgres/support/harness-stores.js";
import { validatingHandler } from "../../support/openapi-responses.js";
import { CDN_MEDIA } from "./cdn-media.js";

/** Origin of every request the harness sends. */
export const ORIGIN = "http://reelkit.test";
/** Base URL of the API. */
export const BASE_URL = `${ORIGIN}/v1`;

const READ: ApiScope = "generations:read";
const WRITE: ApiScope = "generations:write";

/** Organizations of the harness. */
export const ORGS = {
  acme: toOrganizationId(1),
  other: toOrganizationId(2),
  lapsed: toOrganizationId(3),
} as const;

/** API keys of the harness, one per authentication case. */
export const KEYS = {
  /** Acme, read and write. */
  acme: "rk_test_acme_read_write",
  /** Acme, read only. */
  acmeRead: "rk_test_acme_read_only",
  /** Acme, write only. */
  acmeWrite: "rk_test_acme_write_only",
  /** Acme, social scopes only. */
  acmeSocial: "rk_test_acme_social_only",
  /** Acme, revoked. */
  revoked: "rk_test_acme_revoked",
  /** Another organization, read and write. */
  other: "rk_test_other_read_write",
  /** An organization without a subscription. */
  lapsed: "rk_test_lapsed_read_write",
} as const;

/** Settings of {@link createHarness}. */
export interface HarnessOptions {
  /** Acme's starting credits; 5000 by default. */
  readonly credits?: number;
  /** Rate limit; 1000 per minute by default, so only rate-limit tests meet it. */
  readonly rateLimit?: { readonly maxRequests: number; readonly windowSeconds: number };
  /** Limit of changes of editor projects; none by default, so only its tests meet one. */
  readonly editRateLimit?: { readonly maxRequests: number; readonly windowSeconds: number };
  /** Limit of previews of editor projects; none by default, so only its tests meet one. */
  readonly frameRateLimit?: { readonly maxRequests: number; readonly windowSeconds: number };
  /** Most jobs the queue holds before `enqueue` fails; unlimited by default. */
  readonly queueCapacity?: number;
  /** Resources the URL fetcher serves, by URL; {@link CDN_MEDIA} by default. */
  readonly urls?: Readonly<Record<string, StaticResource>>;
  /** Replaces the static URL fetcher. */
  readonly urlFetcher?: UrlFetcher;
  /** Replaces the simulated provider. */
  readonly provider?: WorkProvider;
  /** Makes the renderer from the harness's media storage and URL fetcher; none by default. */
  readonly renderer?: (sources: ProjectMediaSources) => Renderer;
  /** Webhook endpoints by organization id; no webhook ports without them. */
  readonly webhookEndpoints?: Readonly<Record<number, readonly WebhookEndpoint[]>>;
  /** Replaces any other port. */
  readonly overrides?: Partial<ServiceDependencies>;
}

/** The webhook ports of a harness and the claims its dispatchers take. */
export interface HarnessWebhooks extends WebhookPorts {
  readonly queue: WebhookDeliveryQueue;
}

/** A response as the tests read it. */
export interface HarnessResponse {
  readonly status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies by path and assert real values.
  readonly body: any;
  /** The raw body, for binary answers such as PNG previews. */
  readonly bytes: Uint8Array;
  readonly headers: Headers;
}

/** Options of one call. */
export interface CallOptions {
  /** The API key; none is sent when undefined. */
  readonly key?: string | undefined;
  /** A JSON body, or a FormData for multipart. */
  readonly body?: unknown;
  /** Extra headers, such as `Idempotency-Key`. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The harness. */
export interface Harness {
  readonly service: ReelkitService;
  readonly handler: FetchHandler;
  readonly deps: ServiceDependencies;
  readonly clock: ManualClock;
  readonly queue: MemoryJobQueue;
  readonly accounts: MemoryAccountStore;
  readonly storage: MemoryMediaStorage;
  /** The webhook ports, when `webhookEndpoints` was given. */
  readonly webhooks: HarnessWebhooks | undefined;
  /** Errors the handler caught and answered with a 500; tests expect it empty. */
  readonly serverErrors: unknown[];
  /** Sends a request to `BASE_URL + path`. */
  call(method: string, path: string, options?: CallOptions): Promise<HarnessResponse>;
  /** Runs every queued job now; returns how many ran. */
  runJobs(): Promise<number>;
  /** Available credits of an organization. */
  available(organizationId?: OrganizationId): Promise<number>;
}

let uuidCounter = 0;

/** A counting UUID (version 4 layout), unique across harnesses in one test file. */
export function countingUuid(): string {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${uuidCounter.toString(16).padStart(12, "0")}`;
}

/**
 * Wraps a handler of the harness's API so that every response is checked against the
 * OpenAPI document the same handler serves at GET /openapi.json.
 */
export function servedDocumentChecks(raw: FetchHandler): FetchHandler {
  let served: Promise<OpenApiDocument> | undefined;
  const document = () => {
    served ??= raw(new Request(`${BASE_URL}/openapi.json`)).then(
      (response) => response.json() as Promise<OpenApiDocument>,
    );
    return served;
  };
  return validatingHandler(raw, document, new URL(BASE_URL).pathname);
}

/** Builds a fresh service and its ports. */
export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = createManualClock(Date.parse("2026-11-22T09:00:00.000Z"));
  // REELKIT_TEST_STORES=postgres runs the same tests on PostgreSQL stores.
  const postgres = await postgresHarnessStores({ clock, queueCapacity: options.queueCapacity });
  const accounts = postgres?.accounts ?? createMemoryAccountStore();
  accounts.putOrganization({ id: ORGS.acme, name: "Acme", subscriptionActive: true });
  accounts.putOrganization({ id: ORGS.other, name: "Other", subscriptionActive: true });
  accounts.putOrganization({ id: ORGS.lapsed, name: "Lapsed", subscriptionActive: false });
  await accounts.addApiKey(ORGS.acme, { key: KEYS.acme, scopes: [READ, WRITE] });
  await accounts.addApiKey(ORGS.acme, { key: KEYS.acmeRead, scopes: [READ] });
  await accounts.addApiKey(ORGS.acme, { key: KEYS.acmeWrite, scopes: [WRITE] });
  await accounts.addApiKey(ORGS.acme, {
    key: KEYS.acmeSocial,
    scopes: ["social:read", "social:write"],
  });
  await accounts.addApiKey(ORGS.acme, {
    key: KEYS.revoked,
    scopes: [READ, WRITE],
    options: { revoked: true },
  });
  await accounts.addApiKey(ORGS.other, { key: KEYS.other, scopes: [READ, WRITE] });
  await accounts.addApiKey(ORGS.lapsed, { key: KEYS.lapsed, scopes: [READ, WRITE] });
  const credits = postgres?.credits ?? createMemoryCreditStore({ clock });
  await credits.grant(ORGS.acme, options.credits ?? 5000, "harness");
  await credits.grant(ORGS.other, 5000, "harness");
  await credits.grant(ORGS.lapsed, 5000, "harness");
  const storage = createMemoryMediaStorage({ publicBaseUrl: `${ORIGIN}/files` });
  const queue =
    postgres?.queue ??
    createMemoryJobQueue(
      options.queueCapacity === undefined ? {} : { capacity: options.queueCapacity },
    );
  let editorCounter = 0;
  const urlFetcher = options.urlFetcher ?? createStaticUrlFetcher(options.urls ?? CDN_MEDIA);
  const renderer = options.renderer?.({ mediaStorage: storage, urlFetcher });
  const endpoints = options.webhookEndpoints;
  const webhooks: HarnessWebhooks | undefined =
    endpoints === undefined
      ? undefined
      : ((await postgres?.webhooks(endpoints)) ?? createMemoryWebhookPorts({ endpoints }));
  const deps: ServiceDependencies = {
    accounts,
    credits,
    idempotency: postgres?.idempotency ?? createMemoryIdempotencyStore(),
    stores: postgres?.stores ?? createMemoryResourceStores(),
    queue,
    ...(postgres === undefined ? {} : { unitOfWork: postgres.unitOfWork }),
    provider:
      options.provider ?? createSimulatedWorkProvider({ storage, failWhenPromptContains: "#fail" }),
    scriptWriter: createSimulatedScriptWriter(),
    visuals: createSimulatedVisualGenerator({ storage }),
    transcription: createSimulatedTranscriptionProvider(),
    speech: createSimulatedSpeechProvider({ storage, newId: countingUuid }),
    workspace: createStaticWorkspaceDirectory({
      catalog: DEMO_CATALOG,
      assets: DEMO_ASSETS,
      soundEffects: DEMO_SOUND_EFFECTS,
    }),
    mediaStorage: storage,
    uploadUrls: createUploadUrlSigner({
      secret: "harness-secret-harness-secret-harness-secret",
      baseUrl: `${ORIGIN}/v1/uploads`,
      clock,
    }),
    urlFetcher,
    ...(renderer === undefined ? {} : { renderer }),
    ...(webhooks === undefined ? {} : { webhooks }),
    rateLimiter: createMemoryRateLimiter(
      options.rateLimit ?? { maxRequests: 1000, windowSeconds: 60 },
    ),
    ...(options.editRateLimit === undefined
      ? {}
      : {
          editRateLimiter:
            postgres?.editRateLimiter(options.editRateLimit) ??
            createMemoryRateLimiter(options.editRateLimit),
        }),
    ...(options.frameRateLimit === undefined
      ? {}
      : {
          frameRateLimiter:
            postgres?.frameRateLimiter(options.frameRateLimit) ??
            createMemoryRateLimiter(options.frameRateLimit),
        }),
    clock,
    ids: {
      uuid: countingUuid,
      editorId: () => {
        editorCounter += 1;
        return `e${editorCounter}`;
      },
    },
    publicBaseUrl: BASE_URL,
    ...options.overrides,
  };
  const service = createService(deps);
  const serverErrors: unknown[] = [];
  const handler = servedDocumentChecks(
    createFetchHandler(service.api, { onError: (error) => serverErrors.push(error) }),
  );
  return {
    service,
    handler,
    deps,
    clock,
    queue,
    accounts,
    storage,
    webhooks,
    serverErrors,
    async call(method, path, callOptions = {}) {
      const headers = new Headers(callOptions.headers);
      if (callOptions.key !== undefined) headers.set("authorization", `Bearer ${callOptions.key}`);
      let body: BodyInit | undefined;
      if (callOptions.body instanceof FormData) body = callOptions.body;
      else if (callOptions.body !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(callOptions.body);
      }
      const response = await handler(
        new Request(
          `${BASE_URL}${path}`,
          body === undefined ? { method, headers } : { method, headers, body },
        ),
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      const isJson = response.headers.get("content-type")?.includes("json") ?? false;
      return {
        status: response.status,
        body: isJson && text !== "" ? JSON.parse(text) : text,
        bytes,
        headers: response.headers,
      };
    },
    runJobs: () => queue.runPending(service.processJob),
    async available(organizationId = ORGS.acme) {
      return (await credits.balance(organizationId)).available;
    },
  };
}
