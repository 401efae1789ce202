/**
 * Runs one ffmpeg process: in a working directory, with a time limit and an abort
 * signal that both stop it, its `-progress` output passed on and the end of its error
 * output kept (for the server's log and for telling which input broke).
 *
 * A stop asks ffmpeg to end (SIGTERM), and kills it (SIGKILL) if it is still there
 * after a short grace; the run ends only once the process has exited. On Linux the
 * process is confined (see `confinement`): its memory is capped, and it is killed if
 * the process that started it dies, so no ffmpeg outlives its host.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import { confinedCommand, type ProcessConfinement } from "./confinement.js";

/** Most characters of ffmpeg's error output kept. */
export const STDERR_TAIL_MAX_LENGTH = 4000;
/** How long a stopped ffmpeg has to exit after SIGTERM before it is sent SIGKILL. */
export const PROCESS_STOP_GRACE_MILLISECONDS = 2000;

/** One ffmpeg run. */
export interface ProcessRun {
  /** The program: a path, or a name looked up on `PATH`. */
  readonly program: string;
  /** Arguments after the program. */
  readonly args: readonly string[];
  /** Working directory. */
  readonly cwd?: string;
  /** Milliseconds before the process is stopped. */
  readonly timeoutMs: number;
  /** Stops the process when aborted. */
  readonly signal?: AbortSignal | undefined;
  /** Receives standard output as it arrives. */
  readonly onStdout?: (text: string) => void;
  /** Most characters of error output kept (the end of it); default 4000. */
  readonly stderrMaxLength?: number;
  /** The memory cap and parent-death signal to run under; none when undefined. */
  readonly confinement?: ProcessConfinement | undefined;
  /**
   * How much lower than this process the child is scheduled (a `nice` increment, 0 to
   * 19), so batch work leaves the processor to work someone waits for; default 0.
   */
  readonly niceness?: number;
  /** Milliseconds between SIGTERM and SIGKILL; default {@link PROCESS_STOP_GRACE_MILLISECONDS}. */
  readonly stopGraceMs?: number;
}

/** How a run ended. */
export type ProcessExit =
  | {
      readonly kind: "exited";
      readonly exitCode: number;
      /** The signal that ended the process (a crash), or null. */
      readonly exitSignal: NodeJS.Signals | null;
      readonly stderr: string;
    }
  | { readonly kind: "missing"; readonly message: string }
  | { readonly kind: "timeout"; readonly stderr: string }
  | { readonly kind: "aborted"; readonly stderr: string };

// Lowers the child's priority; it may already have exited, or the system may refuse.
function lowerPriority(pid: number | undefined, niceness: number): void {
  if (pid === undefined || niceness === 0) return;
  try {
    setPriority(pid, niceness);
  } catch {
    // Running at normal priority is slower for others, never wrong.
  }
}

/** Runs the process to its end; never rejects. */
export function runProcess(run: ProcessRun): Promise<ProcessExit> {
  return new Promise((resolve) => {
    if (run.signal?.aborted) {
      resolve({ kind: "aborted", stderr: "" });
      return;
    }
    const command = confinedCommand(run.program, run.args, run.confinement);
    const child = spawn(command.program, [...command.args], {
      cwd: run.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
    });
    lowerPriority(child.pid, run.niceness ?? 0);
    let stderr = "";
    let stopped: "timeout" | "aborted" | undefined;
    let killer: NodeJS.Timeout | undefined;
    const stop = (reason: "timeout" | "aborted") => {
      if (stopped !== undefined) return;
      stopped = reason;
      child.kill("SIGTERM");
      killer = setTimeout(
        () => child.kill("SIGKILL"),
        run.stopGraceMs ?? PROCESS_STOP_GRACE_MILLISECONDS,
      );
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
      clearTimeout(killer);
      run.signal?.removeEventListener("abort", onAbort);
      resolve(exit);
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") finish({ kind: "missing", message: error.message });
      else finish({ kind: "exited", exitCode: -1, exitSignal: null, stderr: error.message });
    });
    // `close` comes once the process has exited and its output pipes have closed.
    child.on("close", (exitCode, exitSignal) => {
      if (stopped !== undefined) finish({ kind: stopped, stderr });
      else finish({ kind: "exited", exitCode: exitCode ?? -1, exitSignal, stderr });
    });
  });
}
