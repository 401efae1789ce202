/**
 * The reference host as a child process for measurements: started on a free port with
 * extra flags, its origin read from its first line, its resident memory read from
 * `/proc` (Linux).
 *
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** Resident memory of process `pid` in KiB (`VmRSS`). */
export function residentKibibytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const line = status.split("\n").find((each) => each.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? 0);
}

/** Starts `src/host/main.ts --port 0 ...flags` and resolves once it says where it listens. */
export function startHostProcess(
  flags: readonly string[],
): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/host/main.ts", "--port", "0", ...flags],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const origin = /listening on (http:\/\/\S+)/.exec(text)?.[1];
      if (origin !== undefined) resolve({ child, origin });
    });
    child.once("exit", (code) => reject(new Error(`The host exited with ${code}.`)));
  });
}
