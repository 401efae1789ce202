/**
 * Whether this run can have a PostgreSQL server, decided when the test configuration
 * loads (before the global setup starts one): the service tests then run a second time
 * on PostgreSQL stores. In CI they always do, and fail loudly without a server.
 */
import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";

function initdbInstalled(): boolean {
  const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql") : [];
  if (
    versions.some((version) => existsSync(join("/usr/lib/postgresql", version, "bin", "initdb")))
  ) {
    return true;
  }
  return (process.env.PATH ?? "")
    .split(delimiter)
    .some((folder) => existsSync(join(folder, "initdb")));
}

/** Why the service tests do not run on PostgreSQL in this run, or undefined when they do. */
export function postgresServiceRunMissing(): string | undefined {
  if (process.env.CI === "true") return undefined;
  if (process.env.REELKIT_TEST_POSTGRES === "off") return "REELKIT_TEST_POSTGRES=off";
  if (process.env.REELKIT_TEST_DATABASE_URL) return undefined;
  return initdbInstalled() ? undefined : "no REELKIT_TEST_DATABASE_URL and no initdb installed";
}
