/**
 * Starting and stopping the reference host. The server listens first and is wired
 * second, because with `--port 0` the origin written into upload URLs, file URLs and
 * the OpenAPI document is known only once the system has picked the port.
 *
 * @module
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { systemClock } from "../clock.js";
import { apiError, errorBody } from "../errors/api-error.js";
import { createFetchHandler } from "../http/fetch-handler.js";
import { createHealthHandler, type ReadinessCheck } from "../http/health.js";
import { createMcpHandler } from "../mcp/handler.js";
import { createAuthorizationServer } from "../mcp/oauth/authorization-server.js";
import { apiKeySignIn } from "../mcp/oauth/workspace-sign-in.js";
import { createFileMediaStorage, loadDirectorySecret } from "../node/file-media-storage.js";
import { type NodeListener, toNodeListener } from "../node/node-listener.js";
import { instrumentJobProcessor } from "../observability/instrumentation.js";
import type { Logger } from "../observability/logger.js";
import type { Telemetry } from "../observability/telemetry.js";
import type { FfmpegRenderer } from "../render/ffmpeg-renderer.js";
import { checkFfmpegOnce } from "../render/node/ffmpeg-availability.js";
import { err, ok } from "../result.js";
import { createHostHandler } from "./host-handler.js";
import { type StoredHostMedia, storeHostMedia } from "./host-library.js";
import { type HostMediaWrites, hostMediaWrites } from "./host-media-writes.js";
import type { HostCloudProvider } from "./host-providers.js";
import type { HostSetup } from "./host-setup.js";
import { type HostSpeech, hostSpeechOf, type SpeechMode } from "./host-speech.js";
import { type HostStores, memoryHostStores } from "./host-stores.js";
import { chooseMediaProber, type ProbingStatus } from "./media-probing.js";
import { postgresHostStores } from "./postgres-host-stores.js";
import { loadViewerAssets } from "./viewer-assets.js";
import {
  API_BASE_PATH,
  FILES_PATH,
  type HostWiring,
  type HostWiringOptions,
  MCP_PATH,
  wireHost,
} from "./wiring.js";

/**
 * How long a stop lets in-flight requests and running jobs finish before it cuts the
 * connections and releases the jobs: 25 seconds, which fits, with room to close the
 * pools and exit, in the 30 seconds Kubernetes grants by default between SIGTERM and
 * SIGKILL.
 */
export const SHUTDOWN_TIMEOUT_DEFAULT_MILLISECONDS = 25_000;

/**
 * How long a stop waits, after telling the jobs still running at its deadline to stop,
 * for them to end: 2 seconds. An interrupted job ends as soon as its work notices (a
 * render stops ffmpeg at once), so this only bounds a job that ignores its signal; with
 * the default timeout the whole stop still fits in the 30 seconds before SIGKILL.
 */
export const JOB_INTERRUPT_WAIT_MILLISECONDS = 2000;

/** The readiness check that fails once the host is stopping, so balancers drain it. */
export const SHUTDOWN_READINESS_CHECK_NAME = "accepting";

/** A running host. */
export interface RunningHost {
  /** The bound origin, such as `http://127.0.0.1:8787`. */
  readonly origin: string;
  /** The wired service and its ports. */
  readonly wiring: HostWiring;
  /** Whether exports and previews can render, found by checking ffmpeg at start. */
  readonly rendering: RenderingStatus;
  /** Which media prober checks imports, found by checking ffprobe and ffmpeg at start. */
  readonly probing: ProbingStatus;
  /** What speech and transcription run on, found by checking the engines at start. */
  readonly speech: HostSpeech;
  /** The model services serving ports, as `--providers` named them. */
  readonly providers: readonly HostCloudProvider[];
  /**
   * Settles once the demo sounds and voice previews are stored (they are made while the
   * host already listens; the workspace's assets and sound effects wait for them).
   */
  readonly media: Promise<StoredHostMedia>;
  /**
   * Stops accepting connections and claiming jobs, lets in-flight requests and running
   * jobs finish within the shutdown timeout, then tells the jobs still running to stop
   * (handed back to PostgreSQL's outbox, or failed as `host_stopped` and refunded in
   * memory), cuts what is left, closes the renderer (stopping every ffmpeg and removing
   * its working directory) and closes the stores. The media of {@link RunningHost.media}
   * still to be stored is not (that promise then rejects), and a file of it being
   * written is finished first, so none is left half written. Repeated calls return the
   * same promise.
   */
  stop(): Promise<void>;
}

