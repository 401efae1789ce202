/**
 * `npm run bench`: every benchmark suite, measured in one mitata `run()`, then a results
 * block of times and ratios with PASS or FAIL next to each target.
 *
 * Usage:
 *
 *   npm run bench                 full run, about four minutes (the clone-per-op
 *                                 baseline, three 30 s video exports and three 30 s
 *                                 faceless videos with their exports take most of it;
 *                                 a 200 MiB upload and import adds a few seconds)
 *   npm run bench -- --quick      smoke run on smaller fixtures, about 40 s; the ratios
 *                                 are taken at the sizes it builds and are indicative only
 *   npm run bench -- --suite speech
 *                                 local speech and alignment speed, about half a minute
 *   npm run bench -- --suite render-load
 *                                 what heavy renders cost others: event-loop delay,
 *                                 ffmpeg's peak memory, preview latency under load
 *                                 (REELKIT_BENCH_RENDER_LOAD=event-loop, memory or
 *                                 fairness runs one part)
 *   npm run bench -- --suite revisions
 *                                 only the named suite (repeat the flag for several)
 *   npm run bench -- --help       prints this usage
 *
 * Benchmarks report rather than gate: a missed target prints FAIL and the exit code stays
 * 0. A broken fixture (a batch that no longer applies, a state that breaks an invariant)
 * is a bug in the benchmark, and exits 1 before anything is timed. Unknown flags and
 * unknown suite names exit 2.
 *
 * A suite is a module exporting a {@link BenchSuite}; add it to `SUITES` below.
 *
 * @module
 */
// Must load before mitata, which looks for `globalThis.gc` when it loads.
import "./support/expose-gc.js";

import { run } from "mitata";
import { editorSuite } from "./editor.js";
import { mediaImportSuite } from "./media-import.js";
import { productsSuite } from "./products.js";
import { renderSuite } from "./render.js";
import { renderLoadSuite } from "./render-load.js";
import { revisionsSuite } from "./revisions.js";
import { dropBenchSchemas, serviceSuite } from "./service.js";
import { speechSuite } from "./speech.js";
import { parseFlags } from "./support/flags.js";
import { printReport, type ReportSection } from "./support/report.js";
import type { BenchOptions, BenchSuite } from "./support/suite.js";

const SUITES: readonly BenchSuite[] = [
  editorSuite,
  serviceSuite,
  revisionsSuite,
  renderSuite,
  productsSuite,
  renderLoadSuite,
  mediaImportSuite,
  speechSuite,
];

const USAGE = `Usage: npm run bench [-- --quick] [-- --suite NAME ...] [-- --help]

  --quick        smaller fixtures for a smoke run; ratios are indicative only
  --suite NAME   run only this suite (${SUITES.map((suite) => suite.name).join(", ")}); repeatable
  --help         print this usage`;

async function main(options: BenchOptions, suites: readonly BenchSuite[]): Promise<void> {
  const sections: ReportSection[] = [];
  try {
    for (const suite of suites) sections.push(await suite.register(options));
    if (options.quick) console.log("quick run: smaller fixtures, numbers are indicative only.");
    const result = await run({ colors: process.stdout.isTTY === true });
    printReport(result, sections);
  } finally {
    await dropBenchSchemas();
  }
}

const flags = parseFlags(process.argv.slice(2));
if (flags.kind === "help") {
  console.log(USAGE);
} else if (flags.kind === "error") {
  console.error(`${flags.message}\n\n${USAGE}`);
  process.exitCode = 2;
} else {
  const unknown = flags.suites.filter((name) => !SUITES.some((suite) => suite.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown suite: ${unknown.join(", ")}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    const chosen =
      flags.suites.length === 0
        ? SUITES
        : SUITES.filter((suite) => flags.suites.includes(suite.name));
    await main(flags.options, chosen).catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
  }
}
