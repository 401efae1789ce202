import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER, bundleOptions, PACKAGE_ROOT, WORKERS } from "../bundles/support.js";
import { RUNTIME_TEST_KEY } from "./key.js";

// Each runtime serves the same embedded API (./app.ts), bundled as a user's bundler would
// for it, and this process talks to it over HTTP. The binaries come from npm (the `bun`,
// `deno` and `workerd` devDependencies and their per-platform packages).
const inCi = process.env.CI === "true";
const STARTUP_TIMEOUT_MILLISECONDS = 20_000;
const POLL_INTERVAL_MILLISECONDS = 100;

interface Runtime {
  readonly name: string;
  readonly binary: string;
  readonly target: typeof BROWSER;
  /** Writes what the runtime runs next to `app.js`; returns its arguments. */
  prepare(folder: string, port: number): string[];
}

const BUN: Runtime = {
  name: "Bun",
  binary: "bun",
  target: BROWSER,
  prepare(folder, port) {
    const launcher = `import { handle } from "./app.js";
Bun.serve({ hostname: "127.0.0.1", port: ${port}, fetch: handle });`;
    writeFileSync(join(folder, "serve.js"), launcher);
    return ["run", join(folder, "serve.js")];
  },
};

const DENO: Runtime = {
  name: "Deno",
  binary: "deno",
  target: BROWSER,
  prepare(folder, port) {
    const launcher = `import { handle } from "./app.js";
Deno.serve({ hostname: "127.0.0.1", port: ${port}, onListen() {} }, handle);`;
    writeFileSync(join(folder, "serve.js"), launcher);
    return ["run", "--no-config", "--no-lock", "--allow-net=127.0.0.1", join(folder, "serve.js")];
  },
};

const WORKERD: Runtime = {
  name: "workerd",
  binary: "workerd",
  target: WORKERS,
  prepare(folder, port) {
    const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "api", worker = .api)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "api")],
);
const api :Workerd.Worker = (
  modules = [(name = "app.js", esModule = embed "app.js")],
  compatibilityDate = "2025-09-01",
);
`;
    writeFileSync(join(folder, "config.capnp"), config);
    return ["serve", join(folder, "config.capnp")];
  },
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MILLISECONDS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    try {
      await fetch(`${base}/models`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MILLISECONDS));
    }
  }
  throw new Error(`did not answer within ${STARTUP_TIMEOUT_MILLISECONDS} ms:\n${output()}`);
}

function authorized(init: RequestInit = {}): RequestInit {
  return {
    ...init,
    headers: { authorization: `Bearer ${RUNTIME_TEST_KEY}`, "content-type": "application/json" },
  };
}

for (const runtime of [BUN, DENO, WORKERD]) {
  const binary = join(PACKAGE_ROOT, "node_modules", ".bin", runtime.binary);
  const installed = existsSync(binary);

  describe.skipIf(!installed && !inCi)(`the fetch handler in ${runtime.name}`, () => {
    let folder = "";
    let child: ChildProcess | undefined;
    let base = "";
    let output = "";

    beforeAll(async () => {
      expect(installed, `${binary} is missing: run npm install`).toBe(true);
      folder = mkdtempSync(join(tmpdir(), `reelkit-${runtime.binary}-`));
      await build({
        ...bundleOptions(runtime.target),
        entryPoints: [join(import.meta.dirname, "app.ts")],
        outfile: join(folder, "app.js"),
      });
      const port = await freePort();
      const args = runtime.prepare(folder, port);
      child = spawn(binary, args, { cwd: folder, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout?.on("data", (chunk) => (output += chunk));
      child.stderr?.on("data", (chunk) => (output += chunk));
      base = `http://127.0.0.1:${port}/v1`;
      await waitUntilServing(base, child, () => output);
    }, STARTUP_TIMEOUT_MILLISECONDS + 10_000);

    afterAll(() => {
      child?.kill("SIGKILL");
      if (folder !== "") rmSync(folder, { recursive: true, force: true });
    });

    it("answers GET /v1/models with the catalog", async () => {
      const response = await fetch(`${base}/models`);
      expect(response.status).toBe(200);
      expect((await response.json()).object).toBe("catalog");
    });

    it("creates an editor video and applies a PATCH to it", async () => {
      const created = await fetch(
        `${base}/editor/videos`,
        authorized({
          method: "POST",
          body: JSON.stringify({ title: "Runtime", aspect_ratio: "9:16" }),
        }),
      );
      expect(created.status, output).toBe(200);
      const video = await created.json();
      const patched = await fetch(
        `${base}/editor/videos/${video.video.id}`,
        authorized({
          method: "PATCH",
          body: JSON.stringify({
            operations: [{ type: "add_text", text: "Hello", from_seconds: 0, duration_seconds: 2 }],
          }),
        }),
      );
      expect(patched.status, await patched.clone().text()).toBe(200);
      const result = await patched.json();
      expect(result).toMatchObject({ object: "editor_edit_result", applied: ["add_text"] });
      expect(result.operation_results[0].created_item_ids).toHaveLength(1);
    });
  });
}
