/**
 * The public surface of each package entry: every exported name and its kind, read from
 * the sources with the TypeScript compiler. `npm run surface:update` writes it to
 * `api/surface/<entry>.txt`; a test compares the sources to those files, so a change to
 * the surface shows as a diff in review.
 *
 * @module
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const ROOT = join(import.meta.dirname, "..");
/** Where the checked-in surface reports live. */
export const SURFACE_FOLDER = join(ROOT, "api", "surface");

interface TsupOptions {
  readonly entry: Record<string, string>;
}

/** The package entries (`reelkit`, `reelkit/editor`, ...) and their source files. */
export async function entrySources(): Promise<Record<string, string>> {
  const config = (await import("../tsup.config.js")).default as unknown as TsupOptions;
  return Object.fromEntries(
    Object.entries(config.entry).map(([name, source]) => [
      name === "index" ? "reelkit" : `reelkit/${name}`,
      join(ROOT, source),
    ]),
  );
}

function kindOf(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const flags = target.flags;
  if (flags & ts.SymbolFlags.Class) return "class";
  if (flags & ts.SymbolFlags.Function) return "function";
  if (flags & ts.SymbolFlags.Enum) return "enum";
  if (flags & ts.SymbolFlags.Variable) return "const";
  if (flags & ts.SymbolFlags.Interface) return "interface";
  if (flags & ts.SymbolFlags.TypeAlias) return "type";
  if (flags & ts.SymbolFlags.Module) return "namespace";
  return "other";
}

/** Each entry's exports as sorted `kind name` lines. */
export async function computeSurface(): Promise<Record<string, string[]>> {
  const entries = await entrySources();
  const configPath = join(ROOT, "tsconfig.json");
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configPath, ts.sys.readFile).config,
    ts.sys,
    ROOT,
  );
  const program = ts.createProgram(Object.values(entries), config.options);
  const checker = program.getTypeChecker();
  const surface: Record<string, string[]> = {};
  for (const [entry, file] of Object.entries(entries)) {
    const source = program.getSourceFile(file);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`No module symbol for ${file}.`);
    surface[entry] = checker
      .getExportsOfModule(module)
      .map((symbol) => ({ name: symbol.getName(), kind: kindOf(symbol, checker) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind))
      .map(({ name, kind }) => `${kind} ${name}`);
  }
  return surface;
}

/** The file of an entry's report: `reelkit/editor` is `api/surface/reelkit-editor.txt`. */
export function surfaceFile(entry: string): string {
  return join(SURFACE_FOLDER, `${entry.replace("/", "-")}.txt`);
}

/** Renders a report: one `kind name` line per export. */
export function surfaceText(lines: readonly string[]): string {
  return `${lines.join("\n")}\n`;
}

/** The checked-in report of an entry, or undefined when there is none. */
export function readSurfaceFile(entry: string): string | undefined {
  try {
    return readFileSync(surfaceFile(entry), "utf8");
  } catch {
    return undefined;
  }
}

if (process.argv.includes("--write")) {
  const surface = await computeSurface();
  mkdirSync(SURFACE_FOLDER, { recursive: true });
  for (const [entry, lines] of Object.entries(surface)) {
    writeFileSync(surfaceFile(entry), surfaceText(lines));
    console.log(`${entry}: ${lines.length} exports`);
  }
}
