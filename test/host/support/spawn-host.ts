/**
 * Runs the real reference host (`src/host/main.ts`) as a child process, as `npm start`
 * does, and reads its output.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The repository root. */
export const ROOT = join(import.meta.dirname, "..", "..", "..");

// A test that fails midway must not leave a host running.
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** A host child process. */
export interface HostProcess {
  readonly child: ChildProcess;
  /** Resolves with the first line of stdout; rejects if the process exits first. */
  readonly firstLine: Promise<string>;
  /** Resolves when the process exits. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
}

/** How to start a process with {@link spawnProcess}. */
export interface SpawnSettings {
  /** The environment; this process's by default. */
  readonly env?: NodeJS.ProcessEnv;
  /** Starts the process in a process group of its own, as a terminal would. */
  readonly detached?: boolean;
}

/** Starts `command` in the repository root and reads its output. */
export function spawnProcess(
  command: string,
  args: readonly string[],
  settings: SpawnSettings = {},
): HostProcess {
  const child = spawn(command, [...args], {
    cwd: ROOT,
    env: settings.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: settings.detached ?? false,
  });
  let out = "";
  let err = "";
  child.stdout?.setEncoding("utf8");
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: string) => {
      out += chunk;
      const end = out.indexOf("\n");
      if (end >= 0) resolve(out.slice(0, end));
    });
    void exited.then(({ code }) =>
      reject(new Error(`${command} exited with ${code} before printing a line: ${err}`)),
    );
  });
  // A test that only waits for the exit never reads the first line; its rejection is
  // not an unhandled one.
  firstLine.catch(() => undefined);
  children.add(child);
  child.once("exit", () => children.delete(child));
  return { child, firstLine, exited, stdout: () => out, stderr: () => err };
}

/** Starts `node --import tsx src/host/main.ts ...args`, `env` added to this process's. */
export function spawnHost(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): HostProcess {
  return spawnProcess(
    process.execPath,
    ["--import", "tsx", join(ROOT, "src/host/main.ts"), ...args],
    // Without a flag saying otherwise, the host under test keeps its state in memory,
    // whatever DATABASE_URL the test run happens to have.
    { env: { ...process.env, DATABASE_URL: "", ...env } },
  );
}

/** Writes `fixture` as JSON to a fresh temporary file and returns its path. */
export function writeFixture(fixture: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), "reelkit-host-")), "fixture.json");
  writeFileSync(path, typeof fixture === "string" ? fixture : JSON.stringify(fixture, null, 2));
  return path;
}

/** The origin in the host's first line, such as `http://127.0.0.1:8787`. */
export function originOfFirstLine(line: string): string {
  return line.replace(/^reelkit listening on /, "");
}
