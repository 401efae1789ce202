// examples/typed/elevenlabs-speech.ts
// Not run: needs an ElevenLabs key (the ElevenLabs suite runs the adapter against a local fake).
import { createService, type ServiceDependencies } from "reelkit";
import { createElevenLabsSpeechProvider, createElevenLabsVoiceList } from "reelkit/elevenlabs";
import type { MemoryPorts } from "reelkit/memory";

declare const ports: MemoryPorts; // createMemoryPorts(...) or your own ports
declare const providers: ServiceDependencies; // your other providers

const elevenlabs = {
  apiKey: process.env.ELEVENLABS_API_KEY, // the SDK's ELEVENLABS_API_KEY when omitted
  baseUrl: process.env.ELEVENLABS_BASE_URL, // ElevenLabs' production API when omitted
  limits: { timeoutSeconds: 120, attempts: 3, retryAfterMaxSeconds: 20 },
  storage: ports.mediaStorage,
};
const speech = createElevenLabsSpeechProvider({
  ...elevenlabs,
  newId: () => crypto.randomUUID(),
  modelId: "eleven_multilingual_v2",
  outputFormat: "mp3_44100_128",
});
const voices = await createElevenLabsVoiceList(elevenlabs).list(); // for your assets' voices
const service = createService({ ...ports, ...providers, speech });

export { service, voices };
