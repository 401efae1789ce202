/**
 * The reference host's workspace directory and the real media it lists: the demo sound
 * effects and music beds are made and stored at start (so every demo id plays in an
 * export), and with local speech the demo voices become the local voices, each with a
 * preview rendered and stored at start. This runs beside the host's first seconds, not
 * before it listens; the directory's assets and sound effects wait for it. A fixture's
 * own sound library or assets are kept as they are.
 *
 * @module
 */
import type { LocalSpeechProvider } from "../local/speech/speech-provider.js";
import { storeVoicePreviews } from "../local/speech/voice-previews.js";
import { createStaticWorkspaceDirectory } from "../memory/workspace-directory.js";
import type { MediaStorage } from "../ports/media-storage.js";
import type { SoundEffect, WorkspaceDirectory } from "../ports/workspace.js";
import type { Voice, WorkspaceAssets } from "../schemas/assets.js";
import { storeDemoSounds } from "../simulated/demo-sounds.js";
import { DEMO_ASSETS, DEMO_SOUND_EFFECTS } from "../simulated/demo-workspace.js";
import type { HostSetup } from "./host-setup.js";

/**
 * The host's workspace directory, whose demo media is replaced once it is stored. Until
 * then its assets and sound effects wait, so nothing lists a file not yet stored.
 */
export interface HostLibrary {
  /** The directory the service reads. */
  readonly directory: WorkspaceDirectory;
  /** Makes assets and sound effects wait for `work` (its failure waits no more). */
  waitFor(work: Promise<unknown>): void;
  /** Lists these sound effects instead of the setup's. */
  useSoundEffects(soundEffects: readonly SoundEffect[]): void;
  /** Lists these voices for organizations without assets of their own. */
  useVoices(voices: readonly Voice[]): void;
}

function byOrganization(setup: HostSetup): Map<number, WorkspaceAssets> {
  const map = new Map<number, WorkspaceAssets>();
  for (const organization of setup.organizations) {
    if (organization.assets !== undefined) map.set(organization.id, organization.assets);
  }
  return map;
}

/** The directory of `setup`, its demo media replaceable. */
export function createHostLibrary(setup: HostSetup): HostLibrary {
  let soundEffects = setup.soundEffects;
  let assets = setup.assets;
  const assetsByOrganization = byOrganization(setup);
  const directory = (): WorkspaceDirectory =>
    createStaticWorkspaceDirectory({
      catalog: setup.catalog,
      assets,
      assetsByOrganization,
      soundEffects,
    });
  let current = directory();
  let ready: Promise<unknown> = Promise.resolve();
  return {
    directory: {
      catalog: () => current.catalog(),
      assets: async (organizationId) => {
        await ready;
        return current.assets(organizationId);
      },
      soundEffects: async () => {
        await ready;
        return current.soundEffects();
      },
    },
    waitFor(work) {
      ready = work.catch(() => undefined);
    },
    useSoundEffects(list) {
      soundEffects = list;
      current = directory();
    },
    useVoices(voices) {
      assets = { ...assets, voices: [...voices] };
      current = directory();
    },
  };
}

/** What {@link storeHostMedia} stored. */
export interface StoredHostMedia {
  /** How many demo sounds were stored; 0 when the fixture brings its own library. */
  readonly soundCount: number;
  /**
   * How many voices got a preview; 0 without local speech or a model service's voices,
   * or with a fixture's assets.
   */
  readonly voiceCount: number;
}

/**
 * Stores the demo sounds (when the setup lists the demo library) and the voice previews
 * (when the setup lists the demo assets): the voices of the model service serving
 * speech when it lists them, else the local voices with local speech; and lists them.
 */
export async function storeHostMedia(
  library: HostLibrary,
  context: {
    readonly setup: HostSetup;
    readonly storage: MediaStorage;
    readonly speech: LocalSpeechProvider | undefined;
    /** The voices of the model service serving speech, when it lists them. */
    readonly cloudVoices?: (() => Promise<readonly Voice[]>) | undefined;
  },
): Promise<StoredHostMedia> {
  const { setup, storage, speech, cloudVoices } = context;
  let soundCount = 0;
  if (setup.soundEffects === DEMO_SOUND_EFFECTS) {
    const stored = await storeDemoSounds(storage);
    library.useSoundEffects(stored);
    soundCount = stored.length;
  }
  let voiceCount = 0;
  if (cloudVoices !== undefined && setup.assets === DEMO_ASSETS) {
    const voices = await cloudVoices();
    library.useVoices(voices);
    voiceCount = voices.length;
  } else if (speech !== undefined && setup.assets === DEMO_ASSETS) {
    const voices = await storeVoicePreviews({ speech, storage });
    library.useVoices(voices);
    voiceCount = voices.length;
  }
  return { soundCount, voiceCount };
}
