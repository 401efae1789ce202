import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE_ROOT = join(import.meta.dirname, "..", "..", "src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

interface ImportStatement {
  readonly specifier: string;
  readonly typeOnly: boolean;
}

function importsOf(file: string): ImportStatement[] {
  const text = readFileSync(file, "utf8");
  const pattern = /^\s*(import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']/gms;
  return [...text.matchAll(pattern)].map((match) => ({
    specifier: match[3] ?? "",
    typeOnly: match[2] !== undefined,
  }));
}

function filesUnder(area: string): string[] {
  try {
    return sourceFiles(join(SOURCE_ROOT, area));
  } catch {
    return [];
  }
}

// Every source file `files` load at run time, following relative imports (type-only
// imports are erased and load nothing).
function reachableFrom(files: readonly string[]): string[] {
  const seen = new Set<string>();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { specifier, typeOnly } of importsOf(file)) {
      if (specifier.startsWith(".") && !typeOnly) {
        pending.push(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      }
    }
  }
  return [...seen];
}

const CORE_AREAS = ["editor", "credits", "idempotency", "schemas", "errors"];
const OUTER_LAYERS = /\/(service|http|mcp|memory|simulated|host|postgres)\//;

describe("import rules of the design", () => {
  it("keeps the core free of the service, adapters and stores", () => {
    for (const area of CORE_AREAS) {
      for (const file of filesUnder(area)) {
        for (const { specifier } of importsOf(file)) {
          expect(
            OUTER_LAYERS.test(`/${specifier}/`),
            `${relative(SOURCE_ROOT, file)} imports ${specifier}`,
          ).toBe(false);
        }
      }
    }
  });

  it("keeps zod out of the editor engine at run time", () => {
    for (const file of filesUnder("editor")) {
      for (const { specifier, typeOnly } of importsOf(file)) {
        const where = `${relative(SOURCE_ROOT, file)} imports ${specifier}`;
        expect(specifier.startsWith("zod"), where).toBe(false);
        // A schema module may be loaded at run time only when it is zod-free itself
        // (the limits, the spoken-word count); everything else is a type-only import.
        if (specifier.includes("/schemas/") && !typeOnly) {
          const target = join(dirname(file), specifier.replace(/\.js$/, ".ts"));
          const zodImports = importsOf(target).filter((statement) =>
            statement.specifier.startsWith("zod"),
          );
          expect(zodImports, where).toEqual([]);
        }
      }
    }
  });

  it("keeps Node's built-ins out of the editor engine, render plan included", () => {
    for (const file of filesUnder("editor")) {
      for (const { specifier } of importsOf(file)) {
        expect(
          specifier.startsWith("node:"),
          `${relative(SOURCE_ROOT, file)} imports ${specifier}`,
        ).toBe(false);
      }
    }
  });

  it("keeps the render port and the command builder free of Node and zod, all the way down", () => {
    const pure = [
      "render/renderer.ts",
      "render/render-limits.ts",
      "render/ffmpeg-command.ts",
      "render/progress.ts",
      "render/render-slots.ts",
      ...filesUnder("render/command").map((file) => relative(SOURCE_ROOT, file)),
    ];
    for (const file of reachableFrom(pure.map((path) => join(SOURCE_ROOT, path)))) {
      for (const { specifier } of importsOf(file)) {
        const where = `${relative(SOURCE_ROOT, file)} imports ${specifier}`;
        expect(specifier.startsWith("node:"), where).toBe(false);
        expect(specifier.startsWith("zod"), where).toBe(false);
      }
    }
  });

  it("keeps the renderer out of the service, adapters and stores", () => {
    for (const file of filesUnder("render")) {
      for (const { specifier } of importsOf(file)) {
        expect(
          OUTER_LAYERS.test(`/${specifier}/`),
          `${relative(SOURCE_ROOT, file)} imports ${specifier}`,
        ).toBe(false);
      }
    }
  });

  it("lets the service see ports only, never a concrete store, adapter or host", () => {
    for (const file of filesUnder("service")) {
      for (const { specifier } of importsOf(file)) {
        expect(
          /\/(memory|node|simulated|http|mcp|host|postgres)\//.test(`/${specifier}/`),
          `${relative(SOURCE_ROOT, file)} imports ${specifier}`,
        ).toBe(false);
      }
    }
  });

  it("lets the service reach the renderer only through its port, as types", () => {
    for (const file of filesUnder("service")) {
      for (const { specifier, typeOnly } of importsOf(file)) {
        const target = join(dirname(file), specifier);
        if (!target.startsWith(join(SOURCE_ROOT, "render"))) continue;
        const where = `${relative(SOURCE_ROOT, file)} imports ${specifier}`;
        expect(relative(SOURCE_ROOT, file), where).toBe(join("service", "ports", "renderer.ts"));
        expect(specifier.endsWith("/render/renderer.js") && typeOnly, where).toBe(true);
      }
    }
  });

  it("leaves the wiring of stores and adapters to the reference host", () => {
    for (const area of ["memory", "http"]) {
      for (const file of filesUnder(area)) {
        for (const { specifier } of importsOf(file)) {
          expect(
            /\/host\//.test(`/${specifier}/`),
            `${relative(SOURCE_ROOT, file)} imports ${specifier}`,
          ).toBe(false);
        }
      }
    }
  });

  it("uses explicit .js suffixes on every relative import, as Node's ESM resolution needs", () => {
    for (const file of sourceFiles(SOURCE_ROOT)) {
      for (const { specifier } of importsOf(file)) {
        if (specifier.startsWith("."))
          expect(specifier, relative(SOURCE_ROOT, file)).toMatch(/\.js$/);
      }
    }
  });
});
