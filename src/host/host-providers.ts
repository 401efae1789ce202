/**
 * The model services the reference host can take its providers from (`--providers`, or
 * `REELKIT_PROVIDERS`): each adapter entry is loaded only when named, so the host starts
 * without its SDK installed, and configured from its SDK's usual environment variables.
 * What no named service serves stays on the local engines or the simulated stand-ins.
 *
 * @module
 */

import type { ScriptWriter, WorkProvider } from "../ports/jobs.js";
import type { MediaStorage } from "../ports/media-storage.js";
import type { MediaReader } from "../ports/renderer.js";
import type { SpeechProvider, TranscriptionProvider } from "../ports/speech-and-transcription.js";
import type { VisualGenerator } from "../ports/visuals.js";
import type { Voice } from "../schemas/assets.js";

/**
 * The services `--providers` names, in order of precedence, whatever order the flag names
 * them in: where two serve the same port, the later one here serves it (with
 * `openai,elevenlabs`, speech is ElevenLabs', with its word times, and the rest OpenAI's),
 * and the later one's work provider has the first pick of a job (with `fal,openai`,
 * pictures are OpenAI's and videos fal's).
 */
export const HOST_PROVIDER_NAMES = ["fal", "openai", "elevenlabs"] as const;

/** A service `--providers` names. */
export type HostProviderName = (typeof HOST_PROVIDER_NAMES)[number];

/** The environment variable listing the services when `--providers` does not. */
export const PROVIDERS_VARIABLE = "REELKIT_PROVIDERS";

/** The ports a service can serve, as `ServiceDependencies` names them. */
export interface CloudPorts {
  readonly visuals?: VisualGenerator;
  readonly speech?: SpeechProvider;
  readonly transcription?: TranscriptionProvider;
  readonly scriptWriter?: ScriptWriter;
  /** The queued generations (video ads, UGC ads, AI models). */
  readonly provider?: WorkProvider;
}

/** What the host gives a service's adapters once its storage exists. */
export interface CloudPortSources {
  readonly storage: MediaStorage;
  readonly readMedia: MediaReader;
  /** The work provider a service's replaces, which runs the jobs that service does not. */
  readonly provider: WorkProvider;
}

/** A named service, loaded and configured, and which ports it serves. */
export interface HostCloudProvider {
  /** Its `--providers` name. */
  readonly name: HostProviderName;
  /** How the banner names it, with where it is reached. */
  readonly description: string;
  /** The ports it serves, by their `ServiceDependencies` names. */
  readonly serves: readonly (keyof CloudPorts)[];
  /** Makes its adapters. */
  readonly make: (sources: CloudPortSources) => CloudPorts;
  /**
   * Lists the account's voices, their previews stored, for the workspace's assets; only
   * a service that serves speech has them, since a listed voice must be one it speaks.
   */
  readonly voices?: (sources: Pick<CloudPortSources, "storage">) => Promise<readonly Voice[]>;
}

/**
 * The services of a `--providers` value (comma-separated, blanks ignored), in order of
 * precedence, or a message naming the first unknown one.
 *
 * @example
 * ```ts
 * providerNamesOf("openai"); // ["openai"]
 * providerNamesOf("elevenlabs,openai"); // ["openai", "elevenlabs"]
 * providerNamesOf("openai,fal"); // ["fal", "openai"]
 * ```
 */
