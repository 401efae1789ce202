// examples/media-prober.ts
import assert from "node:assert/strict";
import { createHeaderMediaProber, createService } from "reelkit";
import { createFfprobeMediaProber } from "reelkit/local";
import { createMemoryPorts } from "reelkit/memory";
import { createSimulatedProviders } from "reelkit/simulated";

const ports = createMemoryPorts({ origin: "https://api.example.com" });
const providers = createSimulatedProviders(ports);

const found = await createFfprobeMediaProber({
  ffprobePath: "/usr/bin/ffprobe", // default: ffprobe on PATH
  ffmpegPath: "/usr/bin/ffmpeg", // default: ffmpeg on PATH
  timeoutMilliseconds: 20_000, // per program run
  maxConcurrentProbes: 2, // others wait their turn
});
const mediaProber = found.ok ? found.value : createHeaderMediaProber();
const service = createService({ ...ports, ...providers, mediaProber });

// Without the programs, the prober says so rather than fail later.
const missing = await createFfprobeMediaProber({ ffprobePath: "/nowhere/ffprobe" });
assert.equal(missing.ok ? "found" : missing.error.code, "prober_unavailable");
assert.equal(typeof service.api, "object");
