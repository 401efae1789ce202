import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportedEntries, PACKAGE_ROOT, specifierOf } from "../bundles/support.js";

const BUILT = existsSync(join(PACKAGE_ROOT, "dist", "index.js"));
const inCi = process.env.CI === "true";

// The package declares `sideEffects: false`: importing an entry must leave the process as
// it found it. The script reports what changed: globals added, and whether immer's
// global patch plugin (which the editor needs) was loaded by the import alone. The
// dependencies' own globals (zod's registry, the AWS SDK's Lambda hook) are theirs: they
// are loaded before the snapshot.
const DEPENDENCIES_WITH_GLOBALS = ["zod", "@aws-sdk/client-s3"];

function effectsOfImporting(specifier: string): { globals: string[]; immerPatches: boolean } {
  const script = `for (const name of ${JSON.stringify(DEPENDENCIES_WITH_GLOBALS)}) await import(name);
const before = new Set(Object.getOwnPropertyNames(globalThis));
await import(${JSON.stringify(specifier)});
const globals = Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name));
const { produceWithPatches } = await import("immer");
let immerPatches = true;
try { produceWithPatches({ a: 1 }, (draft) => { draft.a = 2; }); } catch { immerPatches = false; }
process.stdout.write(JSON.stringify({ globals, immerPatches }));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: PACKAGE_ROOT,
    encoding: "utf8",
  });
  return JSON.parse(output) as { globals: string[]; immerPatches: boolean };
}

describe.skipIf(!BUILT && !inCi)(
  "importing an entry (after npm run build)",
  () => {
    it("is built", () => {
      expect(BUILT, "dist/index.js is missing: run npm run build first").toBe(true);
    });

    for (const subpath of exportedEntries()) {
      const specifier = specifierOf(subpath);
      it(`changes no global state: ${specifier}`, () => {
        expect(effectsOfImporting(specifier)).toEqual({ globals: [], immerPatches: false });
      });
    }
  },
  120_000,
);
