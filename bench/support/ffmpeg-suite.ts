/**
 * A suite that needs ffmpeg: skipped with a line in the report when ffmpeg is not
 * installed, and given a scratch folder removed when the run ends.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReportLine, ReportSection } from "./report.js";
import type { BenchOptions, BenchSuite } from "./suite.js";

/** What an ffmpeg suite is made of. */
export interface FfmpegSuiteParts {
  /** Short name, used in the results block and the scratch folder's name. */
  readonly name: string;
  /** The report section's title. */
  readonly title: string;
  /** Builds, checks and registers the benchmarks; returns the lines to report. */
  measure(folder: string, options: BenchOptions): Promise<ReportLine[]>;
}

/** A benchmark suite that runs `parts.measure` when ffmpeg is installed. */
export function ffmpegSuite(parts: FfmpegSuiteParts): BenchSuite {
  return {
    name: parts.name,
    async register(options: BenchOptions): Promise<ReportSection> {
      if (spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status !== 0) {
        console.log(`ffmpeg is not installed: the ${parts.name} benchmarks are skipped.`);
        return {
          title: parts.title,
          lines: [{ kind: "figure", label: "skipped", text: "ffmpeg is not installed" }],
        };
      }
      const folder = mkdtempSync(join(tmpdir(), `reelkit-bench-${parts.name}-`));
      process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
      return { title: parts.title, lines: await parts.measure(folder, options) };
    },
  };
}
