/**
 * Every provider port of the service, simulated: placeholder generations, scripts and
 * their scene and slide plans, scene pictures, transcripts and speech, and the demo
 * workspace. Built from Web-standard APIs only, so an embedded API runs anywhere before a
 * real provider is written.
 *
 * @module
 */

import { createMemoryMediaStorage } from "../memory/media-storage.js";
import { MEMORY_PORTS_FILES_PATH, MEMORY_PORTS_ORIGIN_DEFAULT } from "../memory/ports.js";
import { createStaticWorkspaceDirectory } from "../memory/workspace-directory.js";
import type { ServiceDependencies } from "../ports/dependencies.js";
import type { MediaStorage } from "../ports/media-storage.js";
import type { WorkspaceDirectory } from "../ports/workspace.js";
import { DEMO_ASSETS, DEMO_CATALOG, DEMO_SOUND_EFFECTS } from "./demo-workspace.js";
import { createSimulatedScriptWriter } from "./script-writer.js";
import {
  createSimulatedSpeechProvider,
  createSimulatedTranscriptionProvider,
} from "./speech-and-transcription.js";
import { createSimulatedVisualGenerator } from "./visual-generator.js";
import { createSimulatedWorkProvider } from "./work-provider.js";

/** Settings of {@link createSimulatedProviders}. */
export interface SimulatedProvidersOptions {
  /**
   * Where placeholder outputs and voiceovers are stored: the ports' `mediaStorage`, so that
   * the host serves them and the service reads them back (an export that mixes a
   * voiceover). When omitted, an in-memory storage of the providers' own under
   * {@link SIMULATED_MEDIA_BASE_URL_DEFAULT}: enough for answers that name outputs, not for
   * serving them.
   */
  readonly mediaStorage?: MediaStorage;
  /** How long each generation job takes, in milliseconds; 0 by default. */
  readonly jobDurationMilliseconds?: number;
  /** A job whose prompt contains this text fails with a retryable provider error. */
  readonly failWhenPromptContains?: string;
  /** The catalog, assets and sound effects; the demo workspace when omitted. */
  readonly workspace?: WorkspaceDirectory;
}

/**
 * The address of the providers' own storage when no `mediaStorage` is given: where
 * `createMemoryPorts()` serves its files by default.
 */
export const SIMULATED_MEDIA_BASE_URL_DEFAULT = `${MEMORY_PORTS_ORIGIN_DEFAULT}${MEMORY_PORTS_FILES_PATH}`;

/** The provider ports of {@link createSimulatedProviders}. */
export type SimulatedProviders = Pick<
  ServiceDependencies,
  "provider" | "scriptWriter" | "visuals" | "transcription" | "speech" | "workspace"
>;

/**
 * Creates the simulated providers and the demo workspace (catalog, brand kits, avatars,
 * voices, sound effects). Pass the ports of `createMemoryPorts` (or any object with the
 * `mediaStorage` outputs go to) and spread the result into `createService`; with no
 * argument the outputs go to an in-memory storage of their own.
 *
 * @example
 * ```ts
 * const ports = createMemoryPorts({ organizations });
 * const service = createService({ ...ports, ...createSimulatedProviders(ports) });
 * const providers = createSimulatedProviders(); // stand-ins for a test of one port
 * ```
 */
export function createSimulatedProviders(
  options: SimulatedProvidersOptions = {},
): SimulatedProviders {
  const storage =
    options.mediaStorage ??
    createMemoryMediaStorage({ publicBaseUrl: SIMULATED_MEDIA_BASE_URL_DEFAULT });
  return {
    provider: createSimulatedWorkProvider({
      storage,
      jobDurationMilliseconds: options.jobDurationMilliseconds,
      failWhenPromptContains: options.failWhenPromptContains,
    }),
    scriptWriter: createSimulatedScriptWriter(),
    visuals: createSimulatedVisualGenerator({ storage }),
    transcription: createSimulatedTranscriptionProvider(),
    speech: createSimulatedSpeechProvider({ storage, newId: () => crypto.randomUUID() }),
    workspace:
      options.workspace ??
      createStaticWorkspaceDirectory({
        catalog: DEMO_CATALOG,
        assets: DEMO_ASSETS,
        soundEffects: DEMO_SOUND_EFFECTS,
      }),
  };
}
