/**
 * Resolving the sources of `add_sound_effect` before a batch is applied (spec 4.14): the
 * library sounds named by `sound_effect_id` and the My Media items named by `media_id`.
 * A reference that resolves to nothing is left out, so the engine rejects the batch with
 * `media_unresolved` (answered as 404) and names the operation.
 *
 * @module
 */
import type { MediaResolutions, ResolvedMedia } from "../../editor/providers.js";
import type { ServiceDependencies } from "../../ports/dependencies.js";
import type { MediaRecord } from "../../ports/records.js";
import type { AddSoundEffectOperation, EditOperation } from "../../schemas/edit-operations.js";
import { findCompletedMedia, positiveMetadataNumber } from "../my-media/my-media-lookup.js";
import type { Caller } from "../pipeline/authorize.js";

// A sound effect plays the audio of its source, so pictures cannot be one.
const PLAYABLE_MEDIA_TYPES: ReadonlySet<string> = new Set(["audio", "voice", "video"]);

function resolvedMediaItem(record: MediaRecord): ResolvedMedia {
  return {
    url: record.media.url,
    durationSeconds: positiveMetadataNumber(record.media.metadata, "duration_seconds"),
    name: record.media.filename,
    mediaId: record.media.id,
  };
}

async function librarySounds(
  deps: ServiceDependencies,
  ids: ReadonlySet<string>,
): Promise<Record<string, ResolvedMedia>> {
  const found: Record<string, ResolvedMedia> = {};
  if (ids.size === 0) return found;
  for (const effect of await deps.workspace.soundEffects()) {
    if (!ids.has(effect.id)) continue;
    found[effect.id] = {
      url: effect.url,
      durationSeconds: effect.durationSeconds,
      name: effect.name,
    };
  }
  return found;
}

async function playableMediaItems(
  deps: ServiceDependencies,
  caller: Caller,
  ids: ReadonlySet<string>,
): Promise<Record<string, ResolvedMedia>> {
  const found: Record<string, ResolvedMedia> = {};
  for (const id of ids) {
    const record = await findCompletedMedia(deps, caller, id);
    if (record !== undefined && PLAYABLE_MEDIA_TYPES.has(record.media.media_type)) {
      found[id] = resolvedMediaItem(record);
    }
  }
  return found;
}

/**
 * The media resolutions every `add_sound_effect` of `operations` needs. Direct `url`
 * sources need none: the engine uses them as they are, with an unknown length.
 */
export async function resolveSoundEffectSources(
  deps: ServiceDependencies,
  caller: Caller,
  operations: readonly EditOperation[],
): Promise<MediaResolutions> {
  const soundEffects = operations.filter(
    (operation): operation is AddSoundEffectOperation => operation.type === "add_sound_effect",
  );
  const libraryIds = new Set(soundEffects.flatMap((op) => op.sound_effect_id ?? []));
  const mediaIds = new Set(soundEffects.flatMap((op) => op.media_id ?? []));
  return {
    soundEffects: await librarySounds(deps, libraryIds),
    mediaItems: await playableMediaItems(deps, caller, mediaIds),
  };
}
