import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    editor: "src/editor/index.ts",
    elevenlabs: "src/elevenlabs/index.ts",
    fal: "src/fal/index.ts",
    http: "src/http/index.ts",
    local: "src/local/index.ts",
    mcp: "src/mcp/index.ts",
    memory: "src/memory/index.ts",
    node: "src/node/index.ts",
    openai: "src/openai/index.ts",
    opentelemetry: "src/opentelemetry/index.ts",
    postgres: "src/postgres/index.ts",
    render: "src/render/index.ts",
    s3: "src/s3/index.ts",
    schemas: "src/schemas/index.ts",
    simulated: "src/simulated/index.ts",
    testing: "src/testing/index.ts",
  },
  // Optional peers of the testing, mcp, postgres, opentelemetry, s3, openai, elevenlabs and
  // fal entries: users bring their own copy, never a bundled one.
  external: [
    "fast-check",
    "@modelcontextprotocol/sdk",
    "pg",
    "@opentelemetry/api",
    "@aws-sdk/client-s3",
    "@aws-sdk/lib-storage",
    "@aws-sdk/s3-request-presigner",
    "openai",
    "@elevenlabs/elevenlabs-js",
    "@fal-ai/client",
  ],
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  splitting: true,
  treeshake: true,
  // Keep `node:` specifiers: reelkit/node, reelkit/render, reelkit/local (and the other Node entries)
  // import Node's built-ins by their prefixed names, which bundlers and Deno resolve
  // unambiguously.
  removeNodeProtocol: false,
  // reelkit/render finds the package's `fonts/` folder from its own URL, which the
  // CommonJS build takes from `__filename`.
  shims: true,
});
