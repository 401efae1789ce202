/**
 * The command line of the reference host: `--port`, `--host`, `--fixture`,
 * `--database-url` (or the `DATABASE_URL` environment variable), `--database-schema`
 * (or `DATABASE_SCHEMA`), `--ffmpeg-path` (or `REELKIT_FFMPEG_PATH`), `--speech`,
 * `--data-dir`, `--providers` (or `REELKIT_PROVIDERS`), `--shutdown-timeout` and `--help`,
 * parsed with `node:util` so an unknown or malformed flag is refused with a clear message
 * instead of being ignored.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { DEFAULT_POSTGRES_SCHEMA, schemaNameProblem } from "../postgres/schema.js";
import { type HostProviderName, PROVIDERS_VARIABLE, providerNamesOf } from "./host-providers.js";
import { SPEECH_MODES, type SpeechMode } from "./host-speech.js";

/** Port the host listens on without `--port`. */
export const DEFAULT_PORT = 8787;

/** Address the host binds without `--host`: loopback only, so nothing is exposed by default. */
export const DEFAULT_HOST = "127.0.0.1";

/** What the host was asked to do. */
export interface HostOptions {
  /** TCP port; 0 lets the system pick a free one. */
  readonly port: number;
  /** Address to bind, such as `127.0.0.1`, `::1` or `0.0.0.0`. */
  readonly host: string;
  /** Path of a fixture file replacing the demo workspace; undefined for the demo. */
  readonly fixturePath: string | undefined;
  /** PostgreSQL connection URL; undefined keeps everything in memory. */
  readonly databaseUrl: string | undefined;
  /** The PostgreSQL schema holding reelkit's tables; undefined for `reelkit`. */
  readonly databaseSchema?: string | undefined;
  /** The ffmpeg program that renders exports and previews; undefined looks on `PATH`. */
  readonly ffmpegPath?: string | undefined;
  /** The ffprobe program that probes imported media; undefined looks on `PATH`. */
  readonly ffprobePath?: string | undefined;
  /** Seconds a stop lets in-flight requests and running jobs finish. */
  readonly shutdownTimeoutSeconds: number;
  /** The directory stored files are kept in; undefined keeps them in memory. */
  readonly dataDirectory?: string | undefined;
  /** What speech and transcription run on; {@link DEFAULT_SPEECH_MODE} without `--speech`. */
  readonly speech: SpeechMode;
  /** The model services whose adapters serve their ports; none when absent. */
  readonly providers?: readonly HostProviderName[];
}

/** Speech and transcription without `--speech`: the local engines where installed. */
export const DEFAULT_SPEECH_MODE: SpeechMode = "auto";

/** Seconds a stop waits for in-flight requests and jobs without `--shutdown-timeout`. */
export const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS = 25;
/** Longest `--shutdown-timeout`, in seconds (ten minutes). */
export const SHUTDOWN_TIMEOUT_MAX_SECONDS = 600;

/** The environment variable naming the ffmpeg program when `--ffmpeg-path` does not. */
export const FFMPEG_PATH_VARIABLE = "REELKIT_FFMPEG_PATH";
/** The environment variable naming the ffprobe program when `--ffprobe-path` does not. */
export const FFPROBE_PATH_VARIABLE = "REELKIT_FFPROBE_PATH";

/** The outcome of reading the command line. */
export type HostArguments =
  | { readonly kind: "run"; readonly options: HostOptions }
  | { readonly kind: "help" }
  | { readonly kind: "invalid"; readonly message: string };

