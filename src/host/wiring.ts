/**
 * The reference host's wiring: every port of the service bound at the host's real
 * origin, the stateful ones to memory or PostgreSQL (see `host-stores.ts`), the rest to
 * in-memory or simulated implementations. This is the one place that chooses
 * implementations; a deployment writes its own version of this file with object
 * storage and real providers.
 *
 * @module
 */
import { systemClock } from "../clock.js";
import {
  createLocalSpeechProvider,
  type LocalSpeechProvider,
} from "../local/speech/speech-provider.js";
import { createLocalTranscriptionProvider } from "../local/transcription/transcription-provider.js";
import { withAccessTokens } from "../mcp/oauth/access-token-accounts.js";
import {
  createMemoryPorts,
  MEMORY_PORTS_API_PATH,
  MEMORY_PORTS_FILES_PATH,
} from "../memory/ports.js";
import { createMemorySocialPublisher } from "../memory/social.js";
import { createNodeUrlFetcher } from "../node/url-fetching.js";
import {
  instrumentCreditStore,
  instrumentResourceStores,
} from "../observability/instrumentation.js";
import type { Telemetry } from "../observability/telemetry.js";
import type { ServiceDependencies } from "../ports/dependencies.js";
import type { MediaProber } from "../ports/media-prober.js";
import type { ServedMediaStorage } from "../ports/served-media-storage.js";
import { createFfmpegRenderer, type FfmpegRenderer } from "../render/ffmpeg-renderer.js";
import { createService, type ReelkitService } from "../service/create-service.js";
import { createProjectMediaReader } from "../service/editor/render/project-media-reader.js";
import { createSimulatedProviders } from "../simulated/providers.js";
import { createHostLibrary, type HostLibrary } from "./host-library.js";
import { cloudPortsOf, type HostCloudProvider } from "./host-providers.js";
import type { HostSetup } from "./host-setup.js";
import type { HostSpeech } from "./host-speech.js";
import type { HostStores } from "./host-stores.js";

/** Path under the origin where stored media is served. */
export const FILES_PATH = MEMORY_PORTS_FILES_PATH;
/** Path under the origin where the API is served. */
export const API_BASE_PATH = MEMORY_PORTS_API_PATH;
/** Path of the MCP endpoint (Streamable HTTP). */
export const MCP_PATH = "/mcp";
/** Path of the MCP endpoint's OAuth protected-resource metadata (RFC 9728). */
export const MCP_METADATA_PATH = "/.well-known/oauth-protected-resource/mcp";

/** The wired service and the ports the host itself drives. */
export interface HostWiring {
  /** The service over the ports. */
  readonly service: ReelkitService;
  /**
   * The same service for the MCP endpoint: its accounts also accept the access tokens
   * the host's authorization server issued for `/mcp`, which the REST API refuses.
   */
  readonly mcpService: ReelkitService;
  /** The ports, as the service got them. */
  readonly deps: ServiceDependencies;
  /** The stateful ports, whose jobs the host starts and whose connections it closes. */
  readonly stores: HostStores;
  /** Stored media, which the host serves under {@link FILES_PATH}. */
  readonly storage: ServedMediaStorage;
  /** The renderer the service was given, which the host closes when it stops. */
  readonly renderer: FfmpegRenderer;
  /** The workspace directory, whose demo sounds and voices are stored at start. */
  readonly library: HostLibrary;
  /** The local speech provider, when the host speaks with the local engines. */
  readonly localSpeech: LocalSpeechProvider | undefined;
}

function byOrganization<T>(entries: readonly (readonly [number, T | undefined])[]): Map<number, T> {
  const map = new Map<number, T>();
  for (const [id, value] of entries) if (value !== undefined) map.set(id, value);
  return map;
}

/**
 * Where the host is reached, its settings and stateful ports, how it renders exports and
 * previews, and where it reports what it does.
 */
export interface HostWiringOptions {
  /** The origin the host is reached at, such as `http://127.0.0.1:8787`. */
  readonly origin: string;
  /** The host's settings. */
  readonly setup: HostSetup;
  /** The stateful ports, already seeded with the setup's organizations. */
  readonly stores: HostStores;
  /** The ffmpeg program: a path, or a name looked up on `PATH`. Default `ffmpeg`. */
  readonly ffmpegPath?: string | undefined;
  /** Checks every imported file. Default: the header prober. */
  readonly mediaProber?: MediaProber | undefined;
  /** Traces the credit and resource stores when given. Default: none. */
  readonly telemetry?: Telemetry | undefined;
  /**
   * What speech and transcription run on (see `host-speech.ts`). Default: the simulated
   * stand-ins.
   */
  readonly speech?: HostSpeech | undefined;
  /**
   * Model services (`--providers`) serving their ports over the local or simulated ones.
   * Default: none.
   */
  readonly cloud?: readonly HostCloudProvider[] | undefined;
  /**
   * Stored files that outlive the process (the filesystem storage of `--data-dir`), with
   * the secret of upload URLs kept beside them, so an upload prepared before a restart
   * still imports after it. Default: memory, with fresh secrets each run.
   */
  readonly media?: {
    readonly storage: ServedMediaStorage;
    readonly uploadUrlSecret: Uint8Array;
  };
}

