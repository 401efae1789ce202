/**
 * Running one program with bounds: a time limit after which it is killed, a limit on the
 * standard output it may write (killed past it), its error output counted but never kept
 * (a tool's own words never reach a client), no shell and no standard input.
 *
 * @module
 */
import { spawn } from "node:child_process";

/** How one run ended. */
export type ProcessOutcome =
  | {
      /** It exited by itself. */
      readonly kind: "exited";
      /** Its exit code (null when a signal ended it). */
      readonly exitCode: number | null;
      /** Its standard output, as UTF-8 text. */
      readonly stdout: string;
    }
  /** The program could not be started: not found, or not executable. */
  | { readonly kind: "missing" }
  /** It ran past the time limit and was killed. */
  | { readonly kind: "timeout" }
  /** It wrote more than the output limit and was killed. */
  | { readonly kind: "output_too_large" };

/** One bounded run. */
export interface BoundedRun {
  /** The program: a path, or a name looked up on `PATH`. */
  readonly program: string;
  /** Its arguments; never passed through a shell. */
  readonly args: readonly string[];
  /** Killed after this many milliseconds. */
  readonly timeoutMilliseconds: number;
  /** Killed once its standard output passes this many bytes. */
  readonly maxOutputBytes: number;
}

/** Runs `run.program` within its bounds; every way it can end is a returned value. */
export function runBounded(run: BoundedRun): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: ProcessOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const child = spawn(run.program, run.args, { stdio: ["ignore", "pipe", "pipe"], shell: false });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      settle({ kind: "timeout" });
    }, run.timeoutMilliseconds);
    child.stdout.on("data", (chunk: Buffer) => {
      outputBytes += chunk.byteLength;
      if (outputBytes > run.maxOutputBytes) {
        child.kill("SIGKILL");
        settle({ kind: "output_too_large" });
        return;
      }
      chunks.push(chunk);
    });
    // Read and dropped, so a chatty program never blocks on a full pipe.
    child.stderr.resume();
    child.on("error", () => settle({ kind: "missing" }));
    child.on("close", (exitCode) => {
      settle({ kind: "exited", exitCode, stdout: Buffer.concat(chunks).toString("utf8") });
    });
  });
}
