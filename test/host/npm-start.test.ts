import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { type HostProcess, spawnProcess } from "./support/spawn-host.js";

interface ProcessRow {
  readonly pid: number;
  readonly parent: number;
  readonly command: string;
}

function processTable(): ProcessRow[] {
  const text = execFileSync("ps", ["-A", "-o", "pid=,ppid=,args="], { encoding: "utf8" });
  return text
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), parent: Number(match[2]), command: match[3] ?? "" }));
}

/** Every process started, directly or not, by `pid`. */
function descendantsOf(pid: number): ProcessRow[] {
  const table = processTable();
  const found: ProcessRow[] = [];
  const parents = [pid];
  for (let parent = parents.pop(); parent !== undefined; parent = parents.pop()) {
    for (const row of table.filter((each) => each.parent === parent)) {
      found.push(row);
      parents.push(row.pid);
    }
  }
  return found;
}

function isAlive(pid: number): boolean {
  return processTable().some((row) => row.pid === pid && !row.command.includes("<defunct>"));
}

// The project's .npmrc decides how npm behaves, as for a person typing `npm start`, not
// the settings an outer `npm test` passes down in npm_* variables.
function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name)) env[name] = value;
  }
  return { ...env, DATABASE_URL: "" };
}

// `detached` puts npm in a process group of its own, as a terminal would, so a test can
// send a signal to npm alone or to the whole group like Ctrl+C.
const npmStart = () =>
  spawnProcess("npm", ["start", "--", "--port", "0"], { env: userEnvironment(), detached: true });

async function gone(pids: readonly number[]): Promise<number[]> {
  for (let tries = 0; tries < 200; tries += 1) {
    const alive = pids.filter(isAlive);
    if (alive.length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pids.filter(isAlive);
}

describe("npm start", () => {
  const started: HostProcess[] = [];
  afterEach(() => {
    for (const { child } of started.splice(0)) {
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    }
  });

  it.each([
    ["SIGTERM to npm", "SIGTERM", false],
    ["SIGINT to npm", "SIGINT", false],
    ["Ctrl+C (SIGINT to the process group)", "SIGINT", true],
  ] as const)(
    "prints the host's line first and stops cleanly on %s, leaving no process",
    async (_name, signal, toGroup) => {
      const start = npmStart();
      started.push(start);
      expect(await start.firstLine).toMatch(/^reelkit listening on http:\/\/127\.0\.0\.1:\d+$/);
      const pid = start.child.pid as number;
      const descendants = descendantsOf(pid);
      // npm runs the host itself, with no shell or launcher in between to lose a signal.
      const host = descendants.find((row) => row.command.includes("src/host/main.ts"));
      expect(host?.parent).toBe(pid);
      process.kill(toGroup ? -pid : pid, signal);
      expect(await start.exited).toEqual({ code: 0, signal: null });
      expect(start.stdout().endsWith("reelkit stopped\n")).toBe(true);
      expect(await gone(descendants.map((row) => row.pid))).toEqual([]);
    },
    60_000,
  );
});
