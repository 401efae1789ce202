import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import ts from "typescript";
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
  /** True when the import is erased at run time (`import type`, `export type`, `import("x").T`). */
  readonly typeOnly: boolean;
  /** The source file a relative specifier names; undefined for a package or built-in. */
  readonly target: string | undefined;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  // `import { type A, type B } from "x"` is erased too, when it has no default import.
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

const parsed = new Map<string, ImportStatement[]>();

// Every module specifier of a file, read from its syntax tree: static imports, `export …
// from`, dynamic `import()`, `require()` and `import("x")` types, so that neither a folder
// name nor an unusual form can hide an import.
function importsOf(file: string): ImportStatement[] {
  const known = parsed.get(file);
  if (known !== undefined) return known;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node) });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyExport(node) });
    } else if (ts.isImportEqualsDeclaration(node)) {
      const reference = node.moduleReference;
      if (ts.isExternalModuleReference(reference) && ts.isStringLiteral(reference.expression)) {
        found.push({ specifier: reference.expression.text, typeOnly: node.isTypeOnly });
      }
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === "require";
      if ((isDynamicImport || isRequire) && first !== undefined && ts.isStringLiteralLike(first)) {
        found.push({ specifier: first.text, typeOnly: false });
      }
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const statements = found.map(({ specifier, typeOnly }) => ({
    specifier,
    typeOnly,
    target: specifier.startsWith(".")
      ? join(dirname(file), specifier.replace(/\.js$/, ".ts"))
      : undefined,
  }));
  parsed.set(file, statements);
  return statements;
}

function filesUnder(area: string): string[] {
  try {
    return sourceFiles(join(SOURCE_ROOT, area));
  } catch {
    return [];
  }
}

// The top-level folder of src a source file lives in (`service`, `editor`, ...), or its
// name for a file directly under src (`vocabulary.ts`); undefined outside src.
function areaOf(file: string): string | undefined {
  const path = relative(SOURCE_ROOT, file);
  if (path.startsWith("..")) return undefined;
  return path.split(sep)[0];
}

function pathOf(file: string): string {
  return relative(SOURCE_ROOT, file).split(sep).join("/");
}

// Every source file `files` load at run time, following relative imports (type-only
// imports are erased and load nothing).
function reachableFrom(files: readonly string[]): string[] {
  const seen = new Set<string>();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { target, typeOnly } of importsOf(file)) {
      if (target !== undefined && !typeOnly) pending.push(target);
    }
  }
  return [...seen];
}

const NODE_BUILT_INS = new Set(builtinModules.filter((name) => !name.startsWith("_")));

function isNodeBuiltIn(specifier: string): boolean {
  return specifier.startsWith("node:") || NODE_BUILT_INS.has(specifier.split("/")[0] ?? "");
}

function isZod(specifier: string): boolean {
  return specifier === "zod" || specifier.startsWith("zod/");
}

// Where Node's built-ins may be imported: the Node entry, the PostgreSQL, S3, OpenAI and ElevenLabs
// adapters, the ffmpeg runner, the local engines and the reference host. Everything else runs on any Web-standard
// runtime.
function mayUseNode(file: string): boolean {
  const path = pathOf(file);
  return (
    /^(node|postgres|s3|openai|elevenlabs|fal|host|local)\//.test(path) ||
    path.startsWith("render/node/") ||
    path === "render/ffmpeg-renderer.ts"
  );
}

const CORE_AREAS = [
  "editor",
  "credits",
  "idempotency",
  "schemas",
  "errors",
  "vocabulary.ts",
  "organization-id.ts",
  "result.ts",
];
const OUTER_LAYERS = new Set([
  "service",
  "http",
  "mcp",
  "memory",
  "simulated",
  "host",
  "postgres",
  "s3",
  "node",
  "local",
  "openai",
  "elevenlabs",
  "provider-calls",
  "fal",
]);
// Concrete adapters and wiring; the service reaches them only through its ports.
const CONCRETE_ADAPTERS = new Set([
  "local",
  "memory",
  "postgres",
  "s3",
  "node",
  "simulated",
  "host",
  "http",
  "mcp",
  "openai",
  "elevenlabs",
  "provider-calls",
  "fal",
]);