/** Where and with what to start the host. */
export interface StartHostOptions {
  /** TCP port; 0 lets the system pick one. */
  readonly port: number;
  /** Address to bind. */
  readonly host: string;
  /** Organizations and settings. */
  readonly setup: HostSetup;
  /**
   * A PostgreSQL connection URL: state is kept there (migrated on start, the setup's
   * organizations added when missing) instead of in memory.
   */
  readonly databaseUrl?: string | undefined;
  /** The schema holding reelkit's tables in that database; `reelkit` by default. */
  readonly databaseSchema?: string | undefined;
  /** The ffmpeg program for exports and previews; `ffmpeg` on `PATH` when undefined. */
  readonly ffmpegPath?: string | undefined;
  /**
   * The ffprobe program that probes imported media (ffmpeg then decodes a first frame);
   * `ffprobe` on `PATH` when undefined. Without both, imports are probed from their
   * headers.
   */
  readonly ffprobePath?: string | undefined;
  /**
   * What speech and transcription run on: `auto` (the local engines where installed),
   * `local` (only them: starting fails without them) or `simulated`. Default
   * `simulated`, so a host started from code behaves the same on every machine; the
   * command line's default is `auto`.
   */
  readonly speech?: SpeechMode | undefined;
  /**
   * Model services serving their ports over the local or simulated ones, loaded by
   * `loadHostProviders`. Default: none.
   */
  readonly providers?: readonly HostCloudProvider[] | undefined;
  /** Bound of a stop; {@link SHUTDOWN_TIMEOUT_DEFAULT_MILLISECONDS} by default. */
  readonly shutdownTimeoutMilliseconds?: number | undefined;
  /** Receives the request log of the API and MCP handlers; none by default. */
  readonly logger?: Logger | undefined;
  /** Receives spans and metrics of requests, store calls and jobs; none by default. */
  readonly telemetry?: Telemetry | undefined;
  /**
   * A directory to keep stored files and their metadata in, created when missing: they
   * and their URLs survive a restart. Undefined keeps them in memory.
   */
  readonly dataDirectory?: string | undefined;
}

/** The file in the data directory holding the secret of signed upload URLs. */
export const UPLOAD_URL_SECRET_FILE = "upload-url-secret";

async function openMedia(
  origin: string,
  dataDirectory: string | undefined,
): Promise<HostWiringOptions["media"]> {
  if (dataDirectory === undefined) return undefined;
  const storage = await createFileMediaStorage({
    directory: dataDirectory,
    baseUrl: `${origin}${FILES_PATH}`,
  });
  const uploadUrlSecret = await loadDirectorySecret(dataDirectory, UPLOAD_URL_SECRET_FILE);
  return { storage, uploadUrlSecret };
}

/** Whether the host can render: ffmpeg was found with what it needs, or why not. */
export type RenderingStatus =
  | { readonly available: true; readonly program: string }
  | { readonly available: false; readonly program: string; readonly reason: string };

/**
 * Checks the ffmpeg program the way the renderer will (the program runs and has every
 * filter and encoder it uses); the renderer reuses the answer.
 */
export async function renderingStatusOf(program: string): Promise<RenderingStatus> {
  const missing = await checkFfmpegOnce(program);
  return missing === undefined
    ? { available: true, program }
    : { available: false, program, reason: missing.error.message };
}

