/**
 * Runs the local engines: at most a few sessions at once (the rest wait in a bounded
 * queue), each in a private temporary directory removed afterwards whatever happened,
 * each process with a time limit and a bound on what it prints. A failure is a thrown
 * `ProviderError` whose message names the engine and never carries its raw output.
 *
 * @module
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProviderError } from "../ports/provider-error.js";
import { runProcess } from "../render/node/ffmpeg-process.js";
import { RenderSlots } from "../render/render-slots.js";
import { ENGINE_STDOUT_MAX_LENGTH } from "./limits.js";

/** One engine process. */
export interface EngineCommand {
  /** The engine's name as people know it, for messages: `flite`, `pocketsphinx`. */
  readonly engine: string;
  /** The program: a path, or a name looked up on `PATH`. */
  readonly program: string;
  /** Arguments after the program. */
  readonly args: readonly string[];
  /** Working directory: the session's. */
  readonly cwd: string;
  /** Seconds before the process is killed. */
  readonly timeoutSeconds: number;
}

/** What a finished engine printed. */
export interface EngineOutput {
  /** Standard output, whole. */
  readonly stdout: string;
}

/** How a runner is made. */
export interface EngineRunnerOptions {
  /** Sessions run at once. */
  readonly concurrency: number;
  /** Sessions that may wait for a slot; more are refused with `engine_busy`. */
  readonly queueMax: number;
  /** Where session directories are made; the system's temporary directory by default. */
  readonly temporaryDirectory?: string | undefined;
}

/** The failure of an engine that is not installed where it was looked for. */
export function engineMissing(engine: string, program: string): ProviderError {
  return new ProviderError({
    category: "engine_unavailable",
    message: `The ${engine} engine was not found (looked for "${program}"); install it or configure its path.`,
    retryable: true,
  });
}

function engineFailed(engine: string, why: string, category = "engine_failed"): ProviderError {
  return new ProviderError({
    category,
    message: `The ${engine} engine ${why}.`,
    retryable: true,
  });
}

/** Runs engine sessions with bounded concurrency, private directories and limits. */
export class EngineRunner {
  readonly #slots: RenderSlots;
  readonly #temporaryDirectory: string;

  /** A runner with the given concurrency and queue. */
  constructor(options: EngineRunnerOptions) {
    // Engine runs are not organizations' renders: they share one line.
    this.#slots = new RenderSlots({
      concurrency: options.concurrency,
      queueMax: options.queueMax,
      queueMaxPerOrganization: options.queueMax,
    });
    this.#temporaryDirectory = options.temporaryDirectory ?? tmpdir();
  }

  /**
   * Runs `work` once a slot is free, in a fresh private directory that is removed when
   * it ends; throws `engine_busy` when too many sessions wait already.
   */
  async session<T>(work: (directory: string) => Promise<T>): Promise<T> {
    const slot = await this.#slots.acquire({ organization: undefined });
    if (!slot.ok) {
      throw new ProviderError({
        category: "engine_busy",
        message: "Too many speech engine runs are waiting; try again shortly.",
        retryable: true,
      });
    }
    let directory: string | undefined;
    try {
      directory = await mkdtemp(join(this.#temporaryDirectory, "reelkit-local-"));
      return await work(directory);
    } finally {
      slot.value();
      if (directory !== undefined) await rm(directory, { recursive: true, force: true });
    }
  }

  /** Runs one process to its end; throws a `ProviderError` unless it exits with 0. */
  async exec(command: EngineCommand): Promise<EngineOutput> {
    let stdout = "";
    const overflow = new AbortController();
    const exit = await runProcess({
      program: command.program,
      args: command.args,
      cwd: command.cwd,
      timeoutMs: command.timeoutSeconds * 1000,
      signal: overflow.signal,
      onStdout: (text) => {
        stdout += text;
        if (stdout.length > ENGINE_STDOUT_MAX_LENGTH) overflow.abort();
      },
    });
    if (exit.kind === "missing") throw engineMissing(command.engine, command.program);
    if (exit.kind === "timeout") {
      throw engineFailed(
        command.engine,
        `ran past its ${command.timeoutSeconds} s limit and was stopped`,
        "engine_timeout",
      );
    }
    if (exit.kind === "aborted") {
      throw engineFailed(
        command.engine,
        `printed more than ${ENGINE_STDOUT_MAX_LENGTH} characters`,
      );
    }
    if (exit.exitCode !== 0) {
      throw engineFailed(command.engine, `failed with exit code ${exit.exitCode}`);
    }
    return { stdout };
  }
}
