import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Past three arguments a function takes one options object, so a call site names what it
// passes and two values of the same type cannot be swapped unnoticed. This test holds every
// function-like declaration in src to that rule, read from the syntax tree.

const SOURCE_ROOT = join(import.meta.dirname, "..", "..", "src");
const MOST_POSITIONAL_PARAMETERS = 3;

/**
 * Signatures whose shape is fixed from outside the code base (a callback a library calls
 * with its own arguments, a method a standard interface names), keyed like the findings.
 * Each entry says who dictates the shape; nothing else belongs here.
 */
const FIXED_FROM_OUTSIDE: ReadonlyMap<
  string,
  { readonly parameters: number; readonly why: string }
> = new Map([]);

/** One function-like declaration with more than three parameters. */
interface LongSignature {
  /** `path#Outer.name`: the file under src and the chain of named declarations around it. */
  readonly key: string;
  readonly parameters: number;
  readonly line: number;
}

// The name a declaration is known by: its own, or the binding or property it is assigned
// to (`const place = (…) => …`, `{ place: (…) => … }`); undefined when it has none.
function nameOf(node: ts.Node): string | undefined {
  const named = node as ts.Node & { readonly name?: ts.Node };
  if (named.name !== undefined && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name))) {
    return named.name.text;
  }
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (
    parent !== undefined &&
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isTypeAliasDeclaration(parent)) &&
    ts.isIdentifier(parent.name)
  ) {
    return parent.name.text;
  }
  return undefined;
}

// Classes, interfaces and named functions around a declaration, outermost first, so two
// methods of the same name in one file get different keys.
function qualifiedName(node: ts.Node): string {
  const names: string[] = [];
  for (let current: ts.Node | undefined = node; current !== undefined; current = current.parent) {
    const isContainer =
      current === node ||
      ts.isFunctionLike(current) ||
      ts.isClassLike(current) ||
      ts.isInterfaceDeclaration(current);
    const name = isContainer ? nameOf(current) : undefined;
    if (name !== undefined) names.unshift(name);
    else if (current === node) names.unshift("<anonymous>");
  }
  return names.join(".");
}

function positionalParameters(node: ts.SignatureDeclaration): number {
  // A `this` parameter is a type annotation, not an argument a caller passes.
  return node.parameters.filter(
    (parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === "this"),
  ).length;
}

/** Every function, method, arrow function and signature in `text` taking more than three arguments. */
function longSignatures(path: string, text: string): LongSignature[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: LongSignature[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) {
      const parameters = positionalParameters(node);
      if (parameters > MOST_POSITIONAL_PARAMETERS) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ key: `${path}#${qualifiedName(node)}`, parameters, line: line + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceSignatures(): LongSignature[] {
  return ts.sys
    .readDirectory(SOURCE_ROOT, [".ts"])
    .flatMap((file) =>
      longSignatures(relative(SOURCE_ROOT, file).split(sep).join("/"), readFileSync(file, "utf8")),
    );
}

function allowedCount(key: string): number | undefined {
  return FIXED_FROM_OUTSIDE.get(key)?.parameters;
}

describe("object parameters past three arguments", () => {
  it("finds functions, methods, arrows, signatures and constructors, and skips `this`", () => {
    const text = [
      "export function four(a: number, b: number, c: number, d: number) {}",
      "function three(this: unknown, a: number, b: number, c: number) {}",
      "class Box { constructor(a: 1, b: 2, c: 3, d: 4) {} move(a: 1, b: 2, c: 3, d: 4) {} }",
      "interface Port { write(a: 1, b: 2, c: 3, d: 4): void }",
      "function outer() { const inner = (a: 1, b: 2, c: 3, d: 4, e: 5) => a; }",
      "const table = { pick: function (a: 1, b: 2, c: 3, d: 4) {} };",
      "type Callback = (a: 1, b: 2, c: 3, ...rest: number[]) => void;",
      "function options({ a, b, c, d }: { a: 1; b: 2; c: 3; d: 4 }) {}",
    ].join("\n");
    expect(
      longSignatures("sample.ts", text).map(({ key, parameters }) => [key, parameters]),
    ).toEqual([
      ["sample.ts#four", 4],
      ["sample.ts#Box.constructor", 4],
      ["sample.ts#Box.move", 4],
      ["sample.ts#Port.write", 4],
      ["sample.ts#outer.inner", 5],
      ["sample.ts#pick", 4],
      ["sample.ts#Callback", 4],
    ]);
  });

  it("lets no function in src take more than three positional parameters unless listed", () => {
    const unlisted = sourceSignatures()
      .filter(({ key, parameters }) => {
        const allowed = allowedCount(key);
        return allowed === undefined || parameters > allowed;
      })
      .map(({ key, parameters, line }) => `${key} (line ${line}): ${parameters} parameters`);
    expect(unlisted).toEqual([]);
  });

  it("keeps the allow-list current: every entry still names a function that needs it", () => {
    const found = new Map(sourceSignatures().map(({ key, parameters }) => [key, parameters]));
    const stale = [...FIXED_FROM_OUTSIDE.keys()].filter((key) => found.get(key) === undefined);
    expect(stale).toEqual([]);
  });
});
