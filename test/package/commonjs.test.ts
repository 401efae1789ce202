import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportedEntries, PACKAGE_ROOT, specifierOf } from "../bundles/support.js";

// Node 20 before 20.19 (and 22 before 22.12) cannot require an ES module, and later
// releases can be told not to: this flag makes any Node the package admits behave like
// the oldest, so an ESM-only dependency in the CommonJS build fails here.
const WITHOUT_REQUIRE_ESM = "--no-experimental-require-module";
const BUILT = existsSync(join(PACKAGE_ROOT, "dist", "index.cjs"));
const inCi = process.env.CI === "true";

describe.skipIf(!BUILT && !inCi)("the CommonJS build (after npm run build)", () => {
  it("is built", () => {
    expect(BUILT, "dist/index.cjs is missing: run npm run build first").toBe(true);
  });

  for (const subpath of exportedEntries()) {
    const specifier = specifierOf(subpath);
    it(`loads ${specifier} with require() on a Node without require(esm)`, () => {
      // The package requires itself by name through its exports map, as a user would.
      const script = `const entry = require(${JSON.stringify(specifier)});
process.stdout.write(String(Object.keys(entry).length));`;
      const output = execFileSync(process.execPath, [WITHOUT_REQUIRE_ESM, "-e", script], {
        cwd: PACKAGE_ROOT,
        encoding: "utf8",
      });
      expect(Number(output)).toBeGreaterThan(0);
    });
  }
});