/** The `--help` text. */
export const HOST_USAGE = `Usage: npm start -- [options]

Runs the reelkit API and its MCP server on a simulated provider, with in-memory
stores or, given a database URL, PostgreSQL stores.

Options:
  --port N            TCP port to listen on (default ${DEFAULT_PORT}; 0 picks a free port)
  --host ADDR         address to bind (default ${DEFAULT_HOST}; 0.0.0.0 listens on every interface)
  --fixture FILE      JSON file with the organizations, keys and credits to start with,
                      instead of the demo workspace (see "Fixture format" in docs/reference-host.md)
  --database-url URL  keep state in PostgreSQL (postgres://user:password@host:port/db);
                      migrations run on start and the fixture only adds what is missing.
                      Default: the DATABASE_URL environment variable, else in memory
  --database-schema NAME
                      the PostgreSQL schema holding every reelkit table, created on
                      start when missing; tables made before this flag existed live in
                      the schema the connection used, often public: name that one.
                      Default: the DATABASE_SCHEMA environment variable, else ${DEFAULT_POSTGRES_SCHEMA}
  --ffmpeg-path PATH  the ffmpeg program that renders MP4 exports and PNG previews
                      (default: the ${FFMPEG_PATH_VARIABLE} environment variable, else
                      ffmpeg on PATH); without a working ffmpeg the host still starts
                      and those two endpoints answer a structured error
  --ffprobe-path PATH the ffprobe program that probes every imported file, whose first
                      frame ffmpeg then decodes (default: the ${FFPROBE_PATH_VARIABLE}
                      environment variable, else ffprobe on PATH); without it imports are
                      checked from their headers
  --shutdown-timeout SECONDS
                      on SIGTERM or SIGINT, how long in-flight requests and running
                      jobs may finish before connections are cut and jobs released
                      (default ${DEFAULT_SHUTDOWN_TIMEOUT_SECONDS}; 0 to ${SHUTDOWN_TIMEOUT_MAX_SECONDS})
  --speech MODE       what voiceovers, voice previews and captions from media run on:
                      auto (default) uses the local engines where installed (flite and
                      espeak-ng speak, pocketsphinx transcribes and aligns English) and
                      the simulated stand-ins where not; local uses only them and
                      refuses to start without them; simulated uses only the stand-ins
  --providers LIST    model services to take providers from, comma-separated: openai
                      (pictures, speech, transcription and scripts; reads OPENAI_API_KEY
                      and OPENAI_BASE_URL), elevenlabs (speech with word times and the
                      account's voices; reads ELEVENLABS_API_KEY and ELEVENLABS_BASE_URL,
                      and serves speech when both are named), fal (video ads, UGC ads and
                      AI-model generations; reads FAL_KEY and FAL_QUEUE_URL). Default: the
                      ${PROVIDERS_VARIABLE} environment variable, else none; what no service
                      serves stays local or simulated
  --data-dir DIR      keep stored files (uploads, imports, exports, generated media) and
                      their metadata in DIR, created when missing, so they and their URLs
                      survive a restart; works with or without --database-url.
                      Default: in memory, gone when the host stops
  --help              print this text and exit
`;

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  fixture: { type: "string" },
  "database-url": { type: "string" },
  "database-schema": { type: "string" },
  "ffmpeg-path": { type: "string" },
  "ffprobe-path": { type: "string" },
  "shutdown-timeout": { type: "string" },
  "data-dir": { type: "string" },
  speech: { type: "string" },
  providers: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function portOf(text: string | undefined): number | string {
  if (text === undefined) return DEFAULT_PORT;
  // Digits only: Number() would also take "0x50", "1e3" or " 80 ".
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) {
    return `--port must be a whole number from 0 to 65535, got "${text}".`;
  }
  return port;
}

function shutdownTimeoutOf(text: string | undefined): number | { readonly error: string } {
  if (text === undefined) return DEFAULT_SHUTDOWN_TIMEOUT_SECONDS;
  const seconds = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(seconds <= SHUTDOWN_TIMEOUT_MAX_SECONDS)) {
    return {
      error: `--shutdown-timeout must be a whole number of seconds from 0 to ${SHUTDOWN_TIMEOUT_MAX_SECONDS}, got "${text}".`,
    };
  }
  return seconds;
}

function speechOf(text: string | undefined): SpeechMode | { readonly error: string } {
  if (text === undefined) return DEFAULT_SPEECH_MODE;
  const mode = SPEECH_MODES.find((known) => known === text);
  return mode ?? { error: `--speech must be one of ${SPEECH_MODES.join(", ")}, got "${text}".` };
}

