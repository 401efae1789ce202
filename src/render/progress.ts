/**
 * ffmpeg's `-progress` output: `key=value` lines, a block per report ending with
 * `progress=continue` (or `progress=end`).
 *
 * @module
 */
import type { RenderProgress } from "../ports/renderer.js";

const MICROSECONDS_PER_SECOND = 1_000_000;

/**
 * Reads `-progress` text as it arrives and reports each finished block.
 *
 * @example
 * ```ts
 * const reader = new ProgressReader({ frameCount: 90, durationSeconds: 3 }, console.log);
 * reader.push("frame=45\nout_time_us=1500000\nprogress=continue\n");
 * // logs { framesDone: 45, frameCount: 90, outputSeconds: 1.5, durationSeconds: 3, fraction: 0.5 }
 * ```
 */
export class ProgressReader {
  #pending = "";
  #framesDone = 0;
  #outputSeconds = 0;
  readonly #total: { frameCount: number; durationSeconds: number };
  readonly #report: (progress: RenderProgress) => void;

  /** A reader for an output of `total` frames and seconds, reporting to `report`. */
  constructor(
    total: { frameCount: number; durationSeconds: number },
    report: (progress: RenderProgress) => void,
  ) {
    this.#total = total;
    this.#report = report;
  }

  /** Takes the next piece of text. */
  push(text: string): void {
    const lines = (this.#pending + text).split("\n");
    this.#pending = lines.pop() ?? "";
    for (const line of lines) this.#line(line.trim());
  }

  #line(line: string): void {
    const separator = line.indexOf("=");
    if (separator < 0) return;
    const key = line.slice(0, separator);
    const value = line.slice(separator + 1);
    if (key === "frame") this.#framesDone = toNumber(value, this.#framesDone);
    if (key === "out_time_us") {
      this.#outputSeconds =
        toNumber(value, this.#outputSeconds * MICROSECONDS_PER_SECOND) / MICROSECONDS_PER_SECOND;
    }
    if (key === "progress") this.#emit(value === "end");
  }

  #emit(finished: boolean): void {
    const { frameCount, durationSeconds } = this.#total;
    const outputSeconds = finished
      ? durationSeconds
      : Math.min(durationSeconds, Math.max(0, this.#outputSeconds));
    const framesDone = finished ? frameCount : Math.min(frameCount, this.#framesDone);
    this.#report({
      framesDone,
      frameCount,
      outputSeconds,
      durationSeconds,
      fraction: durationSeconds > 0 ? outputSeconds / durationSeconds : 1,
    });
  }
}

function toNumber(value: string, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}