/**
 * Builds the service for a host reachable at `origin` (such as `http://127.0.0.1:8787`),
 * with the settings of `setup` and the stateful ports of `stores` (already seeded with
 * the setup's organizations), their credit and resource stores traced on `telemetry`
 * when it is given.
 * Jobs are not started yet. The renderer is always given:
 * without a working ffmpeg it answers every render with `renderer_unavailable` naming
 * what is missing, and the rest of the host is unaffected.
 *
 * @example
 * ```ts
 * const setup = setupOf(DEMO_FIXTURE);
 * const stores = await memoryHostStores(setup, systemClock);
 * const wiring = wireHost({ origin: "http://127.0.0.1:8787", setup, stores });
 * stores.startJobs(wiring.service.processJob);
 * ```
 */
export function wireHost({
  origin,
  setup,
  stores,
  ffmpegPath,
  mediaProber,
  telemetry,
  media,
  speech,
  cloud = [],
}: HostWiringOptions): HostWiring {
  const organizations = setup.organizations;
  const urlFetcher = createNodeUrlFetcher();
  // The memory ports give storage, signed upload URLs (with a fresh secret each run
  // unless the files outlive it: without them, those URLs would store into this run's
  // memory), the clock and the ids; the stateful ports come from `stores`, memory or
  // PostgreSQL.
  const memoryPorts = createMemoryPorts({
    origin,
    clock: systemClock,
    urlFetcher,
    ...(media === undefined ? {} : { uploadUrlSecret: media.uploadUrlSecret }),
  });
  const memory = { ...memoryPorts, mediaStorage: media?.storage ?? memoryPorts.mediaStorage };
  const readMedia = createProjectMediaReader({ mediaStorage: memory.mediaStorage, urlFetcher });
  const renderer = createFfmpegRenderer({
    readMedia,
    ...(ffmpegPath === undefined ? {} : { ffmpegPath }),
  });
  const library = createHostLibrary(setup);
  const programs = {
    ...speech?.programs,
    ...(ffmpegPath === undefined ? {} : { ffmpeg: ffmpegPath }),
  };
  const localSpeech =
    speech?.speech.kind === "local"
      ? createLocalSpeechProvider({
          storage: memory.mediaStorage,
          newId: () => crypto.randomUUID(),
          programs,
        })
      : undefined;
  const localTranscription =
    speech?.transcription.kind === "local"
      ? createLocalTranscriptionProvider({ readMedia, programs })
      : undefined;
  const simulated = createSimulatedProviders({
    mediaStorage: memory.mediaStorage,
    jobDurationMilliseconds: setup.simulator.jobDurationMilliseconds,
    failWhenPromptContains: setup.simulator.failWhenPromptContains,
    workspace: library.directory,
  });
  const deps: ServiceDependencies = {
    ...memory,
    ...stores.ports,
    ...(telemetry === undefined
      ? {}
      : {
          credits: instrumentCreditStore(stores.ports.credits, telemetry),
          stores: instrumentResourceStores(stores.ports.stores, telemetry),
        }),
    ...simulated,
    ...(localSpeech === undefined ? {} : { speech: localSpeech }),
    ...(localTranscription === undefined ? {} : { transcription: localTranscription }),
    ...cloudPortsOf(cloud, {
      storage: memory.mediaStorage,
      readMedia,
      provider: simulated.provider,
    }),
    renderer,
    ...(mediaProber === undefined ? {} : { mediaProber }),
    social: createMemorySocialPublisher({
      accountsByOrganization: byOrganization(
        organizations.map((o) => [o.id, o.socialAccounts] as const),
      ),
    }),
  };
  const mcpAccounts = withAccessTokens(deps.accounts, {
    store: stores.oauth,
    resource: `${origin}${MCP_PATH}`,
  });
  return {
    service: createService(deps),
    mcpService: createService({ ...deps, accounts: mcpAccounts }),
    deps,
    stores,
    storage: memory.mediaStorage,
    renderer,
    library,
    localSpeech,
  };
}
