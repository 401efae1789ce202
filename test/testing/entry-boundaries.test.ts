import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE_ROOT = join(import.meta.dirname, "..", "..", "src");
const TESTING_ROOT = join(SOURCE_ROOT, "testing");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

function imports(file: string): Array<{ specifier: string; typeOnly: boolean }> {
  const pattern = /^\s*(import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']/gms;
  return [...readFileSync(file, "utf8").matchAll(pattern)].map((match) => ({
    specifier: match[3] ?? "",
    typeOnly: match[2] !== undefined,
  }));
}

describe("the reelkit/testing entry", () => {
  it("is the only part of src that imports fast-check", () => {
    for (const file of sourceFiles(SOURCE_ROOT)) {
      if (file.startsWith(TESTING_ROOT)) continue;
      for (const { specifier } of imports(file)) {
        expect(specifier.startsWith("fast-check"), relative(SOURCE_ROOT, file)).toBe(false);
      }
    }
  });

  it("reaches the engine by relative paths and loads no zod schema at run time", () => {
    for (const file of sourceFiles(TESTING_ROOT)) {
      for (const { specifier, typeOnly } of imports(file)) {
        const where = `${relative(SOURCE_ROOT, file)} imports ${specifier}`;
        expect(specifier === "fast-check" || specifier.startsWith("."), where).toBe(true);
        // limits.js is plain constants; every other schema module pulls in zod.
        if (specifier.includes("/schemas/") && !typeOnly) {
          expect(specifier, where).toMatch(/\/schemas\/limits\.js$/);
        }
        expect(specifier, where).not.toMatch(/\/(service|http|memory|node|host)\//);
      }
    }
  });
});
