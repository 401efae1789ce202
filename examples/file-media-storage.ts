// examples/file-media-storage.ts
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createService } from "reelkit";
import { createMemoryPorts } from "reelkit/memory";
import { createFileMediaStorage } from "reelkit/node";
import { createSimulatedProviders } from "reelkit/simulated";

const directory = await mkdtemp(join(tmpdir(), "reelkit-media-")); // or /var/lib/reelkit/media
const mediaStorage = await createFileMediaStorage({
  directory,
  baseUrl: "https://api.example.com/files", // where your server answers its URLs
});
const deps = createMemoryPorts({ origin: "https://api.example.com" });
const service = createService({
  ...deps,
  ...createSimulatedProviders({ mediaStorage }),
  mediaStorage,
});

// In your /files/** route: resolveReadUrl(url), then open(key) and stream(range).
const stored = await mediaStorage.put("media/1/hello.txt", new TextEncoder().encode("Hello"), {
  contentType: "text/plain",
});
const resolved = await mediaStorage.resolveReadUrl(stored.url);
assert.ok(resolved.ok);
const reader = await mediaStorage.open(resolved.value);
assert.equal(await new Response(reader?.stream({ start: 1, end: 3 })).text(), "ell");
assert.equal(typeof service.processJob, "function");
await rm(directory, { recursive: true });