function hostOf(text: string | undefined): string | { readonly error: string } {
  if (text === undefined) return DEFAULT_HOST;
  if (text === "" || /[\s/?#@]/.test(text)) {
    return { error: `--host must be an IP address or a host name, got "${text}".` };
  }
  return text;
}

function databaseUrlOf(text: string | undefined): string | undefined | { readonly error: string } {
  if (text === undefined || text === "") return undefined;
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== "postgres:" && url.protocol !== "postgresql:")) {
    return { error: "the database URL must look like postgres://user:password@host:5432/db." };
  }
  return text;
}

// The schema only means something with a database, so one given without a URL is refused
// rather than silently ignored.
function databaseSchemaOf(
  text: string | undefined,
  source: string,
  databaseUrl: string | undefined,
): string | undefined | { readonly error: string } {
  if (text === undefined || text === "") return undefined;
  if (databaseUrl === undefined) {
    return { error: `${source} needs a database URL (--database-url or DATABASE_URL).` };
  }
  const problem = schemaNameProblem(text);
  return problem === undefined ? text : { error: `${source}: ${problem}` };
}

function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Reads the host's command line (the arguments after the script name). `--database-url`
 * wins over `env.DATABASE_URL`, `--database-schema` over `env.DATABASE_SCHEMA`, and
 * `--ffmpeg-path` over `env.REELKIT_FFMPEG_PATH`, and `--ffprobe-path` over
 * `env.REELKIT_FFPROBE_PATH`; an empty value of any means none.
 *
 * @example
 * ```ts
 * parseHostArguments(["--port", "0"]);
 * // { kind: "run", options: { port: 0, host: "127.0.0.1", fixturePath: undefined, databaseUrl: undefined } }
 * ```
 */
export function parseHostArguments(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): HostArguments {
  const flags = readFlags(argv);
  if ("error" in flags) return { kind: "invalid", message: flags.error };
  const { values } = flags;
  if (values.help === true) return { kind: "help" };
  const port = portOf(values.port);
  if (typeof port === "string") return { kind: "invalid", message: port };
  const host = hostOf(values.host);
  if (typeof host !== "string") return { kind: "invalid", message: host.error };
  if (values.fixture === "") {
    return { kind: "invalid", message: "--fixture needs the path of a JSON file." };
  }
  const databaseUrl = databaseUrlOf(values["database-url"] ?? env.DATABASE_URL);
  if (typeof databaseUrl === "object") {
    const source = values["database-url"] === undefined ? "DATABASE_URL" : "--database-url";
    return { kind: "invalid", message: `${source}: ${databaseUrl.error}` };
  }
  const schemaFlag = values["database-schema"];
  const databaseSchema = databaseSchemaOf(
    schemaFlag ?? env.DATABASE_SCHEMA,
    schemaFlag === undefined ? "DATABASE_SCHEMA" : "--database-schema",
    databaseUrl,
  );
  if (typeof databaseSchema === "object") return { kind: "invalid", message: databaseSchema.error };
  const ffmpegPath = values["ffmpeg-path"] ?? env[FFMPEG_PATH_VARIABLE];
  const ffprobePath = values["ffprobe-path"] ?? env[FFPROBE_PATH_VARIABLE];
  const shutdownTimeoutSeconds = shutdownTimeoutOf(values["shutdown-timeout"]);
  if (typeof shutdownTimeoutSeconds === "object") {
    return { kind: "invalid", message: shutdownTimeoutSeconds.error };
  }
  const dataDirectory = values["data-dir"];
  if (dataDirectory === "") {
    return { kind: "invalid", message: "--data-dir needs the path of a directory." };
  }
  const speech = speechOf(values.speech);
  if (typeof speech === "object") return { kind: "invalid", message: speech.error };
  const providers = providerNamesOf(values.providers ?? env[PROVIDERS_VARIABLE]);
  if ("error" in providers) return { kind: "invalid", message: providers.error };
  return {
    kind: "run",
    options: {
      port,
      host,
      fixturePath: values.fixture,
      databaseUrl,
      ...(databaseSchema === undefined ? {} : { databaseSchema }),
      ffmpegPath: ffmpegPath === "" ? undefined : ffmpegPath,
      ffprobePath: ffprobePath === "" ? undefined : ffprobePath,
      shutdownTimeoutSeconds,
      ...(dataDirectory === undefined ? {} : { dataDirectory }),
      speech,
      ...(providers.length === 0 ? {} : { providers }),
    },
  };
}
