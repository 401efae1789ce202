import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PORT } from "../src/host/arguments.js";
import { parseFixtureText } from "../src/host/fixture.js";
import { DEMO_API_KEY } from "../src/host/host-setup.js";
import { MCP_TOOLS } from "../src/mcp/tools/index.js";
import { spawnHost } from "./host/support/spawn-host.js";

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
  .filter((name) => name.endsWith(".ts"))
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

  it("counts the MCP tools the server lists", () => {
    const counts = [...readme.matchAll(/(\d+) tools/g)].map((match) => Number(match[1]));
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect(count).toBe(MCP_TOOLS.length);
  });

  it("keeps the two Quick start command lines", () => {
    expect(readme).toContain("```sh\nnpm install && npm start\nnpm test\n```");
  });

  it("describes what npm start runs: the host, whose first line says where it listens", async () => {
    const packageJson = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(packageJson.scripts.start).toBe("exec node --import tsx src/host/main.ts");
    const host = spawnHost(["--port", "0"]);
    expect(await host.firstLine).toMatch(/^reelkit listening on http:\/\/127\.0\.0\.1:\d+$/);
    host.child.kill("SIGTERM");
    expect((await host.exited).code).toBe(0);
  }, 30_000);

  it("points the curl walkthrough at the host's default address and demo key", () => {
    expect(readme).toContain(`KEY=${DEMO_API_KEY}\nBASE=http://127.0.0.1:${DEFAULT_PORT}/v1\n`);
    expect(readme).toContain(`reelkit listening on http://127.0.0.1:${DEFAULT_PORT}`);
  });

  it("shows a fixture example the host accepts", () => {
    const section = readme.slice(readme.indexOf("### Fixture format"));
    const example = /```json\n([\s\S]*?)```/.exec(section)?.[1];
    expect(example).toBeDefined();
    const parsed = parseFixtureText(example ?? "", "README.md");
    expect(parsed.ok && parsed.fixture.organizations[0]?.api_keys[0]?.key).toBe("rk_live_example");
  });
});
