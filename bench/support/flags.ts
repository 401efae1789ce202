/**
 * Command-line flags of `npm run bench` (documented at the top of `bench/index.ts`).
 *
 * @module
 */
import { parseArgs } from "node:util";
import type { BenchOptions } from "./suite.js";

/** The parsed command line: run with these options, or print the usage. */
export type ParsedFlags =
  | {
      readonly kind: "run";
      readonly options: BenchOptions;
      /** Names of the suites to run; empty for every suite. */
      readonly suites: readonly string[];
    }
  | { readonly kind: "help" }
  | { readonly kind: "error"; readonly message: string };

/** Parses `argv` (without node and the script); never throws. */
export function parseFlags(argv: readonly string[]): ParsedFlags {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        quick: { type: "boolean", default: false },
        suite: { type: "string", multiple: true },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) return { kind: "help" };
    return { kind: "run", options: { quick: values.quick }, suites: values.suite ?? [] };
  } catch (error) {
    return { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
}
