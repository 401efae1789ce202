import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Examples and tests import the package by its published name, as users do.
    alias: [
      { find: /^reelkit$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
      {
        find: /^reelkit\/http$/,
        replacement: fileURLToPath(new URL("./src/http/index.ts", import.meta.url)),
      },
      {
        find: /^reelkit\/testing$/,
        replacement: fileURLToPath(new URL("./src/testing/index.ts", import.meta.url)),
      },
    ],
  },
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    reporters: ["default", "./test/support/count-reporter.ts"],
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      reporter: ["text-summary", "html"],
    },
  },
});