// Answers the few requests that could arrive between listening and wiring.
function notReady(_incoming: IncomingMessage, outgoing: ServerResponse): void {
  const error = apiError("server_error", "The server is starting; retry in a moment.", {
    retryable: true,
  });
  outgoing.writeHead(503, { "content-type": "application/json; charset=utf-8" });
  outgoing.end(JSON.stringify(errorBody(error)));
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** The origin of a bound address; IPv6 literals go in brackets, as URLs need. */
export function originOf(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

// Stops listening at once (new connections are refused), closes idle keep-alive
// connections, and cuts the busy ones still open after `graceMilliseconds`.
function closeServer(server: Server, graceMilliseconds: number): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), graceMilliseconds);
    cut.unref();
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    // Idle keep-alive connections would hold `close` open until they time out.
    server.closeIdleConnections();
  });
}

// Resolves true when `work` ends within `milliseconds`, false when the time runs out.
function endsWithin(work: Promise<void>, milliseconds: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), milliseconds);
    timer.unref();
    void work.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** What a stop ends, and how long it gives what is running. */
interface StopPlan {
  readonly server: Server;
  readonly stores: HostStores;
  /** The renderer whose own children (ffmpeg) end with it. */
  readonly renderer: FfmpegRenderer;
  /** The host's own writes begun at start (demo sounds, voice previews). */
  readonly mediaWrites: HostMediaWrites;
  readonly timeoutMilliseconds: number;
}

async function stopWithin(plan: StopPlan) {
  const { server, stores, renderer, timeoutMilliseconds } = plan;
  const jobsStopped = stores.stopJobs();
  let [, jobsEnded] = await Promise.all([
    closeServer(server, timeoutMilliseconds),
    endsWithin(jobsStopped, timeoutMilliseconds),
    // A file half written into a data folder when the host stops would outlive it.
    endsWithin(plan.mediaWrites.close(), timeoutMilliseconds),
  ]);
  if (!jobsEnded) {
    // Past the deadline, running jobs are told to stop (a render stops ffmpeg): on
    // PostgreSQL each is handed back to the outbox for another host, untouched; in
    // memory, where nothing outlives the process, each fails as host_stopped, refunded.
    stores.interruptJobs();
    jobsEnded = await endsWithin(jobsStopped, JOB_INTERRUPT_WAIT_MILLISECONDS);
  }
  if (jobsEnded) {
    await renderer.close();
    await stores.close();
    return;
  }
  // Jobs that ignored their signal are abandoned: on PostgreSQL their claims lapse and
  // another host resumes them, and each hold is settled once, by whoever finishes. The
  // stores are let go first, so an abandoned export whose render the renderer's closing
  // stops records nothing; then no ffmpeg and no working directory outlive the host.
  await stores.release();
  await renderer.close();
}

function shutdownCheck(isStopping: () => boolean): ReadinessCheck {
  return {
    name: SHUTDOWN_READINESS_CHECK_NAME,
    check: async () => (isStopping() ? err({ reason: "shutting_down" }) : ok(undefined)),
  };
}

function openStores(options: StartHostOptions): Promise<HostStores> {
  return options.databaseUrl === undefined
    ? memoryHostStores(options.setup, systemClock)
    : postgresHostStores(options.databaseUrl, {
        setup: options.setup,
        clock: systemClock,
        schema: options.databaseSchema,
      });
}

/**
 * Listens, wires the service at the bound origin, and starts the job worker. Rejects,
 * leaving nothing open, when the address cannot be bound (in use, not local, unknown
 * host), the database cannot be reached or migrated, or the wiring fails.
 *
 * @example
 * ```ts
 * const host = await startHost({ port: 0, host: "127.0.0.1", setup: setupOf(DEMO_FIXTURE) });
 * console.log(host.origin);
 * await host.stop();
 * ```
 */
