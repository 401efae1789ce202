/**
 * Running one program with bounds: a time limit after which it is killed, a limit on the
 * standard output it may write (killed past it), its error output counted but never kept
 * (a tool's own words never reach a client), no shell and no standard input.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { err, ok, type Result } from "../../result.js";

/** A run that exited by itself, whatever its exit code. */
export interface ProcessExit {
  /** Its exit code (null when a signal ended it). */
  readonly exitCode: number | null;
  /** Its standard output, as UTF-8 text. */
  readonly stdout: string;
}

/**
 * Why a run did not exit by itself: `missing` when the program could not be started
 * (not found, or not executable), `timeout` when it ran past the time limit and was
 * killed, `output_too_large` when it wrote more than the output limit and was killed.
 */
export type ProcessFailure = "missing" | "timeout" | "output_too_large";

/** How one run ended: it exited, or it was never started or was killed. */
export type ProcessOutcome = Result<ProcessExit, ProcessFailure>;

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
      settle(err("timeout"));
    }, run.timeoutMilliseconds);
    child.stdout.on("data", (chunk: Buffer) => {
      outputBytes += chunk.byteLength;
      if (outputBytes > run.maxOutputBytes) {
        child.kill("SIGKILL");
        settle(err("output_too_large"));
        return;
      }
      chunks.push(chunk);
    });
    // Read and dropped, so a chatty program never blocks on a full pipe.
    child.stderr.resume();
    child.on("error", () => settle(err("missing")));
    child.on("close", (exitCode) => {
      settle(ok({ exitCode, stdout: Buffer.concat(chunks).toString("utf8") }));
    });
  });
}
