/**
 * What the host prints once it listens. The first line is fixed,
 * `reelkit listening on <origin>`, so scripts and tests can wait for it and read the
 * port; the rest tells a newcomer where to point curl and which key to send.
 *
 * @module
 */

import type { CloudPorts, HostCloudProvider } from "./host-providers.js";
import type { HostSetup, SetupOrganization } from "./host-setup.js";
import type { HostSpeech, ProviderChoice } from "./host-speech.js";
import type { MemoryHostStores } from "./host-stores.js";
import type { ProbingStatus } from "./media-probing.js";
import type { PostgresHostStores } from "./postgres-host-stores.js";
import type { RenderingStatus } from "./start-host.js";
import { API_BASE_PATH, FILES_PATH, MCP_PATH } from "./wiring.js";

/** Most organizations listed by name; the rest are counted. */
export const BANNER_ORGANIZATIONS_SHOWN = 20;

/** What the banner describes. */
export interface BannerFacts {
  /** The bound origin. */
  readonly origin: string;
  /** The organizations and settings the host runs with. */
  readonly setup: HostSetup;
  /** The fixture path, or undefined for the demo workspace. */
  readonly fixturePath: string | undefined;
  /** Where state is kept: memory, or PostgreSQL with what starting on it did. */
  readonly stores: Pick<MemoryHostStores, "kind"> | Pick<PostgresHostStores, "kind" | "report">;
  /** Whether exports and previews can render; left out, the banner says nothing of it. */
  readonly rendering?: RenderingStatus;
  /** Which prober checks imported media; left out, the banner says nothing of it. */
  readonly probing?: ProbingStatus;
  /** What speech and transcription run on; left out, the banner says nothing of it. */
  readonly speech?: Pick<HostSpeech, "speech" | "transcription">;
  /** The model services serving ports (`--providers`); none when left out. */
  readonly providers?: readonly Pick<HostCloudProvider, "description" | "serves">[];
  /** The directory stored files are kept in; undefined when they are kept in memory. */
  readonly dataDirectory?: string | undefined;
}

function renderingLines(rendering: RenderingStatus | undefined): string[] {
  if (rendering === undefined) return [];
  if (rendering.available) {
    return [
      `Rendering is available (${rendering.program}): POST /v1/editor/videos/{id}/export makes`,
      "an MP4, GET /v1/editor/videos/{id}/frame a PNG preview.",
    ];
  }
  return [
    `Rendering is unavailable: ${rendering.reason}`,
    "Exports and previews answer a structured error; everything else works. Install ffmpeg",
    "(with libass) or pass --ffmpeg-path.",
  ];
}

function probingLines(probing: ProbingStatus | undefined): string[] {
  if (probing === undefined) return [];
  if (probing.prober === "ffprobe") {
    return [
      `Imported media is probed with ffprobe (${probing.program}), its first frame decoded by`,
      "ffmpeg, before it is stored.",
    ];
  }
  return [
    "Imported media is probed from its headers (ffprobe is unavailable: install ffmpeg, which",
    "brings ffprobe, or pass --ffprobe-path to decode a first frame of each import).",
  ];
}

function choiceLine(what: string, choice: ProviderChoice, standIn: string): string {
  return choice.kind === "local"
    ? `${what} is real, on this machine: ${choice.engines}.`
    : `${what} is simulated (${standIn}): ${choice.reason}`;
}

/** How the banner names each port a model service can serve. */
const PORT_NAMES: Readonly<Record<keyof CloudPorts, string>> = {
  scriptWriter: "Scripts, scene plans and slide headlines",
  provider:
    "Generations (what it does not run goes to the service named before it, else simulated)",
  visuals: "Pictures of scenes and slides",
  speech: "Speech",
  transcription: "Transcription",
};

// The service serving each port, the last named winning as in the wiring.
function servedBy(providers: BannerFacts["providers"]): Map<keyof CloudPorts, string> {
  const served = new Map<keyof CloudPorts, string>();
  for (const provider of providers ?? []) {
    for (const port of provider.serves) served.set(port, provider.description);
  }
  return served;
}

function providerLines(providers: BannerFacts["providers"]): string[] {
  const served = [...servedBy(providers)];
  if (served.length === 0) return [];
  return [
    "Model services (--providers) serve:",
    ...served.map(([port, description]) => `  ${PORT_NAMES[port]}: ${description}`),
  ];
}

function speechLines(speech: BannerFacts["speech"], providers: BannerFacts["providers"]): string[] {
  if (speech === undefined) return [];
  const served = servedBy(providers);
  const lines = [
    ...(served.has("speech")
      ? []
      : [choiceLine("Speech", speech.speech, "a voiceover is one chirp per word")]),
    ...(served.has("transcription")
      ? []
      : [choiceLine("Transcription", speech.transcription, "captions read word1, word2, ...")]),
  ];
  const simulated = [
    !served.has("speech") && speech.speech.kind === "simulated",
    !served.has("transcription") && speech.transcription.kind === "simulated",
  ];
  if (simulated.includes(true)) {
    lines.push(
      "Install Debian's flite, espeak-ng, pocketsphinx and pocketsphinx-en-us for real speech",
      "(--speech chooses: auto, local or simulated).",
    );
  }
  return lines;
}