export async function startHost(options: StartHostOptions): Promise<RunningHost> {
  // Read before listening, so a missing file leaves nothing open.
  const viewer = await loadViewerAssets();
  let listener: NodeListener = notReady;
  const server = createServer((incoming, outgoing) => listener(incoming, outgoing));
  const origin = originOf(await listen(server, options.port, options.host));
  const media = await openMedia(origin, options.dataDirectory).catch((error: unknown) => {
    server.close();
    throw error;
  });
  const programs = options.ffmpegPath === undefined ? {} : { ffmpeg: options.ffmpegPath };
  const speech = await hostSpeechOf(options.speech ?? "simulated", programs).catch(
    (error: unknown) => {
      server.close();
      throw error;
    },
  );
  const stores = await openStores(options).catch((error: unknown) => {
    server.close();
    throw error;
  });
  const { telemetry } = options;
  const probing = await chooseMediaProber({
    ffprobePath: options.ffprobePath,
    ffmpegPath: options.ffmpegPath,
  });
  const wiring = wireHost({
    origin,
    setup: options.setup,
    stores,
    ffmpegPath: options.ffmpegPath,
    mediaProber: probing.mediaProber,
    telemetry,
    speech,
    cloud: options.providers,
    ...(media === undefined ? {} : { media }),
  });
  // The voices listed are those of whichever service speaks (the last serving speech).
  const speaker = [...(options.providers ?? [])]
    .reverse()
    .find((provider) => provider.serves.includes("speech"));
  const listVoices = speaker?.voices;
  const mediaWrites = hostMediaWrites(wiring.storage);
  const stored = storeHostMedia(wiring.library, {
    setup: options.setup,
    storage: mediaWrites.storage,
    speech: wiring.localSpeech,
    cloudVoices:
      listVoices === undefined ? undefined : () => listVoices({ storage: mediaWrites.storage }),
  });
  wiring.library.waitFor(stored);
  const rendering = await renderingStatusOf(options.ffmpegPath ?? "ffmpeg");
  const observation = {
    ...(telemetry === undefined ? {} : { telemetry }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  };
  const api = createFetchHandler(wiring.service.api, {
    basePath: API_BASE_PATH,
    directUploads: wiring.service.directUploads,
    ...observation,
  });
  // The host's origin is the issuer: MCP clients find it in the resource metadata and
  // sign in with an API key of the workspace on its approval page.
  const oauth = createAuthorizationServer({
    issuer: origin,
    resource: `${origin}${MCP_PATH}`,
    store: stores.oauth,
    signIn: apiKeySignIn({ accounts: wiring.deps.accounts, clock: systemClock }),
    ...observation,
  });
  const mcp = createMcpHandler(wiring.mcpService, {
    resourceUrl: `${origin}${MCP_PATH}`,
    authorizationServers: [oauth.metadata.issuer],
    ...observation,
  });
  let stopping: Promise<void> | undefined;
  const health = createHealthHandler({
    checks: [shutdownCheck(() => stopping !== undefined), ...stores.readiness],
  });
  const handler = createHostHandler({
    api,
    mcp,
    oauth,
    health,
    storage: wiring.storage,
    origin,
    viewer,
  });
  listener = toNodeListener(handler, { origin });
  const processJob = wiring.service.processJob;
  stores.startJobs(
    telemetry === undefined ? processJob : instrumentJobProcessor(processJob, telemetry),
  );
  const timeoutMilliseconds =
    options.shutdownTimeoutMilliseconds ?? SHUTDOWN_TIMEOUT_DEFAULT_MILLISECONDS;
  return {
    origin,
    wiring,
    rendering,
    probing: probing.status,
    speech,
    providers: options.providers ?? [],
    media: stored,
    stop() {
      stopping ??= stopWithin({
        server,
        stores,
        renderer: wiring.renderer,
        mediaWrites,
        timeoutMilliseconds,
      });
      return stopping;
    },
  };
}
