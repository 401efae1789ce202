import type pg from "pg";
import {
  createPostgresCreditStore,
  createPostgresJobQueue,
  createPostgresPorts,
  DEFAULT_POSTGRES_SCHEMA,
  migrate,
  runPostgresWorker,
  SCHEMA_NAME_MAX_LENGTH,
  schemaNameProblem,
} from "reelkit/postgres";
import { describe, expect, it } from "vitest";
import { postgresSchemaOf } from "../../src/postgres/schema.js";

// A pool that must never be used: a refused name fails before any statement.
const untouchedPool = new Proxy(
  {},
  {
    get() {
      throw new Error("The pool was used.");
    },
  },
) as pg.Pool;

describe("the schema option of reelkit/postgres", () => {
  it("defaults to reelkit and qualifies every name with the quoted schema", () => {
    expect(DEFAULT_POSTGRES_SCHEMA).toBe("reelkit");
    const schema = postgresSchemaOf();
    expect(schema.table("job_outbox")).toBe('"reelkit"."job_outbox"');
    expect(schema.sequence("job_turns")).toBe('"reelkit"."job_turns"');
    expect(schema.jobsChannel).toBe("reelkit.job_outbox");
    expect(postgresSchemaOf({ schema: "media_api_2" }).table("organizations")).toBe(
      '"media_api_2"."organizations"',
    );
  });

  it.each(["reelkit", "public", "_private", "a", "tenant_42", "x".repeat(SCHEMA_NAME_MAX_LENGTH)])(
    "accepts %j",
    (name) => {
      expect(schemaNameProblem(name)).toBeUndefined();
    },
  );

  it.each([
    ["", "lower-case letters, digits and underscores"],
    ["Reelkit", "lower-case letters, digits and underscores"],
    ["2fast", "starting with a letter or an underscore"],
    ["my-schema", "lower-case letters, digits and underscores"],
    ['reelkit"; DROP TABLE x; --', "lower-case letters, digits and underscores"],
    ["with space", "lower-case letters, digits and underscores"],
    ["pg_reelkit", "starts with pg_, which PostgreSQL reserves"],
    ["x".repeat(SCHEMA_NAME_MAX_LENGTH + 1), `longer than ${SCHEMA_NAME_MAX_LENGTH} characters`],
  ])("refuses %j", (name, reason) => {
    expect(schemaNameProblem(name)).toContain(reason);
  });

  it("keeps the job channel of the longest name within PostgreSQL's 63 bytes", () => {
    const longest = postgresSchemaOf({ schema: "x".repeat(SCHEMA_NAME_MAX_LENGTH) });
    expect(longest.jobsChannel).toHaveLength(63);
  });

  it("refuses a bad name before any statement, wherever it is given", async () => {
    const schema = "Bad Name";
    await expect(migrate(untouchedPool, { schema })).rejects.toThrow(RangeError);
    expect(() => createPostgresPorts(untouchedPool, { schema })).toThrow(
      'reelkit/postgres: the schema name "Bad Name" must be lower-case letters',
    );
    expect(() => createPostgresCreditStore(untouchedPool, { schema })).toThrow(RangeError);
    expect(() => createPostgresJobQueue(untouchedPool, { schema })).toThrow(RangeError);
    expect(() =>
      runPostgresWorker({ pool: untouchedPool, schema, process: async () => undefined }),
    ).toThrow(RangeError);
  });
});
