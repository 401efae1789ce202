// examples/typed/openai-providers.ts
// Not run: needs an OpenAI key (the OpenAI suites run the adapters against a local fake).
import {
  createProjectMediaReader,
  createService,
  type ServiceDependencies,
  type UrlFetcher,
} from "reelkit";
import type { MemoryPorts } from "reelkit/memory";
import { createOpenAIProviders } from "reelkit/openai";

declare const ports: MemoryPorts; // createMemoryPorts(...) or your own ports
declare const providers: ServiceDependencies; // your other providers
declare const urlFetcher: UrlFetcher;

const openai = createOpenAIProviders({
  apiKey: process.env.OPENAI_API_KEY, // the SDK's OPENAI_API_KEY when omitted
  baseURL: process.env.OPENAI_BASE_URL, // and OPENAI_BASE_URL
  models: { chat: "gpt-4o" }, // any of image, speech, transcription, chat
  limits: { timeoutSeconds: 120, attempts: 3, retryAfterMaxSeconds: 20 },
  storage: ports.mediaStorage,
  newId: () => crypto.randomUUID(),
  readMedia: createProjectMediaReader({ mediaStorage: ports.mediaStorage, urlFetcher }),
});
const service = createService({ ...ports, ...providers, ...openai });

export { service };
