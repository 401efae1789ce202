/**
 * The PostgreSQL schema that holds every object of `reelkit/postgres`: `reelkit` by
 * default, or the one named by the `schema` option that every function of the package
 * takes (`migrate`, `createPostgresPorts`, each store, `seedOrganizations`, the worker,
 * the hold sweeper, pruning and the dead-job functions). Pass the same name everywhere.
 *
 * Every statement names its tables, sequences and functions with the schema, as quoted
 * identifiers (`"reelkit"."job_outbox"`), instead of relying on the connection's
 * `search_path`. A caller's pool is often shared with other code whose `search_path`
 * points at its own tables (an `organizations` table in `public`, golang-migrate's
 * `public.schema_migrations`); qualified names reach reelkit's objects whatever that
 * path is, cost no extra round trip, and change no setting of a connection someone else
 * uses. The migrations are the one place that runs under a `search_path`: each one runs
 * in its own transaction after `SET LOCAL search_path` to the schema alone, which ends
 * with the transaction, so their released SQL text creates everything in the schema
 * unchanged. Functions reelkit calls (`now()`, `unnest`, `pg_notify`...) live in
 * `pg_catalog`, which PostgreSQL always searches first.
 *
 * Deployments whose tables were created before the option existed have them in the
 * schema their connections used (often `public`): they pass that schema's name (for
 * example `schema: "public"`, or `--database-schema public` on the reference host) and
 * keep working as before; or they move the tables into `reelkit` with
 * `ALTER TABLE ... SET SCHEMA`. `migrate` refuses to build an empty `reelkit` schema
 * beside such tables rather than start a second, empty ledger.
 *
 * @module
 */

/** The schema used when none is given. */
export const DEFAULT_POSTGRES_SCHEMA = "reelkit";

// The job notification channel is `<schema>.job_outbox`, and PostgreSQL identifiers
// (channel names included) hold at most 63 bytes. The accounts channel's suffix is
// shorter, so the jobs one bounds the schema name.
const JOBS_CHANNEL_SUFFIX = ".job_outbox";
const ACCOUNTS_CHANNEL_SUFFIX = ".accounts";

/** The longest schema name accepted: its job channel name must fit in 63 bytes. */
export const SCHEMA_NAME_MAX_LENGTH = 63 - JOBS_CHANNEL_SUFFIX.length;

/** The `schema` option every function of `reelkit/postgres` takes. */
export interface PostgresSchemaOptions {
  /**
   * The schema holding reelkit's tables; {@link DEFAULT_POSTGRES_SCHEMA} by default.
   * Lower-case letters, digits and underscores, starting with a letter or an underscore,
   * at most {@link SCHEMA_NAME_MAX_LENGTH} characters, not starting with `pg_`.
   */
  readonly schema?: string | undefined;
}

/**
 * Why `name` cannot be a reelkit schema, or undefined when it can. Names are kept to
 * the lower-case identifiers PostgreSQL folds unquoted names to, so the schema a person
 * types in `psql` without quotes is the one reelkit uses; `pg_` names are reserved for
 * the system.
 *
 * @example
 * ```ts
 * schemaNameProblem("reelkit"); // undefined
 * schemaNameProblem("Reelkit"); // "... lower-case letters, digits and underscores ..."
 * ```
 */
export function schemaNameProblem(name: string): string | undefined {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    return `the schema name "${name}" must be lower-case letters, digits and underscores, starting with a letter or an underscore.`;
  }
  if (name.length > SCHEMA_NAME_MAX_LENGTH) {
    return `the schema name "${name}" is longer than ${SCHEMA_NAME_MAX_LENGTH} characters.`;
  }
  if (name.startsWith("pg_")) {
    return `the schema name "${name}" starts with pg_, which PostgreSQL reserves.`;
  }
  return undefined;
}

/** Every table of reelkit, by its unqualified name. */
export type ReelkitTable =
  | "schema_migrations"
  | "organizations"
  | "api_keys"
  | "credit_accounts"
  | "credit_holds"
  | "credit_ledger"
  | "idempotency_keys"
  | "generations"
  | "slideshows"
  | "videos"
  | "reference_inspirations"
  | "media"
  | "job_outbox"
  | "rate_limit_windows"
  | "job_organization_turns"
  | "video_id_counters"
  | "editor_revisions"
  | "editor_snapshots"
  | "webhook_endpoints"
  | "webhook_deliveries"
  | "oauth_clients"
  | "oauth_authorization_codes"
  | "oauth_grants"
  | "oauth_tokens";

/** Every sequence of reelkit, by its unqualified name. */
export type ReelkitSequence = "job_turns";

/** The schema of one store set, and the qualified names of its objects. */
export interface PostgresSchema {
  /** The schema's name, as given. */
  readonly name: string;
  /** The name as a quoted identifier, such as `"reelkit"`. */
  readonly quoted: string;
  /** The channel `NOTIFY` wakes idle workers on when a job becomes runnable. */
  readonly jobsChannel: string;
  /**
   * The channel the triggers of `api_keys` and `organizations` notify on when a statement
   * changes either table (migration 14), so hosts caching API keys drop them.
   */
  readonly accountsChannel: string;
  /** A table's qualified name, such as `"reelkit"."job_outbox"`. */
  table(name: ReelkitTable): string;
  /** A sequence's qualified name, such as `"reelkit"."job_turns"`. */
  sequence(name: ReelkitSequence): string;
}

/**
 * The schema named by `options` (the default one when none is given). Throws a
 * `RangeError` for a name {@link schemaNameProblem} refuses: a bad name is a bug of the
 * caller's configuration, and never reaches a statement.
 *
 * @example
 * ```ts
 * postgresSchemaOf({ schema: "billing" }).table("job_outbox"); // '"billing"."job_outbox"'
 * ```
 */
export function postgresSchemaOf(options: PostgresSchemaOptions = {}): PostgresSchema {
  const name = options.schema ?? DEFAULT_POSTGRES_SCHEMA;
  const problem = schemaNameProblem(name);
  if (problem !== undefined) throw new RangeError(`reelkit/postgres: ${problem}`);
  // The checks above leave no character that could end a quoted identifier.
  const quoted = `"${name}"`;
  return {
    name,
    quoted,
    jobsChannel: `${name}${JOBS_CHANNEL_SUFFIX}`,
    accountsChannel: `${name}${ACCOUNTS_CHANNEL_SUFFIX}`,
    table: (table) => `${quoted}."${table}"`,
    sequence: (sequence) => `${quoted}."${sequence}"`,
  };
}
