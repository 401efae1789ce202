import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", http: "src/http/index.ts", testing: "src/testing/index.ts" },
  // An optional peer of the testing entry: users bring their own copy, never a bundled one.
  external: ["fast-check"],
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  splitting: true,
  treeshake: true,
});