// The adapters of ports/: they implement ports and see nothing of the service. The cloud
// provider rooms are listed before they exist, so they keep the rule from their first file.
const PORT_ADAPTERS = [
  "memory",
  "postgres",
  "s3",
  "node",
  "render",
  "local",
  "openai",
  "elevenlabs",
  "fal",
];
// What ports/ may build on: the core, the media room and the zod-free roots. Nothing above
// it (the service, transports, adapters, the host), so every adapter can depend on it.
const BELOW_PORTS = new Set([
  "ports",
  "editor",
  "credits",
  "idempotency",
  "schemas",
  "errors",
  "media",
  "clock.ts",
  "vocabulary.ts",
  "organization-id.ts",
  "result.ts",
]);

// Strongly connected groups of a directed graph (Tarjan), each of more than one node or
// a node that reaches itself: the import circles.
function circlesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    lowest.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node) ?? 0, lowest.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1 || graph.get(node)?.has(node)) circles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

// Every relative import of src as an edge, type-only imports included: a type import
// loads nothing, but it still ties the two modules' meaning together, and the stricter
// graph is the one a reader follows. `keyOf` names the node a file belongs to.
function importGraph(keyOf: (file: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SOURCE_ROOT)) {
    const from = keyOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const { target } of importsOf(file)) {
      if (target === undefined) continue;
      const to = keyOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

function relativeTargetArea(statement: ImportStatement): string | undefined {
  return statement.target === undefined ? undefined : areaOf(statement.target);
}

describe("import rules of the design", () => {
  it("reads every form of import, so no form escapes the rules", () => {
    const statements = importsOf(join(SOURCE_ROOT, "host", "postgres-host-stores.ts"));
    expect(statements.map((statement) => statement.specifier)).toContain("pg");
    const index = importsOf(join(SOURCE_ROOT, "index.ts"));
    expect(index.map((statement) => relativeTargetArea(statement))).toContain("service");
  });

  it("keeps the core free of the service, adapters and stores", () => {
    for (const area of CORE_AREAS) {
      for (const file of filesUnder(area).concat(
        area.endsWith(".ts") ? [join(SOURCE_ROOT, area)] : [],
      )) {
        for (const statement of importsOf(file)) {
          expect(
            OUTER_LAYERS.has(relativeTargetArea(statement) ?? ""),
            `${pathOf(file)} imports ${statement.specifier}`,
          ).toBe(false);
        }
      }
    }
  });

  it("keeps zod out of the editor engine at run time", () => {
    for (const file of filesUnder("editor")) {
      for (const { specifier } of importsOf(file)) {
        expect(isZod(specifier), `${pathOf(file)} imports ${specifier}`).toBe(false);
      }
    }
    // Whatever the engine loads at run time (limits, the vocabulary, the spoken-word
    // count) is zod-free itself, all the way down.
    for (const file of reachableFrom(filesUnder("editor"))) {
      for (const { specifier, typeOnly } of importsOf(file)) {
        if (typeOnly) continue;
        expect(isZod(specifier), `${pathOf(file)} imports ${specifier}`).toBe(false);
      }
    }
  });

  it("keeps Node's built-ins out of the editor engine, render plan included", () => {
    for (const file of reachableFrom(filesUnder("editor"))) {
      for (const { specifier } of importsOf(file)) {
        expect(isNodeBuiltIn(specifier), `${pathOf(file)} imports ${specifier}`).toBe(false);
      }
    }
  });

  it("imports Node's built-ins only in the Node entry, PostgreSQL, S3, OpenAI, ElevenLabs, the ffmpeg runner, the local engines and the host", () => {
    for (const file of sourceFiles(SOURCE_ROOT)) {
      if (mayUseNode(file)) continue;
      for (const { specifier } of importsOf(file)) {
        expect(isNodeBuiltIn(specifier), `${pathOf(file)} imports ${specifier}`).toBe(false);
      }
    }
  });

  it("keeps the render port and the command builder free of Node and zod, all the way down", () => {
    const pure = [
      "ports/renderer.ts",
      "render/render-limits.ts",
      "render/ffmpeg-command.ts",
      "render/progress.ts",
      "render/render-slots.ts",
      ...filesUnder("render/command").map((file) => relative(SOURCE_ROOT, file)),
    ];
    for (const file of reachableFrom(pure.map((path) => join(SOURCE_ROOT, path)))) {
      for (const { specifier } of importsOf(file)) {
        const where = `${pathOf(file)} imports ${specifier}`;
        expect(isNodeBuiltIn(specifier), where).toBe(false);
        expect(isZod(specifier), where).toBe(false);
      }
    }
  });

  it("keeps the renderer out of the service, adapters and stores", () => {
    for (const file of filesUnder("render")) {
      for (const statement of importsOf(file)) {
        expect(
          OUTER_LAYERS.has(relativeTargetArea(statement) ?? ""),
          `${pathOf(file)} imports ${statement.specifier}`,
        ).toBe(false);
      }
    }
  });

  it("lets the service see ports only, never a concrete store, adapter or host", () => {
    for (const file of filesUnder("service")) {
      for (const statement of importsOf(file)) {
        const where = `${pathOf(file)} imports ${statement.specifier}`;
        expect(CONCRETE_ADAPTERS.has(relativeTargetArea(statement) ?? ""), where).toBe(false);
        // Packages the adapters wrap (the database driver, the MCP and AWS SDKs,
        // OpenTelemetry) stay out too.
        expect(
          /^(pg|openai|@elevenlabs\/|@fal-ai\/|@modelcontextprotocol\/|@opentelemetry\/|@aws-sdk\/)(\/|$)/.test(
            statement.specifier,
          ),
          where,
        ).toBe(false);
      }
    }
  });

  it("imports OpenTelemetry in its own entry only, so it stays an optional peer", () => {
    for (const file of sourceFiles(SOURCE_ROOT)) {
      if (pathOf(file).startsWith("opentelemetry/")) continue;
      for (const { specifier } of importsOf(file)) {
        expect(
          specifier.startsWith("@opentelemetry/"),
          `${pathOf(file)} imports ${specifier}`,
        ).toBe(false);
      }
    }
  });

  it("lets the service reach the renderer only through its port", () => {
    for (const file of filesUnder("service")) {
      for (const statement of importsOf(file)) {
        expect(
          relativeTargetArea(statement),
          `${pathOf(file)} imports ${statement.specifier}`,
        ).not.toBe("render");
      }
    }
  });

  it("imports the AWS SDK, an optional peer, only in the S3 entry", () => {
    for (const file of sourceFiles(SOURCE_ROOT)) {
      if (pathOf(file).startsWith("s3/")) continue;
      for (const { specifier } of importsOf(file)) {
        expect(specifier.startsWith("@aws-sdk/"), `${pathOf(file)} imports ${specifier}`).toBe(
          false,
        );
      }
    }
  });

  it("imports the OpenAI SDK, an optional peer, only in the OpenAI entry", () => {
    for (const file of sourceFiles(SOURCE_ROOT)) {
      if (pathOf(file).startsWith("openai/")) continue;
      for (const { specifier } of importsOf(file)) {
        expect(/^openai(\/|$)/.test(specifier), `${pathOf(file)} imports ${specifier}`).toBe(false);
      }
    }
  });

  it("imports the ElevenLabs SDK, an optional peer, only in the ElevenLabs entry", () => {
    for (const file of sourceFiles(SOURCE_ROOT)) {
      if (pathOf(file).startsWith("elevenlabs/")) continue;
      for (const { specifier } of importsOf(file)) {
        expect(specifier.startsWith("@elevenlabs/"), `${pathOf(file)} imports ${specifier}`).toBe(
          false,
        );
      }
    }
  });

  it("imports the fal client, an optional peer, only in the fal entry", () => {
    for (const file of sourceFiles(SOURCE_ROOT)) {
      if (pathOf(file).startsWith("fal/")) continue;
      for (const { specifier } of importsOf(file)) {
        expect(specifier.startsWith("@fal-ai/"), `${pathOf(file)} imports ${specifier}`).toBe(
          false,
        );
      }
    }
  });

  it("keeps the shared provider calls on the ports alone, free of every SDK", () => {
    for (const file of filesUnder("provider-calls")) {
      for (const statement of importsOf(file)) {
        const where = `${pathOf(file)} imports ${statement.specifier}`;
        expect(statement.target, where).toBeDefined();
        expect(pathOf(statement.target ?? ""), where).toMatch(/^(ports\/|provider-calls\/)/);
      }
    }
  });

  it("leaves the wiring of stores and adapters to the reference host", () => {
    const areas = ["memory", "http", "mcp", "node", "postgres", "s3", "simulated", "local"];
    for (const area of [...areas, "openai", "elevenlabs", "fal", "provider-calls"]) {
      for (const file of filesUnder(area)) {
        for (const statement of importsOf(file)) {
          expect(
            relativeTargetArea(statement) === "host",
            `${pathOf(file)} imports ${statement.specifier}`,
          ).toBe(false);
        }
      }
    }
  });

  it("points every relative import at a source file inside src", () => {
    for (const file of sourceFiles(SOURCE_ROOT)) {
      for (const { specifier, target } of importsOf(file)) {
        if (target === undefined) continue;
        const where = `${pathOf(file)} imports ${specifier}`;
        expect(areaOf(target), where).toBeDefined();
        expect(statSync(target, { throwIfNoEntry: false })?.isFile(), where).toBe(true);
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
  it("lets the adapters of the ports see the ports, never the service", () => {
    for (const area of PORT_ADAPTERS) {
      for (const file of filesUnder(area)) {
        for (const statement of importsOf(file)) {
          expect(
            relativeTargetArea(statement),
            `${pathOf(file)} imports ${statement.specifier}`,
          ).not.toBe("service");
        }
      }
    }
  });

  it("builds the ports on the core and the media room only", () => {
    const files = filesUnder("ports");
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      for (const statement of importsOf(file)) {
        const area = relativeTargetArea(statement);
        if (area === undefined) continue;
        expect(BELOW_PORTS.has(area), `${pathOf(file)} imports ${statement.specifier}`).toBe(true);
      }
    }
  });

  it("keeps the ports out of the core, so the engine stands below them", () => {
    for (const area of CORE_AREAS) {
      for (const file of filesUnder(area).concat(
        area.endsWith(".ts") ? [join(SOURCE_ROOT, area)] : [],
      )) {
        for (const statement of importsOf(file)) {
          expect(
            relativeTargetArea(statement),
            `${pathOf(file)} imports ${statement.specifier}`,
          ).not.toBe("ports");
        }
      }
    }
  });

  it("finds circles where they are, so an empty answer means something", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["d"])],
      ["e", new Set(["a"])],
    ]);
    expect(circlesOf(graph)).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("has no import circle between files of src, type imports included", () => {
    const circles = circlesOf(importGraph(pathOf)).map((files) => files.join(" -> "));
    expect(circles).toEqual([]);
  });

  it("has no import circle between the rooms of src, type imports included", () => {
    const graph = importGraph((file) => areaOf(file) ?? pathOf(file));
    expect(graph.size).toBeGreaterThan(10);
    expect(circlesOf(graph).map((rooms) => rooms.join(" -> "))).toEqual([]);
  });
});
