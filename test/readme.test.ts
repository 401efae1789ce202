import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const EXAMPLE_HEADER = /^\/\/ (examples\/[a-z-]+\.ts)\n/;

/** The README's TypeScript blocks that name the example file they mirror. */
function readmeExamples(): Map<string, string> {
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
  const examples = new Map<string, string>();
  for (const block of blocks) {
    const header = EXAMPLE_HEADER.exec(block);
    if (header?.[1] !== undefined) examples.set(header[1], block);
  }
  return examples;
}

const exampleFiles = readdirSync(join(ROOT, "examples"))
  .filter((name) => name.endsWith(".ts") && name !== "start.ts")
  .map((name) => `examples/${name}`);

describe("README usage examples", () => {
  it("shows every example file verbatim, so the README cannot drift from code that runs", () => {
    const shown = readmeExamples();
    expect([...shown.keys()].sort()).toEqual([...exampleFiles].sort());
    for (const [file, block] of shown) {
      expect(block, file).toBe(readFileSync(join(ROOT, file), "utf8"));
    }
  });

  it.each(exampleFiles)("runs %s without a failed assertion", async (file) => {
    await expect(import(join(ROOT, file))).resolves.toBeDefined();
  });

  it("keeps the two Quick start command lines", () => {
    expect(readme).toContain("```sh\nnpm install && npm start\nnpm test\n```");
  });

  it("runs the npm start example to completion", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", join(ROOT, "examples", "start.ts")],
      { cwd: ROOT, timeout: 60_000 },
    );
    expect(stdout).toContain("reelkit");
  }, 90_000);
});