export function providerNamesOf(
  text: string | undefined,
): readonly HostProviderName[] | { readonly error: string } {
  const names = (text ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const known: HostProviderName[] = [];
  for (const name of names) {
    const found = HOST_PROVIDER_NAMES.find((candidate) => candidate === name);
    if (found === undefined) {
      return {
        error: `--providers names ${HOST_PROVIDER_NAMES.join(", ")}, not "${name}".`,
      };
    }
    if (!known.includes(found)) known.push(found);
  }
  return HOST_PROVIDER_NAMES.filter((name) => known.includes(name));
}

async function openAIProvider(
  env: Readonly<Record<string, string | undefined>>,
): Promise<HostCloudProvider> {
  const apiKey = env.OPENAI_API_KEY;
  if (apiKey === undefined || apiKey === "") {
    throw new Error("--providers openai needs the OPENAI_API_KEY environment variable.");
  }
  const baseURL = env.OPENAI_BASE_URL === "" ? undefined : env.OPENAI_BASE_URL;
  const openai = await import("../openai/index.js").catch((error: unknown) => {
    throw new Error(`--providers openai needs the openai package installed (npm install openai).`, {
      cause: error,
    });
  });
  return {
    name: "openai",
    description: `OpenAI (${baseURL ?? "https://api.openai.com/v1"})`,
    serves: ["visuals", "speech", "transcription", "scriptWriter", "provider"],
    make: ({ storage, readMedia, provider }) => {
      const settings = { apiKey, ...(baseURL === undefined ? {} : { baseURL }), storage };
      return {
        ...openai.createOpenAIProviders({
          ...settings,
          readMedia,
          newId: () => crypto.randomUUID(),
        }),
        provider: openai.createOpenAIImageWorkProvider({ ...settings, fallback: provider }),
      };
    },
  };
}

async function falProvider(
  env: Readonly<Record<string, string | undefined>>,
): Promise<HostCloudProvider> {
  const credentials = env.FAL_KEY;
  if (credentials === undefined || credentials === "") {
    throw new Error("--providers fal needs the FAL_KEY environment variable.");
  }
  const queueUrl = env.FAL_QUEUE_URL === "" ? undefined : env.FAL_QUEUE_URL;
  const fal = await import("../fal/index.js").catch((error: unknown) => {
    throw new Error(
      "--providers fal needs the @fal-ai/client package installed (npm install @fal-ai/client).",
      { cause: error },
    );
  });
  return {
    name: "fal",
    description: `fal (${queueUrl ?? fal.FAL_QUEUE_URL_DEFAULT})`,
    serves: ["provider"],
    make: ({ storage, provider }) => ({
      provider: fal.createFalWorkProvider({
        credentials,
        ...(queueUrl === undefined ? {} : { queueUrl }),
        storage,
        fallback: provider,
      }),
    }),
  };
}

async function elevenLabsProvider(
  env: Readonly<Record<string, string | undefined>>,
): Promise<HostCloudProvider> {
  const apiKey = env.ELEVENLABS_API_KEY;
  if (apiKey === undefined || apiKey === "") {
    throw new Error("--providers elevenlabs needs the ELEVENLABS_API_KEY environment variable.");
  }
  const baseUrl = env.ELEVENLABS_BASE_URL === "" ? undefined : env.ELEVENLABS_BASE_URL;
  const elevenlabs = await import("../elevenlabs/index.js").catch((error: unknown) => {
    throw new Error(
      "--providers elevenlabs needs the @elevenlabs/elevenlabs-js package installed (npm install @elevenlabs/elevenlabs-js).",
      { cause: error },
    );
  });
  const client = { apiKey, ...(baseUrl === undefined ? {} : { baseUrl }) };
  return {
    name: "elevenlabs",
    description: `ElevenLabs (${baseUrl ?? "https://api.elevenlabs.io"}), with word times`,
    serves: ["speech"],
    make: ({ storage }) => ({
      speech: elevenlabs.createElevenLabsSpeechProvider({
        ...client,
        storage,
        newId: () => crypto.randomUUID(),
      }),
    }),
    voices: ({ storage }) => elevenlabs.createElevenLabsVoiceList({ ...client, storage }).list(),
  };
}

/**
 * Loads and configures the named services from `env`; rejects naming what is missing
 * (a key, the SDK), so the host refuses to start rather than serve half-configured.
 *
 * @example
 * ```ts
 * const providers = await loadHostProviders(["openai"], process.env);
 * providers[0]?.serves; // ["visuals", "speech", "transcription", "scriptWriter", "provider"]
 * ```
 */
export async function loadHostProviders(
  names: readonly HostProviderName[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<readonly HostCloudProvider[]> {
  const loaded: HostCloudProvider[] = [];
  for (const name of names) {
    if (name === "openai") loaded.push(await openAIProvider(env));
    if (name === "elevenlabs") loaded.push(await elevenLabsProvider(env));
    if (name === "fal") loaded.push(await falProvider(env));
  }
  return loaded;
}

/**
 * The ports of every service, a later one's winning where two serve the same port
 * ({@link providerNamesOf} orders them by {@link HOST_PROVIDER_NAMES}' precedence). The
 * work providers chain instead: each service's has the first pick of a job and passes
 * what it does not run to the one before it, the first to `sources.provider`.
 */
export function cloudPortsOf(
  providers: readonly HostCloudProvider[],
  sources: CloudPortSources,
): CloudPorts {
  let ports: CloudPorts = {};
  for (const service of providers) {
    ports = {
      ...ports,
      ...service.make({ ...sources, provider: ports.provider ?? sources.provider }),
    };
  }
  return ports;
}
