/**
 * `npm start`: the reference host. Reads the flags and the fixture, starts the API and
 * the MCP server on in-memory (or PostgreSQL) stores, the simulated provider and the
 * local speech engines where installed, prints
 * where it listens, and stops cleanly on SIGTERM or SIGINT.
 *
 * Exit codes: 0 after a clean stop or `--help`, 1 when the fixture is bad or the address
 * cannot be bound, 2 for bad flags.
 *
 * @module
 */
import { createJsonLinesLogger } from "../observability/json-lines-logger.js";
import { HOST_USAGE, parseHostArguments } from "./arguments.js";
import { hostBanner } from "./banner.js";
import { loadFixture } from "./fixture.js";
import { loadHostProviders } from "./host-providers.js";
import { DEMO_FIXTURE, type HostSetup, setupOf } from "./host-setup.js";
import { signalAction } from "./signals.js";
import { type RunningHost, startHost } from "./start-host.js";

function fail(lines: readonly string[], exitCode: number): never {
  for (const line of lines) process.stderr.write(`reelkit: ${line}\n`);
  process.exit(exitCode);
}

async function setupFrom(fixturePath: string | undefined): Promise<HostSetup> {
  if (fixturePath === undefined) return setupOf(DEMO_FIXTURE);
  const loaded = await loadFixture(fixturePath);
  if (!loaded.ok) fail(loaded.error, 1);
  return setupOf(loaded.value);
}

// The first signal stops cleanly; a later one, for a stop that hangs, exits at once.
function stopOnSignals(host: RunningHost, shutdownTimeoutSeconds: number): void {
  let firstAt: number | undefined;
  const onSignal = (): void => {
    const now = Date.now();
    const action = signalAction(firstAt, now);
    if (action === "exit") process.exit(1);
    if (action === "ignore") return;
    firstAt = now;
    // The listener closes synchronously inside `stop`, so whoever reads this line can
    // count on new connections being refused.
    const stopped = host.stop();
    process.stdout.write(
      `reelkit stopping: finishing in-flight requests and jobs for up to ${shutdownTimeoutSeconds} s\n`,
    );
    stopped.then(
      () => process.stdout.write("reelkit stopped\n", () => process.exit(0)),
      (error: unknown) => fail([`stopping failed: ${String(error)}`], 1),
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseHostArguments(argv, process.env);
  if (parsed.kind === "help") {
    process.stdout.write(HOST_USAGE);
    return;
  }
  if (parsed.kind === "invalid")
    fail([parsed.message, "run `npm start -- --help` for the flags"], 2);
  const { port, host, fixturePath, databaseUrl, databaseSchema, ffmpegPath, dataDirectory } =
    parsed.options;
  const { ffprobePath, shutdownTimeoutSeconds, speech } = parsed.options;
  const setup = await setupFrom(fixturePath);
  let running: RunningHost;
  try {
    const providers = await loadHostProviders(parsed.options.providers ?? [], process.env);
    running = await startHost({
      providers,
      port,
      host,
      setup,
      databaseUrl,
      databaseSchema,
      ffmpegPath,
      ffprobePath,
      speech,
      shutdownTimeoutMilliseconds: shutdownTimeoutSeconds * 1000,
      logger: createJsonLinesLogger({ stream: process.stdout }),
      dataDirectory,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    fail([`cannot start on ${host} port ${port}: ${reason}`], 1);
  }
  stopOnSignals(running, shutdownTimeoutSeconds);
  process.stdout.write(
    `${hostBanner({ origin: running.origin, setup, fixturePath, stores: running.wiring.stores, rendering: running.rendering, speech: running.speech, probing: running.probing, providers: running.providers, dataDirectory }).join("\n")}\n`,
  );
}

await main(process.argv.slice(2));
