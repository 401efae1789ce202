import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PORT } from "../src/host/arguments.js";
import { parseFixtureText } from "../src/host/fixture.js";
import { DEMO_API_KEY } from "../src/host/host-setup.js";
import { MCP_TOOLS } from "../src/mcp/tools/index.js";
import { exportedEntries, specifierOf } from "./bundles/support.js";
import { spawnHost } from "./host/support/spawn-host.js";

const ROOT = join(import.meta.dirname, "..");
const README_LINES_MAX = 200;
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const referenceHost = readFileSync(join(ROOT, "docs", "reference-host.md"), "utf8");
// A TypeScript block mirrors an example file when its first line names it: a file in
// examples/ runs in this suite; one in examples/typed/ needs a real service or another
// runtime, so it is type-checked (tsconfig includes examples/) but not run. Any other
// TypeScript block is a fragment, and says so in its info string.
const EXAMPLE_HEADER = /^\/\/ (examples\/(?:typed\/)?[a-z0-9-]+\.ts)\n/;
const TYPESCRIPT_BLOCK =
  /^```(?:ts|typescript|tsx|js|javascript|mts|cts)\b([^\n]*)\n([\s\S]*?)^```/gm;
const FRAGMENT_INFO = " fragment";
// A type-checked example says on its second line why it does not run.
const NOT_RUN_REASON = /^\/\/ Not run: \S.*\n/;

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "api" ? [] : markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

/** The README and every page under docs/ (not the generated API reference). */
const PAGES = new Map(
  [
    join(ROOT, "README.md"),
    join(ROOT, "CONTRIBUTING.md"),
    ...markdownFiles(join(ROOT, "docs")),
  ].map((path) => [relative(ROOT, path), readFileSync(path, "utf8")]),
);

interface CodeBlock {
  readonly page: string;
  /** What follows the language in the opening fence, such as " fragment". */
  readonly info: string;
  readonly code: string;
}

/** Every TypeScript (or JavaScript) block of every page. */
function typescriptBlocks(): CodeBlock[] {
  return [...PAGES].flatMap(([page, text]) =>
    [...text.matchAll(TYPESCRIPT_BLOCK)].map((match) => ({
      page,
      info: match[1] ?? "",
      code: match[2] ?? "",
    })),
  );
}

/** Each block that mirrors an example file, as [page, example file, block]. */
function runnableBlocks(): [string, string, string][] {
  return typescriptBlocks().flatMap(({ page, code }) => {
    const file = EXAMPLE_HEADER.exec(code)?.[1];
    return file === undefined ? [] : [[page, file, code] as [string, string, string]];
  });
}

const examplesIn = (folder: string) =>
  readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `${folder}/${name}`);
const exampleFiles = examplesIn("examples");
const typedExampleFiles = examplesIn("examples/typed");

describe("the README and the docs' runnable examples", () => {
  it("show example files verbatim, so no page can drift from code that runs", () => {
    const blocks = runnableBlocks();
    expect(blocks.length).toBeGreaterThan(0);
    for (const [page, file, block] of blocks) {
      expect(block, `${page}: ${file}`).toBe(readFileSync(join(ROOT, file), "utf8"));
    }
  });

  it("mark every TypeScript block as an example that runs, one type-checked, or a fragment", () => {
    const unmarked = typescriptBlocks()
      .filter(({ info, code }) => info !== FRAGMENT_INFO && !EXAMPLE_HEADER.test(code))
      .map(({ page, code }) => `${page}: ${code.split("\n")[0]}`);
    expect(unmarked).toEqual([]);
    const fragmentsNamingFiles = typescriptBlocks().filter(
      ({ info, code }) => info === FRAGMENT_INFO && EXAMPLE_HEADER.test(code),
    );
    expect(fragmentsNamingFiles).toEqual([]);
  });

  it("say why each type-checked example does not run, and type-check them all", () => {
    for (const file of typedExampleFiles) {
      const [, afterHeader = ""] = readFileSync(join(ROOT, file), "utf8").split(/\n(.*)/s);
      expect(afterHeader, file).toMatch(NOT_RUN_REASON);
    }
    const tsconfig = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8"));
    expect(tsconfig.include).toContain("examples");
  });

  it("show every example file on some page, the embedding one in the README", () => {
    const shown = new Set(runnableBlocks().map(([, file]) => file));
    expect([...shown].sort()).toEqual([...exampleFiles, ...typedExampleFiles].sort());
    expect(
      runnableBlocks()
        .filter(([page]) => page === "README.md")
        .map(([, file]) => file),
    ).toEqual(["examples/embed.ts"]);
  });

  it.each(exampleFiles)("runs %s without a failed assertion", async (file) => {
    await expect(import(join(ROOT, file))).resolves.toBeDefined();
  });

  it("count the MCP tools the server lists", () => {
    const counts = [...PAGES.values()].flatMap((text) =>
      // "the 25 tools of spec 4.19" counts the contract's, not the server's.
      [...text.matchAll(/(\d+)\s+tools\b(?!\s+of\s+spec)/g)].map((match) => Number(match[1])),
    );
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect(count).toBe(MCP_TOOLS.length);
  });
});

