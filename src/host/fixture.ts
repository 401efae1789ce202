/**
 * Reading a fixture file: the file, then JSON, then the schema. Each failure becomes
 * a sentence that names the file and, for a schema failure, the dotted path of every
 * offending field, so the person who wrote the file knows what to fix.
 *
 * @module
 */
import { readFile } from "node:fs/promises";
import { formatIssuePath } from "../errors/validation.js";
import { err, ok, type Result } from "../result.js";
import { type HostFixture, hostFixtureSchema } from "./fixture-schema.js";

/** Most schema issues listed when a fixture is refused; the rest are counted. */
export const FIXTURE_ISSUES_SHOWN = 10;

/**
 * The outcome of reading a fixture: the fixture, or one line per problem, each naming
 * the file, such as `bad fixture ./acme.json: ...`.
 */
export type FixtureResult = Result<HostFixture, readonly string[]>;

/**
 * Parses the text of a fixture; `label` names it in the problems (usually its path).
 *
 * @example
 * ```ts
 * const result = parseFixtureText('{"organizations": []}', "./acme.json");
 * // { ok: false, error: ["bad fixture ./acme.json: organizations: Too small: ..."] }
 * ```
 */
export function parseFixtureText(text: string, label: string): FixtureResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return err([`bad fixture ${label}: not valid JSON: ${reason}`]);
  }
  const parsed = hostFixtureSchema.safeParse(json);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues;
  const problems = issues.slice(0, FIXTURE_ISSUES_SHOWN).map((issue) => {
    const path = formatIssuePath(issue.path);
    return `bad fixture ${label}: ${path === "" ? "(the whole file)" : path}: ${issue.message}`;
  });
  if (issues.length > FIXTURE_ISSUES_SHOWN) {
    problems.push(
      `bad fixture ${label}: and ${issues.length - FIXTURE_ISSUES_SHOWN} more problems`,
    );
  }
  return err(problems);
}

/**
 * Reads and parses the fixture at `path`.
 *
 * @example
 * ```ts
 * const result = await loadFixture("./acme.json");
 * if (!result.ok) for (const problem of result.error) console.error(`reelkit: ${problem}`);
 * ```
 */
export async function loadFixture(path: string): Promise<FixtureResult> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return err([`cannot read fixture ${path}: ${reason}`]);
  }
  return parseFixtureText(text, path);
}
