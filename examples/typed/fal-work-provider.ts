// examples/typed/fal-work-provider.ts
// Not run: needs keys of fal and OpenAI (their suites run the adapters against local fakes).
import { createService, type ServiceDependencies } from "reelkit";
import { createFalWorkProvider, FAL_ENDPOINTS_DEFAULT } from "reelkit/fal";
import type { MemoryPorts } from "reelkit/memory";
import { createOpenAIImageWorkProvider } from "reelkit/openai";
import { createSimulatedWorkProvider } from "reelkit/simulated";

declare const ports: MemoryPorts; // createMemoryPorts(...) or your own ports
declare const providers: ServiceDependencies; // your other providers

const fal = createFalWorkProvider({
  credentials: process.env.FAL_KEY, // the client's FAL_KEY when omitted
  storage: ports.mediaStorage,
  endpoints: {
    ...FAL_ENDPOINTS_DEFAULT,
    "my-video/pro": { endpoint: "fal-ai/veo3", input: { negative_prompt: "blur" } },
  },
  limits: { pollIntervalSeconds: 2, maxWaitSeconds: 1800, retryAfterMaxSeconds: 20 },
  fallback: createSimulatedWorkProvider({ storage: ports.mediaStorage }), // analyses
});
// Pictures on OpenAI, everything else on fal.
const provider = createOpenAIImageWorkProvider({ storage: ports.mediaStorage, fallback: fal });
const service = createService({ ...ports, ...providers, provider });

export { service };
