/**
 * Simulated providers: the honest stand-ins the reference host runs on.
 *
 * @module
 */

export * from "./demo-sounds.js";
export * from "./demo-workspace.js";
export * from "./placeholder-image.js";
export * from "./placeholder-speech.js";
export * from "./placeholder-video.js";
export * from "./providers.js";
export * from "./script-writer.js";
export type { SoundBuffer } from "./sound-synthesis.js";
export * from "./speech-and-transcription.js";
export * from "./work-provider.js";
