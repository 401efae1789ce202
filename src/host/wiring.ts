/**
 * The reference host's wiring: every port of the service bound at the host's real
 * origin, the stateful ones to memory or PostgreSQL (see `host-stores.ts`), the rest to
 * in-memory or simulated implementations. This is the one place that chooses
 * implementations; a deployment writes its own version of this file with object
 * storage and real providers.
 *
 * @module
 */
import { randomBytes, randomUUID } from "node:crypto";
import { systemClock } from "../clock.js";
import { randomEditorId } from "../editor/random-id.js";
import { createUploadUrlSigner } from "../media/signed-urls.js";
import { createMemoryMediaStorage, type MemoryMediaStorage } from "../memory/media-storage.js";
import { createMemorySocialPublisher } from "../memory/social.js";
import { createStaticWorkspaceDirectory } from "../memory/workspace-directory.js";
import { createNodeUrlFetcher } from "../node/url-fetching.js";
import { createService, type ReelkitService } from "../service/create-service.js";
import type { ServiceDependencies } from "../service/dependencies.js";
import { createSimulatedProviders } from "../simulated/providers.js";
import type { HostSetup } from "./host-setup.js";
import type { HostStores } from "./host-stores.js";

/** Path under the origin where stored media is served. */
export const FILES_PATH = "/files";
/** Path under the origin where the API is served. */
export const API_BASE_PATH = "/v1";
/** Path of the MCP endpoint (Streamable HTTP). */
export const MCP_PATH = "/mcp";
/** Path of the MCP endpoint's OAuth protected-resource metadata (RFC 9728). */
export const MCP_METADATA_PATH = "/.well-known/oauth-protected-resource/mcp";

/** The wired service and the ports the host itself drives. */
export interface HostWiring {
  /** The service over the ports. */
  readonly service: ReelkitService;
  /** The ports, as the service got them. */
  readonly deps: ServiceDependencies;
  /** The stateful ports, whose jobs the host starts and whose connections it closes. */
  readonly stores: HostStores;
  /** Stored media, which the host serves under {@link FILES_PATH}. */
  readonly storage: MemoryMediaStorage;
}

function byOrganization<T>(entries: readonly (readonly [number, T | undefined])[]): Map<number, T> {
  const map = new Map<number, T>();
  for (const [id, value] of entries) if (value !== undefined) map.set(id, value);
  return map;
}

/**
 * Builds the service for a host reachable at `origin` (such as `http://127.0.0.1:8787`),
 * with the settings of `setup` and the stateful ports of `stores` (already seeded with
 * the setup's organizations). Jobs are not started yet.
 *
 * @example
 * ```ts
 * const setup = setupOf(DEMO_FIXTURE);
 * const stores = await memoryHostStores(setup, systemClock);
 * const wiring = wireHost("http://127.0.0.1:8787", setup, stores);
 * stores.startJobs(wiring.service.processJob);
 * ```
 */
export function wireHost(origin: string, setup: HostSetup, stores: HostStores): HostWiring {
  const clock = systemClock;
  const storage = createMemoryMediaStorage({ publicBaseUrl: `${origin}${FILES_PATH}` });
  const organizations = setup.organizations;
  const deps: ServiceDependencies = {
    ...stores.ports,
    ...createSimulatedProviders({
      mediaStorage: storage,
      jobDurationMilliseconds: setup.simulator.jobDurationMilliseconds,
      failWhenPromptContains: setup.simulator.failWhenPromptContains,
      workspace: createStaticWorkspaceDirectory({
        catalog: setup.catalog,
        assets: setup.assets,
        assetsByOrganization: byOrganization(organizations.map((o) => [o.id, o.assets] as const)),
        soundEffects: setup.soundEffects,
      }),
    }),
    mediaStorage: storage,
    // A fresh secret each run: upload URLs signed by an earlier run stop working, which
    // is right, since the files they would store lived in that run's memory.
    uploadUrls: createUploadUrlSigner({
      secret: randomBytes(32),
      baseUrl: `${origin}${API_BASE_PATH}/uploads`,
      clock,
    }),
    urlFetcher: createNodeUrlFetcher(),
    clock,
    ids: { uuid: randomUUID, editorId: randomEditorId },
    social: createMemorySocialPublisher({
      accountsByOrganization: byOrganization(
        organizations.map((o) => [o.id, o.socialAccounts] as const),
      ),
    }),
    publicBaseUrl: `${origin}${API_BASE_PATH}`,
  };
  return { service: createService(deps), deps, stores, storage };
}
