import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    editor: "src/editor/index.ts",
    http: "src/http/index.ts",
    mcp: "src/mcp/index.ts",
    node: "src/node/index.ts",
    opentelemetry: "src/opentelemetry/index.ts",
    postgres: "src/postgres/index.ts",
    render: "src/render/index.ts",
    testing: "src/testing/index.ts",
  },
  // Optional peers of the testing, mcp, postgres and opentelemetry entries: users bring
  // their own copy, never a bundled one.
  external: ["fast-check", "@modelcontextprotocol/sdk", "pg", "@opentelemetry/api"],
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  splitting: true,
  treeshake: true,
  // Keep `node:` specifiers: reelkit/node and reelkit/render (and the other Node entries)
  // import Node's built-ins by their prefixed names, which bundlers and Deno resolve
  // unambiguously.
  removeNodeProtocol: false,
});
