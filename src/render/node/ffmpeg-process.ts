/**
 * Runs one ffmpeg process: in a working directory, with a time limit and an abort
 * signal that both kill it, its `-progress` output passed on and the end of its error
 * output kept for the failure message.
 *
 * @module
 */
import { spawn } from "node:child_process";

/** Most characters of ffmpeg's error output kept for a failure message. */
export const STDERR_TAIL_MAX_LENGTH = 4000;

/** One ffmpeg run. */
export interface ProcessRun {
  /** The program: a path, or a name looked up on `PATH`. */
  readonly program: string;
  /** Arguments after the program. */
  readonly args: readonly string[];
  /** Working directory. */
  readonly cwd?: string;
  /** Milliseconds before the process is killed. */
  readonly timeoutMs: number;
  /** Kills the process when aborted. */
  readonly signal?: AbortSignal | undefined;
  /** Receives standard output as it arrives. */
  readonly onStdout?: (text: string) => void;
  /** Most characters of error output kept (the end of it); default 4000. */
  readonly stderrMaxLength?: number;
}

/** How a run ended. */
export type ProcessExit =
  | { readonly kind: "exited"; readonly exitCode: number; readonly stderr: string }
  | { readonly kind: "missing"; readonly message: string }
  | { readonly kind: "timeout" }
  | { readonly kind: "aborted" };

/** Runs the process to its end; never rejects. */
export function runProcess(run: ProcessRun): Promise<ProcessExit> {
  return new Promise((resolve) => {
    if (run.signal?.aborted) {
      resolve({ kind: "aborted" });
      return;
    }
    const child = spawn(run.program, [...run.args], {
      cwd: run.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
    });
    let stderr = "";
    let stopped: "timeout" | "aborted" | undefined;
    const stop = (reason: "timeout" | "aborted") => {
      stopped ??= reason;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => stop("timeout"), run.timeoutMs);
    const onAbort = () => stop("aborted");
    run.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text: string) => run.onStdout?.(text));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      stderr = (stderr + text).slice(-(run.stderrMaxLength ?? STDERR_TAIL_MAX_LENGTH));
    });
    const finish = (exit: ProcessExit) => {
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
      resolve(exit);
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") finish({ kind: "missing", message: error.message });
      else finish({ kind: "exited", exitCode: -1, stderr: error.message });
    });
    child.on("close", (exitCode) => {
      if (stopped !== undefined) finish({ kind: stopped });
      else finish({ kind: "exited", exitCode: exitCode ?? -1, stderr });
    });
  });
}