function organizationLines(organization: SetupOrganization): string[] {
  const plan = organization.subscriptionActive
    ? ""
    : ", no active subscription (every call is a 402)";
  const keys = organization.apiKeys.map(
    (apiKey) => `    API key ${apiKey.key}  (${apiKey.scopes.join(", ")})`,
  );
  return [
    `  ${organization.name} (organization ${organization.id}): ${organization.credits} credits${plan}`,
    ...keys,
  ];
}

function workspaceLines(facts: BannerFacts): string[] {
  const organizations = facts.setup.organizations;
  // The keys are printed because the person who starts the host wrote them or needs
  // the demo one; this host is for local use and keeps nothing.
  const heading =
    facts.fixturePath === undefined
      ? 'Demo organization; send its key as "Authorization: Bearer <key>":'
      : `Workspace from ${facts.fixturePath}; send a key as "Authorization: Bearer <key>":`;
  const shown = organizations.slice(0, BANNER_ORGANIZATIONS_SHOWN).flatMap(organizationLines);
  const hidden = organizations.length - BANNER_ORGANIZATIONS_SHOWN;
  return [heading, ...shown, ...(hidden > 0 ? [`  ... and ${hidden} more organizations`] : [])];
}

function filesLine(dataDirectory: string | undefined): string {
  return dataDirectory === undefined
    ? "Stored files stay in this process's memory. Ctrl+C stops it."
    : `Stored files are kept in ${dataDirectory} and survive a restart. Ctrl+C stops it.`;
}

function storageLines(stores: BannerFacts["stores"], dataDirectory: string | undefined): string[] {
  if (stores.kind === "memory" && dataDirectory === undefined) {
    return ["Everything is kept in memory and is gone when the host stops. Ctrl+C stops it."];
  }
  if (stores.kind === "memory") {
    return ["State is kept in memory and is gone when the host stops.", filesLine(dataDirectory)];
  }
  const { migrationsApplied, organizationsAdded } = stores.report;
  const migrations =
    migrationsApplied.length === 0
      ? "the schema was current"
      : `migrations ${migrationsApplied.join(", ")} applied`;
  const added =
    organizationsAdded.length === 0
      ? "no organization was added, every balance is the database's"
      : `organizations ${organizationsAdded.join(", ")} were added with their starting credits`;
  return [`State is kept in PostgreSQL (${migrations}; ${added}).`, filesLine(dataDirectory)];
}

function simulatorLines(setup: HostSetup): string[] {
  const { jobDurationMilliseconds, failWhenPromptContains } = setup.simulator;
  const failure =
    failWhenPromptContains === ""
      ? "Simulated failures are off."
      : `A prompt containing "${failWhenPromptContains}" fails, and its credits are refunded.`;
  const { concurrency, maxRunningPerOrganization, renderLane } = setup.jobs;
  return [
    `Generation runs on a simulated provider: each job takes ${jobDurationMilliseconds} ms and`,
    "stores a placeholder file (a PNG of the requested aspect ratio, a 3-second MP4 with",
    "picture and sound). Providers are ports; a deployment",
    `plugs in real ones. ${failure}`,
    `Jobs run ${concurrency} at a time, at most ${maxRunningPerOrganization} per organization; a free slot goes to`,
    "the organization with the fewest running jobs.",
    `Exports run in a lane of their own: ${renderLane.concurrency} at a time, at most ${renderLane.maxRunningPerOrganization} per organization.`,
  ];
}

/**
 * The lines printed at start, the first being `reelkit listening on <origin>`.
 *
 * @example
 * ```ts
 * const stores = { kind: "memory" } as const;
 * hostBanner({ origin: "http://127.0.0.1:8787", setup, fixturePath: undefined, stores })[0];
 * // "reelkit listening on http://127.0.0.1:8787"
 * ```
 */
export function hostBanner(facts: BannerFacts): string[] {
  const api = `${facts.origin}${API_BASE_PATH}`;
  return [
    `reelkit listening on ${facts.origin}`,
    `  API base URL  ${api}`,
    `  OpenAPI       ${api}/openapi.json`,
    `  skill.md      ${api}/skill.md`,
    `  Files         ${facts.origin}${FILES_PATH}/...`,
    `  MCP           ${facts.origin}${MCP_PATH}`,
    `  Viewer        ${facts.origin}/  (open in a browser, sign in with a key below)`,
    "",
    ...workspaceLines(facts),
    "",
    ...simulatorLines(facts.setup),
    ...providerLines(facts.providers),
    ...speechLines(facts.speech, facts.providers),
    ...renderingLines(facts.rendering),
    ...probingLines(facts.probing),
    ...storageLines(facts.stores, facts.dataDirectory),
  ];
}
