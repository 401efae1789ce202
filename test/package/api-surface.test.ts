import { describe, expect, it } from "vitest";
import {
  computeSurface,
  readSurfaceFile,
  surfaceFile,
  surfaceText,
} from "../../scripts/api-surface.js";
import { exportedEntries, specifierOf } from "../bundles/support.js";

// The checked-in reports in api/surface name every public export of every entry, so a
// change to the public API shows in review as a diff of those files. After a deliberate
// change, `npm run surface:update` rewrites them.
const UPDATE_HINT = "the public surface changed: run npm run surface:update and review the diff";

// Helpers a host never calls; they stay inside the package (see the media guide for the
// supported ways to download, sniff and sign).
const INTERNAL_HELPERS = ["parseIpv4", "decodeBase64", "sniffMedia", "constantTimeEqual"];

// The root entry holds what an embedder wires and calls; the schemas, the stores, the
// simulators and the engine have entries of their own. Names that exist at run time
// (not types) are what a reader of `import { … } from "reelkit"` meets.
const ROOT_RUNTIME_NAMES_MAX = 150;
const RUNTIME_KINDS = new Set(["class", "const", "enum", "function", "namespace"]);

function runtimeNames(lines: readonly string[]): string[] {
  return lines.filter((line) => RUNTIME_KINDS.has(line.split(" ")[0] ?? ""));
}

describe("the public surface", async () => {
  const surface = await computeSurface();

  it("has a report for every entry of the exports map", () => {
    expect(Object.keys(surface).sort()).toEqual(exportedEntries().map(specifierOf).sort());
  });

  for (const [entry, lines] of Object.entries(surface)) {
    it(`of ${entry} matches ${surfaceFile(entry).split("/api/")[1]}`, () => {
      expect(readSurfaceFile(entry), UPDATE_HINT).toBe(surfaceText(lines));
    });
  }

  it(`keeps the root entry at most ${ROOT_RUNTIME_NAMES_MAX} run-time names`, () => {
    const count = runtimeNames(surface.reelkit ?? []).length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(ROOT_RUNTIME_NAMES_MAX);
  });

  it("gives the schemas, the memory stores and the simulators their own entries", () => {
    const root = new Set(surface.reelkit);
    for (const [entry, name] of [
      ["reelkit/schemas", "function buildOpenApiDocument"],
      ["reelkit/schemas", "const editOperationSchema"],
      ["reelkit/memory", "function createMemoryPorts"],
      ["reelkit/simulated", "function createSimulatedProviders"],
    ] as const) {
      expect(surface[entry]).toContain(name);
      expect(root.has(name)).toBe(false);
    }
  });

  it("keeps internal helpers out of every entry", () => {
    const names = Object.values(surface).flatMap((lines) =>
      lines.map((line) => line.split(" ")[1]),
    );
    for (const helper of INTERNAL_HELPERS) expect(names).not.toContain(helper);
  });
}, 120_000);
