import { describe, expect, it } from "vitest";
import { spawnHost, writeFixture } from "./support/spawn-host.js";

// These start the real entry point, so they see the exit codes and stderr a person sees.
describe("npm start: flags and fixture errors", () => {
  it("prints the usage for --help and exits 0", async () => {
    const host = spawnHost(["--help"]);
    expect(await host.exited).toEqual({ code: 0, signal: null });
    expect(host.stdout()).toContain("Usage: npm start -- [options]");
    expect(host.stdout()).toContain("--fixture FILE");
  }, 30_000);

  it("refuses a bad flag with a clear message and exit code 2", async () => {
    const host = spawnHost(["--port", "eighty"]);
    expect(await host.exited).toEqual({ code: 2, signal: null });
    expect(host.stderr()).toBe(
      'reelkit: --port must be a whole number from 0 to 65535, got "eighty".\n' +
        "reelkit: run `npm start -- --help` for the flags\n",
    );
    expect(host.stdout()).toBe("");
  }, 30_000);

  it("stops on a bad fixture with exit code 1, naming the file and the field", async () => {
    const path = writeFixture({
      organizations: [
        {
          id: 1,
          name: "Acme",
          api_keys: [{ key: "rk_live_example", scopes: ["generations:read", "admin"] }],
        },
      ],
    });
    const host = spawnHost(["--port", "0", "--fixture", path]);
    expect(await host.exited).toEqual({ code: 1, signal: null });
    expect(host.stderr()).toMatch(
      new RegExp(
        `^reelkit: bad fixture ${path.replace(/[.\\]/g, "\\$&")}: organizations\\.0\\.api_keys\\.0\\.scopes\\.1: Invalid option: expected one of `,
      ),
    );
    expect(host.stdout()).toBe("");
  }, 30_000);

  it("stops with exit code 1 when the fixture is missing or not JSON", async () => {
    const missing = spawnHost(["--fixture", "./no-such-fixture.json"]);
    const notJson = spawnHost(["--fixture", writeFixture("{ nope")]);
    expect(await missing.exited).toEqual({ code: 1, signal: null });
    expect(missing.stderr()).toMatch(
      /^reelkit: cannot read fixture \.\/no-such-fixture\.json: ENOENT/,
    );
    expect(await notJson.exited).toEqual({ code: 1, signal: null });
    expect(notJson.stderr()).toMatch(/^reelkit: bad fixture .*fixture\.json: not valid JSON: /);
  }, 30_000);
});