describe("the README", () => {
  it(`stays within ${README_LINES_MAX} lines`, () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(README_LINES_MAX);
  });

  it("starts the install with npm install reelkit", () => {
    expect(readme).toContain("```sh\nnpm install reelkit\n```");
  });

  it("keeps the two Quick start command lines", () => {
    const section = readme.slice(readme.indexOf("## Quick start"));
    expect(section).toContain("```sh\nnpm install && npm start\nnpm test\n```");
  });

  it("lists every entry of the package once, and each optional peer with its entry", () => {
    const rows = [...readme.matchAll(/^\| `(reelkit[^`]*)`\s*\|([^|]*)\|$/gm)];
    const entriesTable = rows.map((row) => row[1]);
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    const specifiers = exportedEntries().map(specifierOf).sort();
    // Both tables have a row per entry they speak of; the entries table names them all.
    expect([...new Set(entriesTable)].sort()).toEqual(specifiers);
    const peersTable = readme
      .slice(readme.indexOf("| Entry"), readme.indexOf("## Embed it"))
      .split("\n")
      .filter((line) => line.startsWith("|"))
      .join("\n");
    const peers = [...peersTable.matchAll(/`(@?[a-z][\w./-]*)`/g)]
      .map((match) => match[1] ?? "")
      .filter((name) => !name.startsWith("reelkit"));
    expect([...new Set(peers)].sort()).toEqual(Object.keys(manifest.peerDependencies).sort());
    for (const name of Object.keys(manifest.dependencies)) expect(readme).toContain(name);
  });

  it("describes what npm start runs: the host, whose first line says where it listens", async () => {
    const packageJson = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(packageJson.scripts.start).toBe("exec node --import tsx src/host/main.ts");
    expect(readme).toContain(`reelkit listening on http://127.0.0.1:${DEFAULT_PORT}`);
    const host = spawnHost(["--port", "0"]);
    expect(await host.firstLine).toMatch(/^reelkit listening on http:\/\/127\.0\.0\.1:\d+$/);
    host.child.kill("SIGTERM");
    expect((await host.exited).code).toBe(0);
  }, 30_000);
});

describe("the reference host guide", () => {
  it("points the curl walkthrough at the host's default address and demo key", () => {
    expect(referenceHost).toContain(
      `KEY=${DEMO_API_KEY}\nBASE=http://127.0.0.1:${DEFAULT_PORT}/v1\n`,
    );
    expect(referenceHost).toContain(`reelkit listening on http://127.0.0.1:${DEFAULT_PORT}`);
  });

  it("shows a fixture example the host accepts", () => {
    const section = referenceHost.slice(referenceHost.indexOf("## Fixture format"));
    const example = /```json\n([\s\S]*?)```/.exec(section)?.[1];
    expect(example).toBeDefined();
    const parsed = parseFixtureText(example ?? "", "docs/reference-host.md");
    expect(parsed.ok && parsed.value.organizations[0]?.api_keys[0]?.key).toBe("rk_live_example");
  });
});
