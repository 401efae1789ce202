import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { postgresServiceRunMissing } from "./test/postgres/support/availability.js";

// The service integration tests run twice: on the in-memory stores, and unchanged on
// PostgreSQL stores (REELKIT_TEST_STORES=postgres, read by the harness). Run one with
// `--project unit` or `--project service-postgres`; REELKIT_TEST_POSTGRES=off drops the
// second outside CI.
const postgresMissing = postgresServiceRunMissing();
if (postgresMissing !== undefined) {
  console.warn(`Service tests on PostgreSQL skipped: ${postgresMissing}.`);
}
const SERVICE_ON_POSTGRES: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "service-postgres",
    include: ["test/service/**/*.test.ts"],
    env: { REELKIT_TEST_STORES: "postgres" },
  },
};

export default defineConfig({
  resolve: {
    // Examples and tests import the package by its published name, as users do.
    alias: [
      { find: /^reelkit$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
      {
        find: /^reelkit\/editor$/,
        replacement: fileURLToPath(new URL("./src/editor/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/fal$/,
        replacement: fileURLToPath(new URL("./src/fal/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/http$/,
        replacement: fileURLToPath(new URL("./src/http/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/local$/,
        replacement: fileURLToPath(new URL("./src/local/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/mcp$/,
        replacement: fileURLToPath(new URL("./src/mcp/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/memory$/,
        replacement: fileURLToPath(new URL("./src/memory/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/node$/,
        replacement: fileURLToPath(new URL("./src/node/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/elevenlabs$/,
        replacement: fileURLToPath(new URL("./src/elevenlabs/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/openai$/,
        replacement: fileURLToPath(new URL("./src/openai/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/opentelemetry$/,
        replacement: fileURLToPath(new URL("./src/opentelemetry/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/postgres$/,
        replacement: fileURLToPath(new URL("./src/postgres/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/render$/,
        replacement: fileURLToPath(new URL("./src/render/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/s3$/,
        replacement: fileURLToPath(new URL("./src/s3/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/schemas$/,
        replacement: fileURLToPath(new URL("./src/schemas/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/simulated$/,
        replacement: fileURLToPath(new URL("./src/simulated/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/testing$/,
        replacement: fileURLToPath(new URL("./src/testing/index.ts", import.meta.url)),
      },
    ],
  },
  test: {
    // Each project names its own files: an `include` here would be merged into both.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts", "src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/viewer/**"],
        },
      },
      // The viewer's tests drive a real Chromium: one file, its own project, so
      // `--project unit` stays free of browsers; `npm test` runs every project.
      { extends: true, test: { name: "viewer", include: ["test/viewer/**/*.test.ts"] } },
      ...(postgresMissing === undefined ? [SERVICE_ON_POSTGRES] : []),
    ],
    reporters: ["default", "./test/support/count-reporter.ts"],
    // Vitest runs one file fewer than there are cores, which is one file at a time on two.
    // Most files spend their time waiting on ffmpeg, PostgreSQL or a host process, so two
    // at once keep both cores busy: the suite takes about 18 minutes instead of 24 there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A safety net for hung tests, not a speed check (benchmarks do that): the property
    // suites on PostgreSQL and the host processes need more than the 5 s default when
    // two cores run every file in parallel.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Finds or starts the PostgreSQL server of the reelkit/postgres tests (see the file).
    globalSetup: ["./test/postgres/support/global-setup.ts"],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "html"],
    },
  },
});
