import { describe, expect, it } from "vitest";
import tsupConfig from "../../tsup.config.js";
import {
  BROWSER,
  bundle,
  ENTRY_SOURCES,
  exportedEntries,
  kilobytes,
  NODE_ONLY_ENTRIES,
  packagesIn,
  specifierOf,
  WORKERS,
} from "./support.js";

const PORTABLE_ENTRIES = exportedEntries().filter((subpath) => !NODE_ONLY_ENTRIES.has(subpath));

interface TsupOptions {
  readonly entry: Record<string, string>;
  readonly removeNodeProtocol?: boolean;
}

describe("entries outside Node", () => {
  it("knows the source of every exported entry, as tsup builds it", () => {
    const options = tsupConfig as unknown as TsupOptions;
    const built = Object.fromEntries(
      Object.entries(options.entry).map(([name, source]) => [
        name === "index" ? "." : `./${name}`,
        source,
      ]),
    );
    expect(built).toEqual(ENTRY_SOURCES);
    expect(exportedEntries().sort()).toEqual(Object.keys(ENTRY_SOURCES).sort());
    // tsup would otherwise print `node:http` as `http`, which browser bundlers then try to
    // polyfill instead of refusing, and which Deno cannot resolve.
    expect(options.removeNodeProtocol).toBe(false);
  });

  it("refuses Node's built-ins, so a Node import in a portable entry fails the build", async () => {
    await expect(bundle(`export * from "reelkit/node";`, BROWSER)).rejects.toThrow(/node:/);
    await expect(bundle(`export * from "reelkit/node";`, WORKERS)).rejects.toThrow(/node:/);
  });

  for (const target of [BROWSER, WORKERS]) {
    for (const subpath of PORTABLE_ENTRIES) {
      it(`bundles ${specifierOf(subpath)} whole for ${target.name}, without externals`, async () => {
        const report = await bundle(`export * from "${specifierOf(subpath)}";`, target);
        console.log(
          `${specifierOf(subpath)} (${target.name}, every export): ` +
            `${kilobytes(report.minifiedBytes)} minified, ${kilobytes(report.gzippedBytes)} gzip`,
        );
        expect(packagesIn(report).has("src")).toBe(true);
      });
    }
  }
});
