import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportedEntries, PACKAGE_ROOT, specifierOf } from "../bundles/support.js";

const BUILT =
  existsSync(join(PACKAGE_ROOT, "dist", "index.js")) &&
  existsSync(join(PACKAGE_ROOT, "dist", "index.cjs"));
const inCi = process.env.CI === "true";

// The package declares `sideEffects: false`: importing an entry must leave the process as
// it found it. The script reports what changed: globals added, properties added to the
// built-in prototypes, process listeners added, and whether immer's global patch plugin
// (which the editor loads on first use) was loaded by the import alone. The
// dependencies' own globals (zod's registry, the AWS SDK's Lambda hook) are theirs: they
// are loaded before the snapshot.
const DEPENDENCIES_WITH_GLOBALS = ["zod", "@aws-sdk/client-s3"];
const PROTOTYPES = ["Object", "Array", "Function", "String", "Number", "Promise", "Error"];
const PROCESS_EVENTS = [
  "exit",
  "beforeExit",
  "SIGINT",
  "SIGTERM",
  "uncaughtException",
  "unhandledRejection",
  "warning",
];

interface Effects {
  readonly globals: string[];
  readonly prototypes: string[];
  readonly listeners: string[];
  readonly immerPatches: boolean;
}

// A module that does everything an entry must not do at load.
const CHANGES_EVERYTHING = join(import.meta.dirname, "fixtures", "changes-global-state.mjs");

const NO_EFFECTS: Effects = { globals: [], prototypes: [], listeners: [], immerPatches: false };

/** The body shared by both module systems: `load(name)` imports or requires a module. */
function snapshotScript(entry: string): string {
  return `for (const name of ${JSON.stringify(DEPENDENCIES_WITH_GLOBALS)}) await load(name);
const prototypesOf = () => ${JSON.stringify(PROTOTYPES)}.flatMap((name) =>
  Reflect.ownKeys(globalThis[name].prototype).map((key) => name + ".prototype." + String(key)));
const listenerCounts = () => ${JSON.stringify(PROCESS_EVENTS)}.map((event) =>
  [event, process.listenerCount(event)]);
const before = {
  globals: new Set(Object.getOwnPropertyNames(globalThis)),
  prototypes: new Set(prototypesOf()),
  listeners: new Map(listenerCounts()),
};
await load(${JSON.stringify(entry)});
const { produceWithPatches } = await load("immer");
let immerPatches = true;
try { produceWithPatches({ a: 1 }, (draft) => { draft.a = 2; }); } catch { immerPatches = false; }
process.stdout.write(JSON.stringify({
  globals: Object.getOwnPropertyNames(globalThis).filter((name) => !before.globals.has(name)),
  prototypes: prototypesOf().filter((key) => !before.prototypes.has(key)),
  listeners: listenerCounts().filter(([event, count]) => count > before.listeners.get(event)).map(([event]) => event),
  immerPatches,
}));`;
}

// Each build is loaded by its file in a fresh Node process, so neither the other format
// nor an earlier import can have changed the state first.
function effectsOfLoading(path: string): Effects {
  const esm = !path.endsWith(".cjs");
  const script = esm
    ? `const load = (name) => import(name);\n${snapshotScript(path)}`
    : `(async () => {\nconst load = async (name) => require(name);\n${snapshotScript(path)}\n})();`;
  const output = execFileSync(
    process.execPath,
    [`--input-type=${esm ? "module" : "commonjs"}`, "-e", script],
    { cwd: PACKAGE_ROOT, encoding: "utf8" },
  );
  return JSON.parse(output) as Effects;
}

function builtName(subpath: string): string {
  return subpath === "." ? "index" : subpath.slice(2);
}

describe.skipIf(!BUILT && !inCi)(
  "loading a built entry (after npm run build)",
  () => {
    it("is built", () => {
      expect(BUILT, "dist/index.js or dist/index.cjs is missing: run npm run build first").toBe(
        true,
      );
    });

    for (const subpath of exportedEntries()) {
      for (const extension of [".js", ".cjs"]) {
        const file = `${builtName(subpath)}${extension}`;
        it(`changes no global state: ${specifierOf(subpath)} (dist/${file})`, () => {
          expect(effectsOfLoading(join(PACKAGE_ROOT, "dist", file))).toEqual(NO_EFFECTS);
        });
      }
    }

    it("sees each kind of change, so that a clean answer means something", () => {
      expect(effectsOfLoading(CHANGES_EVERYTHING)).toEqual({
        globals: ["reelkitProbe"],
        prototypes: ["Array.prototype.reelkitProbe"],
        listeners: ["exit"],
        immerPatches: true,
      });
    });
  },
  120_000,
);
