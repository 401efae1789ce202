import { describe, expect, it } from "vitest";
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_SHUTDOWN_TIMEOUT_SECONDS,
  DEFAULT_SPEECH_MODE,
  HOST_USAGE,
  parseHostArguments,
  SHUTDOWN_TIMEOUT_MAX_SECONDS,
} from "../../src/host/arguments.js";

describe("the host's command line", () => {
  it("defaults to 127.0.0.1:8787 and the demo workspace", () => {
    expect(parseHostArguments([])).toEqual({
      kind: "run",
      options: {
        port: 8787,
        host: "127.0.0.1",
        fixturePath: undefined,
        databaseUrl: undefined,
        shutdownTimeoutSeconds: 25,
        speech: "auto",
      },
    });
    expect([DEFAULT_PORT, DEFAULT_HOST]).toEqual([8787, "127.0.0.1"]);
  });

  it("takes --port 0 (a free port), --host and --fixture, in either flag form", () => {
    expect(parseHostArguments(["--port", "0"])).toEqual({
      kind: "run",
      options: {
        port: 0,
        host: "127.0.0.1",
        fixturePath: undefined,
        databaseUrl: undefined,
        shutdownTimeoutSeconds: 25,
        speech: "auto",
      },
    });
    expect(parseHostArguments(["--port=65535", "--host=::1", "--fixture", "./acme.json"])).toEqual({
      kind: "run",
      options: {
        port: 65535,
        host: "::1",
        fixturePath: "./acme.json",
        databaseUrl: undefined,
        shutdownTimeoutSeconds: 25,
        speech: "auto",
      },
    });
  });

  it("takes --speech auto, local or simulated, auto without it, and refuses anything else", () => {
    const speechOf = (argv: string[]) => {
      const result = parseHostArguments(argv);
      return result.kind === "run" ? result.options.speech : result;
    };
    expect(DEFAULT_SPEECH_MODE).toBe("auto");
    expect(speechOf([])).toBe("auto");
    expect(speechOf(["--speech", "local"])).toBe("local");
    expect(speechOf(["--speech=simulated"])).toBe("simulated");
    expect(speechOf(["--speech", "auto"])).toBe("auto");
    for (const bad of ["", "Local", "cloud"]) {
      expect(speechOf(["--speech", bad])).toEqual({
        kind: "invalid",
        message: `--speech must be one of auto, local, simulated, got "${bad}".`,
      });
    }
    expect(HOST_USAGE).toContain("--speech MODE");
  });

  it("takes --shutdown-timeout in whole seconds from 0 to 600, 25 without it", () => {
    const timeoutOf = (argv: string[]) => {
      const result = parseHostArguments(argv);
      return result.kind === "run" ? result.options.shutdownTimeoutSeconds : result;
    };
    expect(DEFAULT_SHUTDOWN_TIMEOUT_SECONDS).toBe(25);
    expect(timeoutOf([])).toBe(25);
    expect(timeoutOf(["--shutdown-timeout", "0"])).toBe(0);
    expect(timeoutOf([`--shutdown-timeout=${SHUTDOWN_TIMEOUT_MAX_SECONDS}`])).toBe(600);
    for (const bad of [`${SHUTDOWN_TIMEOUT_MAX_SECONDS + 1}`, "1.5", "1e3", "", " 5", "ten"]) {
      expect(timeoutOf(["--shutdown-timeout", bad])).toEqual({
        kind: "invalid",
        message: `--shutdown-timeout must be a whole number of seconds from 0 to 600, got "${bad}".`,
      });
    }
  });

  it("takes --database-url, else DATABASE_URL, and keeps state in memory without either", () => {
    const flag = "postgres://reelkit:secret@db.internal:5432/reelkit";
    const env = { DATABASE_URL: "postgresql://localhost/from_env" };
    const optionsOf = (result: ReturnType<typeof parseHostArguments>) =>
      result.kind === "run" ? result.options.databaseUrl : result;
    expect(optionsOf(parseHostArguments(["--database-url", flag], env))).toBe(flag);
    expect(optionsOf(parseHostArguments([], env))).toBe(env.DATABASE_URL);
    expect(optionsOf(parseHostArguments([], { DATABASE_URL: "" }))).toBeUndefined();
    expect(optionsOf(parseHostArguments([]))).toBeUndefined();
  });

  it("refuses a database URL that is not a postgres:// URL, naming where it came from", () => {
    const message = "the database URL must look like postgres://user:password@host:5432/db.";
    expect(parseHostArguments(["--database-url=mysql://localhost/x"])).toEqual({
      kind: "invalid",
      message: `--database-url: ${message}`,
    });
    expect(parseHostArguments([], { DATABASE_URL: "localhost:5432" })).toEqual({
      kind: "invalid",
      message: `DATABASE_URL: ${message}`,
    });
  });

  it("takes --database-schema, else DATABASE_SCHEMA, beside a database URL", () => {
    const url = "postgres://reelkit@db.internal/app";
    const schemaOf = (result: ReturnType<typeof parseHostArguments>) =>
      result.kind === "run" ? result.options.databaseSchema : result;
    const env = { DATABASE_URL: url, DATABASE_SCHEMA: "media_api" };
    expect(schemaOf(parseHostArguments(["--database-schema", "public"], env))).toBe("public");
    expect(schemaOf(parseHostArguments([], env))).toBe("media_api");
    expect(schemaOf(parseHostArguments([], { ...env, DATABASE_SCHEMA: "" }))).toBeUndefined();
    expect(schemaOf(parseHostArguments(["--database-url", url]))).toBeUndefined();
    expect(HOST_USAGE).toContain("--database-schema NAME");
  });

  it("refuses a schema name reelkit cannot use, or one without a database, naming where it came from", () => {
    const url = "postgres://reelkit@db.internal/app";
    expect(parseHostArguments(["--database-url", url, "--database-schema", "My-Schema"])).toEqual({
      kind: "invalid",
      message:
        '--database-schema: the schema name "My-Schema" must be lower-case letters, digits and underscores, starting with a letter or an underscore.',
    });
    expect(parseHostArguments([], { DATABASE_URL: url, DATABASE_SCHEMA: "pg_temp" })).toEqual({
      kind: "invalid",
      message:
        'DATABASE_SCHEMA: the schema name "pg_temp" starts with pg_, which PostgreSQL reserves.',
    });
    expect(parseHostArguments(["--database-schema", "reelkit"])).toEqual({
      kind: "invalid",
      message: "--database-schema needs a database URL (--database-url or DATABASE_URL).",
    });
  });

  it("answers --help and -h with the usage", () => {
    expect(parseHostArguments(["--help"])).toEqual({ kind: "help" });
    expect(parseHostArguments(["-h", "--port", "nonsense"])).toEqual({ kind: "help" });
  });

  it.each([
    ["abc", '--port must be a whole number from 0 to 65535, got "abc".'],
    ["65536", '--port must be a whole number from 0 to 65535, got "65536".'],
    ["-1", '--port must be a whole number from 0 to 65535, got "-1".'],
    ["0x50", '--port must be a whole number from 0 to 65535, got "0x50".'],
    ["1e3", '--port must be a whole number from 0 to 65535, got "1e3".'],
    ["80.5", '--port must be a whole number from 0 to 65535, got "80.5".'],
    ["", '--port must be a whole number from 0 to 65535, got "".'],
  ])("refuses --port %j", (value, message) => {
    expect(parseHostArguments([`--port=${value}`])).toEqual({ kind: "invalid", message });
  });

  it("refuses an empty or URL-like --host and an empty --fixture", () => {
    expect(parseHostArguments(["--host="])).toEqual({
      kind: "invalid",
      message: '--host must be an IP address or a host name, got "".',
    });
    expect(parseHostArguments(["--host", "http://x/"])).toMatchObject({ kind: "invalid" });
    expect(parseHostArguments(["--fixture="])).toEqual({
      kind: "invalid",
      message: "--fixture needs the path of a JSON file.",
    });
  });

  it("refuses unknown flags, positionals and a flag without its value, naming them", () => {
    const unknown = parseHostArguments(["--prot", "80"]);
    expect(unknown.kind).toBe("invalid");
    expect(unknown.kind === "invalid" && unknown.message).toContain("--prot");
    const positional = parseHostArguments(["serve"]);
    expect(positional.kind === "invalid" && positional.message).toContain("serve");
    const missing = parseHostArguments(["--port"]);
    expect(missing.kind === "invalid" && missing.message).toContain("--port");
    const booleanWithValue = parseHostArguments(["--help=yes"]);
    expect(booleanWithValue.kind).toBe("invalid");
  });

  it("reads --data-dir, with or without a database, and refuses an empty one", () => {
    const optionsOf = (result: ReturnType<typeof parseHostArguments>) =>
      result.kind === "run" ? result.options : undefined;
    expect(optionsOf(parseHostArguments(["--data-dir", "./data"]))?.dataDirectory).toBe("./data");
    const url = "postgres://u:p@127.0.0.1:5432/db";
    expect(
      optionsOf(parseHostArguments(["--data-dir=/srv/files", "--database-url", url])),
    ).toMatchObject({ dataDirectory: "/srv/files", databaseUrl: url });
    expect(optionsOf(parseHostArguments([]))?.dataDirectory).toBeUndefined();
    expect(parseHostArguments(["--data-dir="])).toEqual({
      kind: "invalid",
      message: "--data-dir needs the path of a directory.",
    });
    expect(HOST_USAGE).toContain("--data-dir DIR");
  });
});
