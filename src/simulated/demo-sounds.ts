/**
 * The demo workspace's sound library as real files: every sound effect and music bed is
 * made in code (nothing is downloaded) and stored through the media storage, so each
 * `sound_effect_id` of the demo plays in an export. Music beds are listed among the
 * sound effects with the tags `music` and `loop`; `add_sound_effect` places one as a
 * sound effect, and its URL can be added as background music with the `music` role.
 *
 * @module
 */
import type { MediaStorage } from "../ports/media-storage.js";
import type { SoundEffect } from "../ports/workspace.js";
import { DEMO_EFFECTS } from "./demo-effects.js";
import { DEMO_MUSIC_BEDS } from "./demo-music.js";
import { pcm16Wav } from "./pcm-wav.js";
import type { SoundBuffer } from "./sound-synthesis.js";

/** One sound of the demo library: how it is listed and how it is made. */
export interface DemoSound {
  /** Id passed as `sound_effect_id`. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
  /** Words that describe it; music beds have `music` and `loop`. */
  readonly tags: readonly string[];
  /** Its length, in seconds. */
  readonly durationSeconds: number;
  /** Makes the sound. */
  readonly make: () => SoundBuffer;
}

/** Every sound of the demo library: the effects, then the music beds. */
export const DEMO_SOUNDS: readonly DemoSound[] = [...DEMO_EFFECTS, ...DEMO_MUSIC_BEDS];

/** The tag every music bed of the library carries. */
export const MUSIC_BED_TAG = "music";

/** Where a demo sound is stored. */
export function demoSoundKey(id: string): string {
  return `demo/sounds/${id}.wav`;
}

// Each sound is made once per process: they never change, and every host started in one
// process (tests start many) stores the same bytes.
const made = new WeakMap<DemoSound, Uint8Array>();

/**
 * The WAV file of one demo sound, made on first use. Treat the bytes as read-only.
 *
 * @example
 * ```ts
 * const whoosh = DEMO_SOUNDS.find((sound) => sound.id === "whoosh");
 * if (whoosh !== undefined) demoSoundWav(whoosh).length; // 44 + 1.2 s at 44.1 kHz, 2 bytes a sample
 * ```
 */
export function demoSoundWav(sound: DemoSound): Uint8Array {
  let wav = made.get(sound);
  if (wav === undefined) {
    const buffer = sound.make();
    wav = pcm16Wav(buffer.samples, buffer.sampleRate);
    made.set(sound, wav);
  }
  return wav;
}

/**
 * Makes every demo sound, stores it, and answers the library as the workspace lists it
 * (their URLs those of the storage). Making all of them takes well under a second.
 *
 * @example
 * ```ts
 * const soundEffects = await storeDemoSounds(ports.mediaStorage);
 * const workspace = createStaticWorkspaceDirectory({ catalog, assets, soundEffects });
 * ```
 */
export async function storeDemoSounds(storage: MediaStorage): Promise<SoundEffect[]> {
  const stored: SoundEffect[] = [];
  for (const sound of DEMO_SOUNDS) {
    const object = await storage.put(demoSoundKey(sound.id), demoSoundWav(sound), {
      contentType: "audio/wav",
    });
    stored.push({
      id: sound.id,
      name: sound.name,
      url: object.url,
      durationSeconds: sound.durationSeconds,
      tags: [...sound.tags],
    });
  }
  return stored;
}
