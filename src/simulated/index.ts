/**
 * reelkit/simulated: every provider port of the service, simulated with Web-standard APIs
 * only: placeholder generations (real PNG, WAV and MP4 files), scripts with their scene
 * and slide plans, scene pictures, transcripts and speech, and the demo workspace. An
 * embedded API runs anywhere before a real provider is written.
 *
 * @example
 * ```ts
 * import { createService } from "reelkit";
 * import { createMemoryPorts } from "reelkit/memory";
 * import { createSimulatedProviders } from "reelkit/simulated";
 *
 * const ports = createMemoryPorts();
 * const service = createService({ ...ports, ...createSimulatedProviders(ports) });
 * ```
 *
 * @packageDocumentation
 */

export * from "./demo-sounds.js";
export * from "./demo-workspace.js";
export * from "./placeholder-image.js";
export * from "./placeholder-speech.js";
export * from "./placeholder-video.js";
export * from "./placeholder-visual.js";
export * from "./providers.js";
export * from "./script-writer.js";
export type { SoundBuffer } from "./sound-synthesis.js";
export * from "./speech-and-transcription.js";
export * from "./visual-generator.js";
export * from "./work-provider.js";
