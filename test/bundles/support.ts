import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type BuildOptions, build, type Metafile } from "esbuild";

export const PACKAGE_ROOT = join(import.meta.dirname, "..", "..");

interface PackageJson {
  readonly exports: Record<string, unknown>;
}

/** The subpaths of package.json `exports` that name code (not `./package.json`). */
export function exportedEntries(): string[] {
  const manifest = JSON.parse(
    readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8"),
  ) as PackageJson;
  return Object.keys(manifest.exports).filter((subpath) => subpath !== "./package.json");
}

/** The source file behind each entry, as tsup builds it (kept equal by a test). */
export const ENTRY_SOURCES: Readonly<Record<string, string>> = {
  ".": "src/index.ts",
  "./editor": "src/editor/index.ts",
  "./elevenlabs": "src/elevenlabs/index.ts",
  "./fal": "src/fal/index.ts",
  "./http": "src/http/index.ts",
  "./local": "src/local/index.ts",
  "./mcp": "src/mcp/index.ts",
  "./memory": "src/memory/index.ts",
  "./node": "src/node/index.ts",
  "./openai": "src/openai/index.ts",
  "./opentelemetry": "src/opentelemetry/index.ts",
  "./postgres": "src/postgres/index.ts",
  "./render": "src/render/index.ts",
  "./s3": "src/s3/index.ts",
  "./schemas": "src/schemas/index.ts",
  "./simulated": "src/simulated/index.ts",
  "./testing": "src/testing/index.ts",
};

/** Entries that exist to reach Node's built-ins (Node, Bun and Deno provide them). */
export const NODE_ONLY_ENTRIES: ReadonlySet<string> = new Set([
  "./elevenlabs",
  "./fal",
  "./local",
  "./node",
  "./openai",
  "./postgres",
  "./render",
  "./s3",
]);

/** Bare specifier of an entry: `reelkit`, `reelkit/editor`, ... */
export function specifierOf(subpath: string): string {
  return subpath === "." ? "reelkit" : `reelkit${subpath.slice(1)}`;
}

const ALIASES = Object.fromEntries(
  Object.entries(ENTRY_SOURCES).map(([subpath, source]) => [
    specifierOf(subpath),
    join(PACKAGE_ROOT, source),
  ]),
);

/** How a runtime without Node's built-ins resolves packages. */
export interface BundleTarget {
  readonly name: string;
  readonly options: BuildOptions;
}

export const BROWSER: BundleTarget = {
  name: "browser",
  options: { platform: "browser" },
};

// The conditions and main fields Cloudflare's bundler (wrangler) uses for workerd,
// without the Node compatibility flag: a `node:` import is an error, as it is in a plain
// Worker. Like wrangler (and esbuild for browsers), it replaces `process.env.NODE_ENV`,
// which immer reads and a Worker does not define.
export const WORKERS: BundleTarget = {
  name: "workers",
  options: {
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  },
};

/** A minified bundle and what went into it. */
export interface BundleReport {
  readonly minifiedBytes: number;
  readonly gzippedBytes: number;
  readonly metafile: Metafile;
}

/** esbuild settings of a minified bundle for `target` with no externals. */
export function bundleOptions(target: BundleTarget): BuildOptions {
  return {
    ...target.options,
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    logLevel: "silent",
    alias: ALIASES,
  };
}

/**
 * Bundles `source` (a module importing reelkit entries by their published names) with
 * no externals, minified, for `target`. esbuild rejects the build on any import it
 * cannot resolve, Node's built-ins included.
 */
export async function bundle(source: string, target: BundleTarget): Promise<BundleReport> {
  const result = await build({
    ...bundleOptions(target),
    stdin: { contents: source, resolveDir: PACKAGE_ROOT, loader: "ts" },
    write: false,
    metafile: true,
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return {
    minifiedBytes: code.byteLength,
    gzippedBytes: gzipSync(code, { level: 9 }).byteLength,
    metafile: result.metafile,
  };
}

/** The npm packages (or `src`) whose code is in a bundle after tree shaking. */
export function packagesIn(report: BundleReport): Set<string> {
  const inputs = Object.values(report.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, contribution]) => contribution.bytesInOutput > 0)
      .map(([input]) => input),
  );
  const names = inputs.map((input) => {
    const inside = input.split("node_modules/").at(-1) ?? input;
    if (inside === input) return "src";
    const parts = inside.split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? input);
  });
  return new Set(names);
}

/** Kilobytes with one decimal, for the printed figures. */
export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
