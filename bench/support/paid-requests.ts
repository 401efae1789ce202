/**
 * The service of the service benchmark: the real fetch handler over in-memory or
 * PostgreSQL stores, with simulated providers, and a paid request (one static ad under a
 * fresh idempotency key) to send to it.
 *
 * @module
 */

import { randomUUID } from "node:crypto";
import {
  createService,
  createStaticUrlFetcher,
  createUploadUrlSigner,
  type ServiceDependencies,
  systemClock,
  toOrganizationId,
} from "reelkit";
import { createFetchHandler } from "reelkit/http";
import {
  createMemoryAccountStore,
  createMemoryCreditStore,
  createMemoryIdempotencyStore,
  createMemoryJobQueue,
  createMemoryMediaStorage,
  createMemoryRateLimiter,
  createMemoryResourceStores,
  createStaticWorkspaceDirectory,
} from "reelkit/memory";
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

const ORIGIN = "http://bench.reelkit.test";
/** The API key the benchmark's organization uses. */
export const BENCH_KEY = "rk_bench_read_write";
/** Credits granted to the benchmark's organization: enough never to run out. */
export const BENCH_CREDITS = 1_000_000_000;

/** The ports a paid request goes through, which the benchmark swaps. */
export type StorePorts = Pick<
  ServiceDependencies,
  "accounts" | "credits" | "idempotency" | "stores" | "queue" | "rateLimiter"
>;

/** In-memory store ports with the benchmark's organization, key and credits. */
export async function memoryStorePorts(): Promise<StorePorts> {
  const accounts = createMemoryAccountStore();
  accounts.putOrganization({ id: toOrganizationId(1), name: "Bench", subscriptionActive: true });
  await accounts.addApiKey(toOrganizationId(1), {
    key: BENCH_KEY,
    scopes: ["generations:read", "generations:write"],
  });
  const credits = createMemoryCreditStore();
  await credits.grant(toOrganizationId(1), BENCH_CREDITS, "bench");
  return {
    accounts,
    credits,
    idempotency: createMemoryIdempotencyStore(),
    stores: createMemoryResourceStores(),
    queue: createMemoryJobQueue(),
    rateLimiter: createMemoryRateLimiter({ maxRequests: 1_000_000_000, windowSeconds: 60 }),
  };
}

/** Sends one paid request; resolves with its status. */
export type PaidRequest = () => Promise<number>;

/** Every dependency of the benchmark's service: `ports` and simulated providers. */
export function benchDependencies(ports: StorePorts): ServiceDependencies {
  const storage = createMemoryMediaStorage({ publicBaseUrl: `${ORIGIN}/files` });
  return {
    ...ports,
    provider: createSimulatedWorkProvider({ storage }),
    scriptWriter: createSimulatedScriptWriter(),
    visuals: createSimulatedVisualGenerator({ storage }),
    transcription: createSimulatedTranscriptionProvider(),
    speech: createSimulatedSpeechProvider({ storage, newId: randomUUID }),
    workspace: createStaticWorkspaceDirectory({
      catalog: DEMO_CATALOG,
      assets: DEMO_ASSETS,
      soundEffects: DEMO_SOUND_EFFECTS,
    }),
    mediaStorage: storage,
    uploadUrls: createUploadUrlSigner({
      secret: "bench-secret-bench-secret-bench-secret",
      baseUrl: `${ORIGIN}/v1/uploads`,
      clock: systemClock,
    }),
    urlFetcher: createStaticUrlFetcher({}),
    clock: systemClock,
    ids: { uuid: randomUUID, editorId: randomUUID },
  };
}

/** The service over `ports`, and a function that sends one paid request to it. */
export function paidRequestOver(ports: StorePorts): PaidRequest {
  const handler = createFetchHandler(createService(benchDependencies(ports)).api);
  const body = JSON.stringify({
    type: "static_ad",
    template_slug: "product-hero",
    prompt: "A sunlit kitchen counter with our cold brew",
  });
  return async () => {
    const response = await handler(
      new Request(`${ORIGIN}/v1/generations`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${BENCH_KEY}`,
          "content-type": "application/json",
          "idempotency-key": randomUUID(),
        },
        body,
      }),
    );
    await response.arrayBuffer();
    return response.status;
  };
}

/**
 * Paid requests per second with `clients` sending back to back for `milliseconds`.
 * Throws on the first answer that is not a 200, so a broken setup is never timed.
 */
export async function requestsPerSecond(
  send: PaidRequest,
  clients: number,
  milliseconds: number,
): Promise<number> {
  const started = performance.now();
  let completed = 0;
  const client = async (): Promise<void> => {
    while (performance.now() - started < milliseconds) {
      const status = await send();
      if (status !== 200) throw new Error(`A paid request answered ${status}, not 200.`);
      completed += 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return completed / ((performance.now() - started) / 1000);
}
